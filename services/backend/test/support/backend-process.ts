import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../../../../test/support/platform.js';
import type { DatabaseTarget } from '../../src/db/database-target.js';
import { TEST_SERVICE_TOKEN } from './app.js';

/** The compiled backend, as `npm start` runs it (`tsc -b` first). */
export const BACKEND_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface BackendProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function databaseUrlOf(target: DatabaseTarget): string {
  return target.dialect === 'sqlite' ? `sqlite:${target.file}` : target.url;
}

/** Starts a real backend process on a free port and waits until it answers /readyz. */
export async function spawnBackend(env: Record<string, string>): Promise<BackendProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [BACKEND_MAIN], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      BACKEND_PORT: String(port),
      LOG_LEVEL: 'warn',
      AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const failed = exited.then((code) => {
    throw new Error(`backend exited (${code}) before it was ready: ${output}`);
  });
  await Promise.race([waitForHealth(`${url}/readyz`), failed]);
  failed.catch(() => {});
  return { url, child, output: () => output, exited };
}
