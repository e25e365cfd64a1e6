import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const src = (pkg: string, entry = 'index.ts') =>
  fileURLToPath(new URL(`./packages/${pkg}/src/${entry}`, import.meta.url));
// A subpath entry comes before its package: the first alias that matches wins.
const alias = {
  '@faraday/physics/schemas': src('physics', 'schemas/index.ts'),
  '@faraday/contracts': src('contracts'),
  '@faraday/client': src('client'),
  '@faraday/server-kit': src('server-kit'),
  '@faraday/physics': src('physics'),
  '@faraday/plot': src('plot'),
};

// Every error answer a test provokes must be listed in its operation's OpenAPI document.
const documentedAnswers = 'test/support/documented-answers.ts';
// The integration and browser tests start built files; their lanes build them first.
const buildForLane = 'test/support/build-for-lane.ts';
const browserTests = ['test/e2e/**/*.test.ts', 'test/api-reference/docs-offline.test.ts'];
// The unit lane runs first, on every core.
const unitLane = { maxWorkers: '100%', sequence: { groupOrder: 0 } } as const;

/**
 * Three lanes, as vitest projects (README, "Tests"): `npm test` runs them all;
 * `npm run test:unit` runs the unit projects, `test:integration` and `test:browser` the others.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/not-run-reporter.ts'],
    projects: [
      {
        // Tests beside the code they test: they need no build and no server installed.
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts'],
          setupFiles: [documentedAnswers],
          // These tests keep no state from one file to the next (setup files still run for each),
          // so one module graph per worker serves them all: loading the same modules again for
          // every file took half the lane's time.
          isolate: false,
          ...unitLane,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // As the unit project: one module graph per worker (a fresh jsdom and module graph per
          // file cost a third of the lane); the setup file resets what the modules keep between tests.
          isolate: false,
          ...unitLane,
        },
      },
      {
        // The services over real sockets, databases and processes (the built solver worker too).
        extends: true,
        test: {
          name: 'integration',
          include: ['services/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...browserTests],
          setupFiles: [documentedAnswers],
          globalSetup: [buildForLane],
          // Most of these files wait on other processes (databases, solver threads, a restarted
          // backend), so one per core overlaps the waits; forks keep every file apart.
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Chromium against the whole platform and the API reference pages, one file at a time
        // (each starts the platform and a browser), after the other lanes.
        extends: true,
        test: {
          name: 'browser',
          include: browserTests,
          setupFiles: [documentedAnswers],
          globalSetup: [buildForLane],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          // Each page state a test checks is judged by axe in two languages at two widths
          // (test/support/browser.ts a11yInEveryView): a few seconds per state on a shared machine.
          testTimeout: 300_000,
          // A state polled for gets as long as a locator waits (20 s, browser-platform.ts), not
          // vitest's 1 s: on the shared machine a page can take longer than that to answer.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
