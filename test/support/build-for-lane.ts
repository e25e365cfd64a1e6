import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { findPart, requireAll } from './machine-parts.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Global setup of the integration and browser lanes: their tests start built files (the sim
 * service's solver worker, the services' `dist/main.js`, `scripts/start.mjs`), and the browser
 * tests serve the built web app. `tsc -b` builds only what changed; the web app is built only
 * where Chromium is there to look at it (or every part is required). The unit lane builds nothing.
 */
export default function buildForLane(project: TestProject): void {
  buildOnce('services and packages', ['npx', 'tsc', '-b']);
  const browserLane = project.name === 'browser';
  if (browserLane && (requireAll() || 'found' in findPart('chromium'))) {
    buildOnce('the web app', ['npm', 'run', 'build', '-w', '@faraday/web']);
  }
}

/**
 * Both lanes call this in one run, each with its own copy of this module: what was built is kept
 * on the process, so the second lane finds it done.
 */
const builtKey = Symbol.for('faraday.tests.built');
const shared = globalThis as { [builtKey]?: Set<string> };
shared[builtKey] ??= new Set<string>();
const built = shared[builtKey];

function buildOnce(what: string, command: string[]): void {
  if (built.has(what)) return;
  run(what, command);
  built.add(what);
}

function run(what: string, [command, ...args]: string[]): void {
  console.log(`building ${what} for the tests: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command!, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`building ${what} failed:\n${result.stdout}${result.stderr}${result.error ?? ''}`);
  }
}
