// What the web benchmarks share: the whole platform as `npm start` runs it (three services, fresh
// SQLite in a temporary folder) on free loopback ports, and a median.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

/**
 * Starts the platform with `env` on top of its defaults and waits until every service answers
 * /healthz. `stop()` ends it (Ctrl-C first, as a person would) and removes its data.
 */
export async function startPlatform(name, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `faraday-${name}-`));
  const [backend, ai, sim] = [await freePort(), await freePort(), await freePort()];
  const platform = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BACKEND_PORT: String(backend),
      AI_SERVICE_PORT: String(ai),
      SIM_SERVICE_PORT: String(sim),
      AI_SERVICE_URL: `http://127.0.0.1:${ai}`,
      SIM_SERVICE_URL: `http://127.0.0.1:${sim}`,
      SESSION_STORE_PATH: join(dataDir, 'gs.db'),
      GRAPH_RAG_RUNTIME_PATH: join(dataDir, 'rt.json'),
      VECTOR_STORE_PATH: join(dataDir, 'vs.json'),
      ...env,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    platform.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 1500));
    platform.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const port of [backend, ai, sim]) await waitFor(`http://127.0.0.1:${port}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${backend}`, stop };
}
