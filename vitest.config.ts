import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          include: [
            'test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'services/*/test/**/*.test.ts',
          ],
          // Every error answer a test provokes must be listed in its operation's OpenAPI document.
          setupFiles: ['test/support/documented-answers.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
