// Writes every figure (PNG and SVG), a few option variants and the wave animation to a folder with an
// index.html, so a person can look at them. Usage: node scripts/gallery.mjs [outDir]
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COULOMB_K, MU_0 } from '@faraday/physics';
import { auditExamples, edgeExamples, typicalExamples } from '../dist/fixtures/index.js';
import {
  metricDisplayName,
  renderAnimation,
  renderAnimationFrames,
  renderSolverFigure,
  renderSweepSummary,
  setCjkAvailabilityForTesting,
} from '../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? join(here, '../../../gallery'));
await mkdir(out, { recursive: true });

const entries = [];
async function figure(name, ex, options = {}) {
  const t0 = performance.now();
  const png = await renderSolverFigure(ex.solver, ex.params, ex.output, { ...ex.options, ...options }, 'png');
  const t1 = performance.now();
  const svg = await renderSolverFigure(ex.solver, ex.params, ex.output, { ...ex.options, ...options }, 'svg');
  await writeFile(join(out, `${name}.png`), png);
  await writeFile(join(out, `${name}.svg`), svg);
  entries.push({ name, ms: t1 - t0, kb: png.length / 1024 });
}

const typical = typicalExamples();
for (const ex of typical) await figure(ex.name, ex);
for (const ex of edgeExamples()) await figure(`edge-${ex.name}`, ex);

const byName = Object.fromEntries(typical.map((e) => [e.name, e]));
await figure('variant-laplace2d-jet-grid', byName.laplace2d, {
  colormap: 'jet',
  show_grid: true,
  title: 'Custom title & <escaped> text',
});
await figure('variant-point_charges-magma-nofield', byName['point_charges-dipole'], {
  colormap: 'magma',
  show_field: false,
});
await figure('variant-wire_field-linear', byName.wire_field, { scale: 'linear', colormap: 'turbo' });
await figure('variant-laplace2d-small', byName.laplace2d, { width: 400, height: 300 });
await figure('variant-laplace2d-hidpi', byName.laplace2d, { dpi: 200 });
await figure('variant-zh-point_charges', byName['point_charges-dipole'], { lang: 'zh' });
await figure('variant-zh-fresnel', byName['fresnel-air-glass'], { lang: 'zh', title: '菲涅耳公式（玻璃）' });
setCjkAvailabilityForTesting(false);
await figure('variant-zh-fallback-fresnel', byName['fresnel-air-glass'], {
  lang: 'zh',
  title: '菲涅耳公式（玻璃）',
});
setCjkAvailabilityForTesting(undefined);
// The figures an audit found blemished, in Chinese too (their English versions are edge cases).
for (const ex of auditExamples()) await figure(`variant-zh-${ex.name}`, ex, { lang: 'zh' });

