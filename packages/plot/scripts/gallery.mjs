// Writes every figure (PNG and SVG), a few option variants and the wave animation to a folder with an
// index.html, so a person can look at them. Usage: node scripts/gallery.mjs [outDir]
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { edgeExamples, typicalExamples } from '../dist/fixtures/index.js';
import {
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

const q = Array.from({ length: 11 }, (_, i) => (i - 5) * 1e-9);
const sweep = {
  parameter: 'charges[0].q',
  values: q,
  metrics: {
    electric_flux: q.map((v) => v / 8.854e-12),
    relative_error: q.map((_, i) => 1e-7 * (1 + (i % 3))),
    computation_time: q.map((_, i) => 0.01 + 0.002 * i),
  },
};
await writeFile(join(out, 'sweep-summary.png'), await renderSweepSummary(sweep, {}, 'png'));
await writeFile(join(out, 'sweep-summary.svg'), await renderSweepSummary(sweep, {}, 'svg'));
entries.push({ name: 'sweep-summary', ms: 0, kb: 0 });

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
