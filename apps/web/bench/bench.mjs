// Web application speed: the initial JavaScript a first visit downloads (gzipped), and the time from
// navigation to the course list's data being visible, median of 10 loads in headless Chromium on
// loopback against the real platform (npm start's three services, fresh SQLite). Not a test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { report } from '../../../bench/report.mjs';
import { median, root, startPlatform } from './platform.mjs';

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

const js = initialJavaScript();
const { base, stop } = await startPlatform('web-bench');
let browser;
try {
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
    // Signed in as the web app signs in: its session cookie goes into this context.
    await context.request.post('/api/v1/auth/login', {
      headers: { origin: base },
      data: { username: 'teacher', password: 'teacher123', browser_session: true },
    });
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
  await stop();
}
