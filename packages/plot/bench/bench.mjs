// Figure rendering benchmark. Prints a table and writes bench/results/plot.json at the repo root.
// Target: 800×600 PNG of a 316×316 field with 10 contours and 30 field lines < 40 ms; SVG < 60 ms.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { laplaceFixture, pointChargesFixture, waveFixture } from '../dist/fixtures/index.js';
import { buildSolverScene, renderAnimationFrames, renderSolverFigure } from '../dist/index.js';
import { compileScene } from '../dist/render/compile.js';
import { encodePng, rasterize } from '../dist/render/png.js';

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, '../../../bench/results');

async function time(fn, { warmup = 5, runs = 30 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(runs / 2)], p95: ms[Math.floor(runs * 0.95)], min: ms[0] };
}

const nC = 1e-9;
const box = { x_min: -1, x_max: 1, y_min: -1, y_max: 1 };
const charges = [
  { x: -0.5, y: 0.2, q: 2 * nC },
  { x: 0.4, y: -0.1, q: -nC },
  { x: 0.1, y: 0.6, q: nC },
  { x: -0.2, y: -0.6, q: -1.5 * nC },
];
const pc = pointChargesFixture(charges, box, 316, 30, 10);
// equipotentials left out: the figure computes its own 10 contours from the 316×316 potential, inside the timing
const target = { params: pc.params, output: { ...pc.output, equipotentials: [] } };
const opts = { width: 800, height: 600, contour_levels: 10 };
const lines = target.output.field_lines.length;

const rows = [];
async function row(name, fn, budget, runs) {
  const r = await time(fn, runs ? { runs } : undefined);
  rows.push({ name, ...r, budget: budget ?? null, pass: budget ? r.median < budget : null });
}

await row(
  'point_charges 316² · 10 contours · 30 lines → PNG 800×600',
  () => renderSolverFigure('point_charges', target.params, target.output, opts, 'png'),
  40,
);
await row(
  'point_charges 316² · 10 contours · 30 lines → SVG',
  () => renderSolverFigure('point_charges', target.params, target.output, opts, 'svg'),
  60,
);

// where the PNG time goes
const scene = buildSolverScene('point_charges', target.params, target.output, opts);
await row('  phase: build scene (contours, norms)', () =>
  buildSolverScene('point_charges', target.params, target.output, opts),
);
const list = compileScene(scene, 'png');
await row('  phase: compile (layout, colormap 316²)', () => compileScene(scene, 'png'));
const canvas = rasterize(list);
await row('  phase: rasterize (skia)', () => rasterize(list));
await row('  phase: encode PNG with sharp (chosen)', () => encodePng(canvas, 100));
await row('  phase: encode PNG with @napi-rs/canvas encode()', () => canvas.encode('png'));
await row('  phase: encode PNG with @napi-rs/canvas encodeSync()', () => canvas.encodeSync('png'));

const lap = laplaceFixture(316, 316, { top: 100, bottom: 0, left: 0, right: 50 });
await row('laplace2d 316² · contours · quiver → PNG', () =>
  renderSolverFigure('laplace2d', lap.params, lap.output, {}, 'png'),
);
const wave = waveFixture();
await row(
  'wave_1d 30 animation frames (640×360 PNG)',
  () => renderAnimationFrames(wave.params, wave.output, {}, { maxFrames: 30 }),
  undefined,
  5,
);

const pngBytes = (await renderSolverFigure('point_charges', target.params, target.output, opts, 'png'))
  .length;
const svgBytes = (await renderSolverFigure('point_charges', target.params, target.output, opts, 'svg'))
  .length;

const w = Math.max(...rows.map((r) => r.name.length));
console.log(`${'case'.padEnd(w)}  median ms    p95 ms  budget`);
for (const r of rows) {
  const budget = r.budget ? `${r.budget} ms ${r.pass ? 'PASS' : 'FAIL'}` : '';
  console.log(
    `${r.name.padEnd(w)}  ${r.median.toFixed(2).padStart(9)}  ${r.p95.toFixed(2).padStart(8)}  ${budget}`,
  );
}
console.log(
  `(field lines: ${lines}; PNG ${Math.round(pngBytes / 1024)} KB, SVG ${Math.round(svgBytes / 1024)} KB)`,
);

await mkdir(resultsDir, { recursive: true });
await writeFile(
  join(resultsDir, 'plot.json'),
  `${JSON.stringify({ package: '@faraday/plot', date: new Date().toISOString(), node: process.version, pngBytes, svgBytes, rows }, null, 2)}\n`,
);
if (rows.some((r) => r.pass === false))
  console.warn('WARNING: a figure missed its time budget (see the pass column).');