// Sweep summaries from closed forms: one parameter, two parameters as curves, two as a heatmap.
async function summary(name, input) {
  await writeFile(join(out, `${name}.png`), await renderSweepSummary(input, {}, 'png'));
  await writeFile(join(out, `${name}.svg`), await renderSweepSummary(input, {}, 'svg'));
  await writeFile(join(out, `${name}-zh.png`), await renderSweepSummary(input, { lang: 'zh' }, 'png'));
  await writeFile(join(out, `${name}-zh.svg`), await renderSweepSummary(input, { lang: 'zh' }, 'svg'));
  entries.push({ name, ms: 0, kb: 0 }, { name: `${name}-zh`, ms: 0, kb: 0 });
}
// the titles as the backend writes them (its metric definitions read the same names file)
const titled = (solver, probe, metric) => {
  const { en, zh, unit } = metricDisplayName(solver, metric.name, probe);
  return { ...metric, unit, label: en, labels: { en, zh } };
};
const DEG = 180 / Math.PI;
const n2s = Array.from({ length: 15 }, (_, i) => 1.1 + 0.1 * i);
const rs = (n1, n2, ti) => {
  const ci = Math.cos(ti);
  const ct = Math.sqrt(1 - ((n1 / n2) * Math.sin(ti)) ** 2);
  return ((n1 * ci - n2 * ct) / (n1 * ci + n2 * ct)) ** 2;
};
await summary('sweep-summary-one-parameter', {
  solver: 'fresnel',
  x: { parameter: 'n2', unit: 'dimensionless', values: n2s },
  metrics: [
    { name: 'reflectance', values: [n2s.map((n) => rs(1, n, Math.PI / 4))] },
    { name: 'transmittance', values: [n2s.map((n) => 1 - rs(1, n, Math.PI / 4))] },
    { name: 'brewster_angle', values: [n2s.map((n) => Math.atan(n) * DEG)] },
  ].map((m) => titled('fresnel', null, m)),
});
const xs = Array.from({ length: 8 }, (_, i) => -0.5 + 0.1 * i);
const charges = [1e-9, 2e-9, 3e-9];
await summary('sweep-summary-two-parameters', {
  solver: 'point_charges',
  x: { parameter: 'charges[0].x', unit: 'm', values: xs },
  curves: { parameters: ['charges[0].q'], units: ['C'], values: charges.map((q) => [q]) },
  metrics: [
    {
      name: 'field_at_probe',
      values: charges.map((q) => xs.map((x) => (COULOMB_K * q) / (0.5 - x) ** 2)),
    },
    {
      name: 'potential_at_probe',
      values: charges.map((q) => xs.map((x) => (COULOMB_K * q) / (0.5 - x))),
    },
  ].map((m) => titled('point_charges', { x: 0.5, y: 0 }, m)),
});
const currents = Array.from({ length: 8 }, (_, i) => 0.5 + 0.5 * i);
const turns = Array.from({ length: 8 }, (_, i) => 50 + 50 * i);
// long-solenoid closed forms (L = 0.2 m, R = 0.02 m), under the solver's metric names
await summary('sweep-summary-heatmap', {
  solver: 'solenoid',
  x: { parameter: 'current', unit: 'A', values: currents },
  grid: { parameter: 'n_turns', unit: 'count', values: turns },
  metrics: [
    { name: 'field_inside', values: turns.map((n) => currents.map((i) => (MU_0 * n * i) / 0.2)) },
    {
      name: 'inductance',
      values: turns.map((n) => currents.map(() => (MU_0 * n * n * Math.PI * 0.02 ** 2) / 0.2)),
    },
  ].map((m) => titled('solenoid', null, m)),
});

const wave = byName.wave_1d;
const frames = await renderAnimationFrames(wave.params, wave.output, {}, { maxFrames: 12 });
for (const [i, f] of frames.entries())
  await writeFile(join(out, `anim-frame-${String(i).padStart(2, '0')}.png`), f.png);
await writeFile(
  join(out, 'anim-wave_1d.apng.png'),
  await renderAnimation(wave.params, wave.output, {}, { maxFrames: 40, fps: 12 }),
);
await writeFile(
  join(out, 'anim-wave_1d.gif'),
  await renderAnimation(wave.params, wave.output, {}, { maxFrames: 40, fps: 12, format: 'gif' }),
);

const cards = entries
  .map(
    (e) => `<figure><a href="${e.name}.png"><img src="${e.name}.png" loading="lazy"></a>
<figcaption>${e.name} — ${e.ms.toFixed(0)} ms, ${e.kb.toFixed(0)} KB · <a href="${e.name}.svg">svg</a></figcaption></figure>`,
  )
  .join('\n');
const frameImgs = frames
  .map((_, i) => `<img src="anim-frame-${String(i).padStart(2, '0')}.png" width="320">`)
  .join('');
await writeFile(
  join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Faraday figures</title>
<style>body{font-family:sans-serif;margin:20px}figure{display:inline-block;margin:8px;width:420px;vertical-align:top}img{width:100%;border:1px solid #ddd}</style>
<h1>Faraday figure gallery</h1>
${cards}
<h2>wave_1d animation</h2><p><img src="anim-wave_1d.apng.png" width="640"> <img src="anim-wave_1d.gif" width="640"></p>
<p>${frameImgs}</p>`,
);
console.log(`${entries.length} figures written to ${out}`);
for (const e of entries)
  console.log(`${e.name.padEnd(42)} ${e.ms.toFixed(1).padStart(7)} ms ${e.kb.toFixed(0).padStart(6)} KB`);
