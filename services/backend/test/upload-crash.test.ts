import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, root, waitForHealth } from '../../../test/support/platform.js';
import { TEST_SERVICE_TOKEN } from './support/app.js';

/**
 * A backend killed (SIGKILL) in the middle of an upload leaves its temporary file
 * in the blob store's tmp/ folder; the next start removes it once it is older than the longest
 * possible upload, and leaves alone a temporary file that may still be written. A real process
 * from dist, a real upload over a socket, a real kill.
 */

const UPLOAD_TIMEOUT_SEC = 10;

describe('temporary upload files after a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'faraday-upload-crash-'));
  const tmpFolder = join(dataDir, 'blobs', 'tmp');
  let child: ChildProcess | undefined;
  let output = '';

  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startBackend(port: number): Promise<void> {
    child = spawn(process.execPath, [join(root, 'services/backend/dist/main.js')], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        BACKEND_PORT: String(port),
        BCRYPT_COST: '4',
        LOG_LEVEL: 'info',
        UPLOAD_TIMEOUT_SEC: String(UPLOAD_TIMEOUT_SEC),
        AI_SERVICE_URL: 'http://127.0.0.1:9',
        SIM_SERVICE_URL: 'http://127.0.0.1:9',
        AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitForHealth(`http://127.0.0.1:${port}/healthz`);
  }

  async function api(port: number, path: string, body: unknown, token?: string) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: Record<string, string> };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  const tmpFiles = () => (existsSync(tmpFolder) ? readdirSync(tmpFolder) : []);

  it('removes what a killed upload left in tmp/ at the next start, and only that', async () => {
    const port = await freePort();
    await startBackend(port);
    const { access_token: token } = await api(port, '/api/v1/auth/login', {
      username: 'teacher',
      password: 'teacher123',
    });
    const course = await api(
      port,
      '/api/v1/courses',
      { name: 'Crash course', code: 'CRASH1', semester: '2026-2027-1' },
      token,
    );

    // A 50 MB upload of which only the first 8 MB ever arrive.
    const boundary = 'crashboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nlecture\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const upload = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/courses/${course.id}/resources`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 50 * 1024 * 1024),
      },
    });
    upload.on('error', () => undefined); // the server dies under it
    upload.write(head);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    for (let i = 0; i < 8; i++) {
      if (!upload.write(chunk)) await once(upload, 'drain');
    }
    // Wait until the server has written a good part of it to its temporary file.
    await vi.waitFor(
      () => {
        const sizes = tmpFiles().map((name) => statSync(join(tmpFolder, name)).size);
        expect(Math.max(0, ...sizes)).toBeGreaterThanOrEqual(4 * 1024 * 1024);
      },
      { timeout: 20_000, interval: 50 },
    );
    child?.kill('SIGKILL');
    await once(child as ChildProcess, 'exit');
    upload.destroy();

    const leftovers = tmpFiles();
    expect(leftovers).toHaveLength(1);
    const orphan = join(tmpFolder, leftovers[0] as string);
    expect(statSync(orphan).size).toBeGreaterThanOrEqual(4 * 1024 * 1024);

    // The kill happened "long ago": more than the upload limit (plus its margin) before the
    // restart. A file written just now stands for a live upload of another instance.
    const longAgo = new Date(Date.now() - (UPLOAD_TIMEOUT_SEC + 120) * 1000);
    utimesSync(orphan, longAgo, longAgo);
    const live = join(tmpFolder, 'live-upload-of-another-instance');
    writeFileSync(live, 'still arriving');

    output = '';
    await startBackend(port);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(output).toContain('removed temporary upload files left by an interrupted upload');
    // The resource was never created.
    const list = await fetch(`http://127.0.0.1:${port}/api/v1/courses/${course.id}/resources`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await list.json()) as { data: { resources: unknown[] } }).data.resources).toEqual([]);
  });
});
