// Simulation lab speed: from clicking "Run" on laplace2d at 316 × 316 to the new figure decoded and
// painted, median of 10 runs in headless Chromium on loopback against the real platform (npm
// start's three services, fresh SQLite), beside the server-side solver and render times the run's
// metadata reports. Not a test.
import { chromium } from 'playwright-core';
import { report } from '../../../bench/report.mjs';
import { median, startPlatform } from './platform.mjs';

const RUNS = 10;
const SIZE = 316;

const { base, stop } = await startPlatform('lab-bench', { SIM_RATE_LIMIT_PER_MINUTE: '100' });
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  // Signed in as the web app signs in: its session cookie goes into this context.
  await context.request.post('/api/v1/auth/login', {
    headers: { origin: base },
    data: { username: 'student', password: 'student123', browser_session: true },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto('/lab/laplace2d');
  await page.getByLabel(/^Points along x/).fill(String(SIZE));
  await page.getByLabel(/^Points along y/).fill(String(SIZE));

  const rows = [];
  for (let i = 0; i <= RUNS; i++) {
    // A different top potential each time, so each run draws a different figure.
    await page.getByLabel(/^Top potential/).fill(String(100 + i));
    // The lab asks for a lighter answer form (`?arrays=float32`), so match the path, not the URL.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/sim/laplace2d');
    // Timed inside the page: the click, then the <img> showing a new figure, decoded, and the
    // next frame painted with it.
    const clickToFigure = page.evaluate(
      () =>
        new Promise((resolve) => {
          const before = document.querySelector('[data-testid="figure"]')?.getAttribute('src') ?? null;
          const button = [...document.querySelectorAll('form button[type="submit"]')][0];
          const started = performance.now();
          button.click();
          const poll = () => {
            const img = document.querySelector('[data-testid="figure"]');
            const src = img?.getAttribute('src') ?? null;
            if (img && src !== before) {
              img
                .decode()
                .then(() =>
                  requestAnimationFrame(() =>
                    requestAnimationFrame(() => resolve(performance.now() - started)),
                  ),
                );
            } else requestAnimationFrame(poll);
          };
          poll();
        }),
    );
    const [ms, response] = await Promise.all([clickToFigure, answer]);
    const body = await response.body();
    const { metadata } = JSON.parse(body.toString()).data;
    // Bytes as they crossed the wire (compressed when the browser's Accept-Encoding got it so).
    const { responseBodySize } = await response.request().sizes();
    // The first run warms the solver's thread and the page's chunks.
    if (i > 0) {
      rows.push({
        clickToFigureMs: ms,
        computationMs: metadata.computation_time * 1000,
        renderMs: metadata.render_time * 1000,
        responseBytes: body.length,
        wireBytes: responseBodySize,
      });
    }
    await page.waitForTimeout(200);
  }
  const m = (key) => +median(rows.map((r) => r[key])).toFixed(0);
  report(
    'Web lab',
    [
      {
        case: `laplace2d ${SIZE}×${SIZE}: click Run → figure drawn, median of ${RUNS} (ms)`,
        value: m('clickToFigureMs'),
      },
      { case: 'server: solver computation_time, median (ms)', value: m('computationMs') },
      { case: 'server: figure render_time (PNG + SVG), median (ms)', value: m('renderMs') },
      {
        case: 'the rest: transport, JSON, recording, decode and paint, median (ms)',
        value: +median(rows.map((r) => r.clickToFigureMs - r.computationMs - r.renderMs)).toFixed(0),
      },
      { case: 'response size (MB)', value: +(median(rows.map((r) => r.responseBytes)) / 1e6).toFixed(2) },
      { case: 'response on the wire (MB)', value: +(median(rows.map((r) => r.wireBytes)) / 1e6).toFixed(2) },
    ],
    { runs: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v)]))) },
  );
} finally {
  await browser?.close();
  await stop();
}
