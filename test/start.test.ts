import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root, waitForHealth } from './support/platform.js';

async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return true;
  } catch {
    return false;
  }
}

describe('npm start launcher', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'faraday-start-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts all three services with prefixed logs and stops them all on SIGINT', async () => {
    const [backend, ai, sim] = [await freePort(), await freePort(), await freePort()];
    let output = '';
    child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        BACKEND_PORT: String(backend),
        AI_SERVICE_PORT: String(ai),
        SIM_SERVICE_PORT: String(sim),
        AI_SERVICE_URL: `http://127.0.0.1:${ai}`,
        SIM_SERVICE_URL: `http://127.0.0.1:${sim}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await waitForHealth(`http://127.0.0.1:${backend}/healthz`, 30_000)).toEqual({
      success: true,
      data: { status: 'ok' },
    });
    await waitForHealth(`http://127.0.0.1:${ai}/healthz`, 30_000);
    await waitForHealth(`http://127.0.0.1:${sim}/healthz`, 30_000);

    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const port of [backend, ai, sim]) expect(await isListening(port)).toBe(false);
    for (const name of ['backend', 'ai', 'sim']) expect(output).toContain(`[${name}]`);
    expect(output).toContain('shutting down');
  }, 60_000);
});
