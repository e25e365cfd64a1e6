// Web application speed: the initial JavaScript a first visit downloads (gzipped), and the time from
// navigation to the course list's data being visible, median of 10 loads in headless Chromium on
// loopback against the real platform (npm start's three services, fresh SQLite). Not a test.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { report } from '../../../bench/report.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dist = join(root, 'apps/web/dist');

function initialJavaScript() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = files.map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { files: sizes, gzipTotal: sizes.reduce((sum, s) => sum + s.gzip, 0) };
}

const freePort = () =>
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const js = initialJavaScript();
const dataDir = mkdtempSync(join(tmpdir(), 'faraday-web-bench-'));
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
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${backend}`;
let browser;
try {
  await waitFor(`${base}/healthz`);
  const login = await (
    await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher', password: 'teacher123' }),
    })
  ).json();
  const token = login.data.access_token;
  for (let i = 0; i < 30; i++) {
    await fetch(`${base}/api/v1/courses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Bench course ${i}`, code: `BENCH-${i}`, semester: '2026-2027-1' }),
    });
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const times = [];
  for (let i = 0; i < 11; i++) {
    // A fresh context each time: nothing cached, as a first visit.
    const context = await browser.newContext({ baseURL: base });
    await context.addInitScript((t) => {
      sessionStorage.setItem('faraday.token', t);
      sessionStorage.setItem('faraday.mustChange', '0');
    }, token);
    const page = await context.newPage();
    await page.goto('/courses', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Bench course 29' }).waitFor();
    const ms = await page.evaluate(() => performance.now());
    if (i > 0) times.push(ms); // the first load warms the server's file cache
    await context.close();
  }
  report(
    'Web app',
    [
      { case: 'initial JavaScript, gzipped (kB)', value: +(js.gzipTotal / 1024).toFixed(1), budget: 200 },
      { case: 'course list visible, median of 10 (ms)', value: +median(times).toFixed(0), budget: 1000 },
      { case: 'course list visible, slowest of 10 (ms)', value: +Math.max(...times).toFixed(0), budget: '' },
    ],
    { initialFiles: js.files, loadTimesMs: times.map((t) => Math.round(t)) },
  );
} finally {
  await browser?.close();
  platform.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 1500));
  platform.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
