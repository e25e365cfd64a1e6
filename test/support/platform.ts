import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls a health check until it answers 2xx (vitest's vi.waitFor), and gives its JSON body. */
export function waitForHealth(url: string, timeoutMs = 60_000): Promise<unknown> {
  return vi.waitFor(
    async () => {
      const res = await fetch(url).catch((error: unknown) => {
        throw new Error(`${url} is not listening yet: ${String(error)}`);
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json();
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

export interface Platform {
  baseUrl: string;
  dataDir: string;
  ports: { backend: number; ai: number; sim: number };
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The whole platform as `npm start` runs it (scripts/start.mjs: backend, AI and sim services),
 * on free ports with a fresh SQLite database in a temporary DATA_DIR.
 */
export async function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'faraday-platform-'));
  const ports = { backend: await freePort(), ai: await freePort(), sim: await freePort() };
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      BACKEND_PORT: String(ports.backend),
      AI_SERVICE_PORT: String(ports.ai),
      SIM_SERVICE_PORT: String(ports.sim),
      AI_SERVICE_URL: `http://127.0.0.1:${ports.ai}`,
      SIM_SERVICE_URL: `http://127.0.0.1:${ports.sim}`,
      SESSION_STORE_PATH: join(dataDir, 'guided-sessions.db'),
      GRAPH_RAG_RUNTIME_PATH: join(dataDir, 'rag-runtime-index.json'),
      VECTOR_STORE_PATH: join(dataDir, 'vector-store.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const port of [ports.backend, ports.ai, ports.sim]) {
      await waitForHealth(`http://127.0.0.1:${port}/healthz`);
    }
  } catch (error) {
    await stop();
    throw new Error(`the platform did not start: ${String(error)}\n${output.slice(-3000)}`);
  }
  return { baseUrl: `http://127.0.0.1:${ports.backend}`, dataDir, ports, output: () => output, stop };
}
