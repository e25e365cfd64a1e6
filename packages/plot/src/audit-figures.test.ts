import { describe, expect, it } from 'vitest';
import { colormapLut, lutLightness } from './colormaps.js';
import { pathScaleOf } from './figures/circle-law.js';
import { auditExamples } from './fixtures/index.js';
import { buildSolverScene } from './index.js';
import { autoNorm, normalizer } from './norm.js';
import { compileScene } from './render/compile.js';
import { textWidth } from './render/measure.js';
import type { Primitive, TextPrim } from './render/primitives.js';
import type { ImageLayer, Layer, SeriesLayer } from './scene.js';

/** The blemishes an audit found, each read back from the figure that had it. */

function example(name: string) {
  const ex = auditExamples().find((e) => e.name === name);
  if (!ex) throw new Error(`no example ${name}`);
  return ex;
}

function sceneOf(name: string, options: Record<string, unknown> = {}) {
  const ex = example(name);
  return { ex, scene: buildSolverScene(ex.solver, ex.params, ex.output, { ...ex.options, ...options }) };
}

function texts(items: Primitive[]): TextPrim[] {
  return items.flatMap((p) => (p.kind === 'group' ? texts(p.children) : p.kind === 'text' ? [p] : []));
}

function layers(name: string, options: Record<string, unknown> = {}): Layer[] {
  return sceneOf(name, options).scene.panels.flatMap((p) => p.layers);
}

/** The spread of the normalized colours of an image: 5th to 95th percentile of norm(v). */
function colourSpread(layer: ImageLayer): number {
  const f = normalizer(layer.norm);
  const t = Array.from(layer.grid.data as ArrayLike<number>, (v) => f(Number(v)))
    .filter(Number.isFinite)
    .map((v) => Math.min(1, Math.max(0, v)))
    .sort((a, b) => a - b);
  return t[Math.floor(0.95 * (t.length - 1))]! - t[Math.floor(0.05 * (t.length - 1))]!;
}

describe('figures the audit found blemished', () => {
  it.each(['en', 'zh'])('a picometre solenoid keeps every tick label inside the canvas (%s)', (lang) => {
    const { scene } = sceneOf('solenoid-picometre', { lang });
    const list = compileScene(scene, 'svg');
    const labels = texts(list.items).filter((t) => /10⁻¹²/.test(t.text));
    expect(labels.length).toBeGreaterThan(0);
    for (const t of labels) {
      const w = textWidth(t.text, t.size);
      const left = t.align === 'left' ? t.x : t.align === 'right' ? t.x - w : t.x - w / 2;
      expect(left, t.text).toBeGreaterThanOrEqual(0);
      expect(left + w, t.text).toBeLessThanOrEqual(list.width);
    }
  });

  it('a wire at 0.999 R: the ring colours come from the data range, not a washed-out linear scale', () => {
    const path = layers('ampere_loop-wire-at-0.999R').find((l) => l.type === 'colored-path');
    if (path?.type !== 'colored-path') throw new Error('no coloured loop');
    expect(path.norm.kind).toBe('symlog');
    const values = Array.from(path.values as ArrayLike<number>, Number).sort((a, b) => a - b);
    // the scale spans the data: B·t̂ is positive all round (the wire is inside)
    expect(path.norm.vmin).toBe(values[0]);
    expect(path.norm.vmax).toBe(values.at(-1));
    // On the circle, a wire on (or all but on) it gives B·t̂ = μ0I/(4πR) everywhere but beside it:
    // the ring's typical value. The linear symmetric scale put it at the white middle of its
    // diverging map; now it has a colour of its own, far from white.
    const median = values[Math.floor(values.length / 2)]!;
    const old = normalizer(autoNorm(values, 'linear', { symmetric: true }));
    expect(Math.abs(old(median) - 0.5)).toBeLessThan(0.01);
    expect(lutLightness(colormapLut(path.cmap), normalizer(path.norm)(median))).toBeLessThan(0.5);
  });

  it('a loop without a source near it keeps its linear diverging scale', () => {
    const values = Array.from({ length: 90 }, (_, k) => Math.cos((2 * Math.PI * k) / 90));
    expect(pathScaleOf(values)).toEqual({
      norm: { kind: 'linear', vmin: -1, vmax: 1 },
      cmap: 'coolwarm',
    });
    // a spike of both signs: symmetric-log centred on zero
    const spiky = values.map((v, k) => (k === 0 ? 5000 : v));
    expect(pathScaleOf(spiky).norm).toMatchObject({ kind: 'symlog', vmin: -5000, vmax: 5000 });
  });

  it('unpolarized Fresnel draws the (Rs + Rp)/2 curve the marker sits on', () => {
    const { ex } = sceneOf('fresnel-unpolarized');
    const series = layers('fresnel-unpolarized').filter((l): l is SeriesLayer => l.type === 'series');
    const mean = series.find((s) => /\(Rs \+ Rp\)\/2/.test(s.legend?.text ?? ''));
    expect(mean).toBeDefined();
    const rs = series.find((s) => /^Rs/.test(s.legend?.text ?? ''))!;
    const rp = series.find((s) => /^Rp/.test(s.legend?.text ?? ''))!;
    const out = ex.output as { single_angle: { theta_i: number; reflectance: number } };
    // the mean curve at θi is the marker's value, and it is the mean of the drawn s and p curves
    const at = (s: SeriesLayer, x: number) => {
      const xs = Array.from(s.x as ArrayLike<number>);
      const k = xs.findIndex((v) => Math.abs(v - x) < 1e-9);
      return Number((s.y as ArrayLike<number>)[k]);
    };
    expect(at(mean!, 60)).toBeCloseTo(out.single_angle.reflectance, 12);
    expect(at(mean!, 60)).toBeCloseTo((at(rs, 60) + at(rp, 60)) / 2, 12);
    const zh = sceneOf('fresnel-unpolarized', { lang: 'zh' }).scene.panels[0]!.layers;
    expect(zh.some((l) => l.type === 'series' && l.legend?.text === 'R 非偏振 = (Rs + Rp)/2')).toBe(true);
  });

  it('like charges: the potential map spreads its colours over the data range', () => {
    const image = layers('point_charges-like').find((l): l is ImageLayer => l.type === 'image')!;
    // one sign only: no diverging map centred on a zero the data never reaches
    expect(image.cmap).toBe('viridis');
    expect(image.norm.vmin).toBeGreaterThan(0);
    expect(colourSpread(image)).toBeGreaterThan(0.5);
    // the diverging, zero-centred scale it had used a sliver of the map
    const old = autoNorm(image.grid.data as ArrayLike<number>, 'symlog', {
      robust: true,
      symmetric: true,
      decades: 3,
    });
    expect(colourSpread({ ...image, norm: old })).toBeLessThan(0.25);
  });

  it('a dipole keeps its diverging map centred on V = 0', () => {
    const { scene } = (() => {
      const ex = auditExamples().find((e) => e.name === 'point_charges-like')!;
      const params = ex.params as { charges: { x: number; y: number; q: number }[] };
      const dipole = { ...params, charges: [params.charges[0]!, { ...params.charges[1]!, q: -1e-9 }] };
      const output = {
        ...(ex.output as object),
        potential: (() => {
          const V = (ex.output as { potential: { nx: number; ny: number; data: Float64Array } }).potential;
          // an odd potential: the left half positive, the right half negative
          const data = V.data.map((v, k) => (k % V.nx < V.nx / 2 ? v : -v));
          return { ...V, data };
        })(),
      };
      return { scene: buildSolverScene('point_charges', dipole as never, output as never, {}) };
    })();
    const image = scene.panels[0]!.layers.find((l): l is ImageLayer => l.type === 'image')!;
    expect(image.cmap).toBe('RdBu_r');
    expect(image.norm.vmin).toBe(-image.norm.vmax);
  });

  it.each([
    ['en', /^space–time map of E from t = [\d.]+ ns/],
    ['zh', /^E 的时空图，自 .*t = [\d.]+ ns/],
  ])('a wave record that starts after t = 0 says where its time axis starts (%s)', (lang, title) => {
    const { scene } = sceneOf('wave_1d-pulse', { lang });
    const map = scene.panels[0]!;
    expect(map.y.min).toBeGreaterThan(0);
    expect(map.title?.text).toMatch(title);
    expect(map.title?.text).toContain(`${Number(map.y.min.toPrecision(3))}`.slice(0, 3));
  });
});
