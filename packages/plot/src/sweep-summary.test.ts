import { COULOMB_K } from '@faraday/physics';
import { describe, expect, it } from 'vitest';
import {
  HEATMAP_MIN_VALUES,
  metricLabel,
  parameterLabel,
  type SweepSummaryInput,
  withUnit,
} from './figures/sweep-summary.js';
import { resolveOptions, sweepSummaryScene } from './index.js';
import { compileScene } from './render/compile.js';
import { MIN_COLORBAR_TICKS } from './render/layout.js';
import type { Primitive, TextPrim } from './render/primitives.js';
import type { SeriesLayer } from './scene.js';

/** Sweep summary figures read on their own: units on every axis, a legend per curve, heatmaps. */

const qs = [1, 2, 3, 4, 5].map((n) => n * 1e-9);
const distances = [0.1, 0.2, 0.4];

function texts(items: Primitive[]): string[] {
  return items.flatMap((p) =>
    p.kind === 'group' ? texts(p.children) : p.kind === 'text' ? [(p as TextPrim).text] : [],
  );
}

function compiled(input: SweepSummaryInput) {
  const scene = sweepSummaryScene(input, resolveOptions({}));
  return { scene, list: compileScene(scene, 'svg') };
}

describe('sweep summary figures', () => {
  it('one parameter: the closed-form values are drawn as given, both axes carry units', () => {
    const field = qs.map((q) => (COULOMB_K * q) / 0.5 ** 2);
    const { scene, list } = compiled({
      x: { parameter: 'charges[0].q', unit: 'C', values: qs },
      metrics: [{ name: 'field_at_probe', label: '|E| at (0.5, 0) m', unit: 'V/m', values: [field] }],
    });
    const series = scene.panels[0]!.layers.find((l): l is SeriesLayer => l.type === 'series')!;
    expect(Array.from(series.y)).toEqual(field);
    const words = texts(list.items);
    expect(words).toContain('charge q1 (C)');
    expect(words).toContain('|E| at the probe (V/m)');
    expect(words).toContain('|E| at (0.5, 0) m');
  });

  it('two parameters: one labelled curve per value of the second, with a legend', () => {
    const rows = distances.map((d) => qs.map((q) => (COULOMB_K * q) / d ** 2));
    const labels = distances.map((d) => `probe.x = ${d} m`);
    const { scene, list } = compiled({
      x: { parameter: 'charges[0].q', unit: 'C', values: qs },
      curves: { labels, parameters: ['charges[0].x'] },
      metrics: [
        { name: 'field_at_probe', label: '|E| at the probe', unit: 'V/m', values: rows },
        {
          name: 'potential_at_probe',
          label: 'V at the probe',
          unit: 'V',
          values: rows.map((r, i) => r.map((e) => e * distances[i]!)),
        },
      ],
    });
    expect(scene.title?.text).toBe('Parameter sweep over charge q1 and x of charge 1');
    const series = scene.panels[0]!.layers.filter((l): l is SeriesLayer => l.type === 'series');
    expect(series).toHaveLength(3);
    expect(series.map((s) => s.legend?.text)).toEqual(labels);
    expect(new Set(series.map((s) => s.color)).size).toBe(3);
    for (const [i, s] of series.entries()) expect(Array.from(s.y)).toEqual(rows[i]);
    const words = texts(list.items);
    // the legend is drawn once (first panel), every label of it
    for (const l of labels) expect(words.filter((w) => w === l)).toHaveLength(1);
    expect(words).toContain('V at the probe (V)');
  });

  it('two parameters with more than six values each: a heatmap per metric with a unit colour bar', () => {
    const n = HEATMAP_MIN_VALUES + 1;
    const I = Array.from({ length: n }, (_, i) => 0.5 + i * 0.5);
    const N = Array.from({ length: n }, (_, i) => 50 + i * 50);
    const mu0 = 4e-7 * Math.PI;
    // long-solenoid field μ0 N I / L for L = 0.2 m: rows follow the second parameter (N)
    const B = N.map((turns) => I.map((i) => (mu0 * turns * i) / 0.2));
    const { scene, list } = compiled({
      x: { parameter: 'current', unit: 'A', values: I },
      grid: { parameter: 'n_turns', unit: 'count', values: N },
      metrics: [{ name: 'field_inside', label: 'B at the centre', unit: 'T', values: B }],
    });
    const image = scene.panels[0]!.layers.find((l) => l.type === 'image');
    expect(image?.type).toBe('image');
    if (image?.type !== 'image') return;
    // top row is the largest n_turns, last column the largest current
    expect(image.grid.data[n - 1]).toBeCloseTo(B[n - 1]![n - 1]!, 15);
    expect(image.grid.data[(n - 1) * n]).toBeCloseTo(B[0]![0]!, 15);
    const words = texts(list.items);
    expect(words).toContain('current I (A)');
    expect(words).toContain('turns N');
    expect(words).toContain('B at the centre (T)');
    expect(list.panels[0]!.colorbars[0]!.ticks.values.length).toBeGreaterThanOrEqual(MIN_COLORBAR_TICKS);
  });

  it('a heatmap over ranges that run downwards still puts the largest values top right', () => {
    const n = HEATMAP_MIN_VALUES;
    const down = Array.from({ length: n }, (_, i) => n - i); // n … 1
    const up = Array.from({ length: n }, (_, i) => i + 1);
    // metric = x + 10·y, rows follow the grid parameter's own (descending) order
    const values = down.map((y) => up.map((x) => x + 10 * y));
    const { scene } = compiled({
      x: { parameter: 'a', unit: 'm', values: up },
      grid: { parameter: 'b', unit: 'm', values: down },
      metrics: [{ name: 'm', label: 'm', unit: 'V', values }],
    });
    const image = scene.panels[0]!.layers.find((l) => l.type === 'image');
    if (image?.type !== 'image') throw new Error('no heatmap');
    expect(image.extent).toEqual({ x_min: 1, x_max: n, y_min: 1, y_max: n });
    expect(image.grid.data[n - 1]).toBe(n + 10 * n); // top right: largest x and y
    expect(image.grid.data[(n - 1) * n]).toBe(1 + 10); // bottom left
  });

  it('names parameters and metrics for readers in English and Chinese, API names only when unknown', () => {
    const en = resolveOptions({});
    const zh = resolveOptions({ lang: 'zh' });
    expect(parameterLabel(en, 'charges[2].x', 'm').text).toBe('x of charge 3 (m)');
    expect(parameterLabel(zh, 'charges[2].x', 'm')).toEqual({
      text: '电荷 3 的 x (m)',
      fallback: 'x of charge 3 (m)',
    });
    expect(parameterLabel(en, 'wires[0].current', 'A').text).toBe('current I1 (A)');
    expect(parameterLabel(en, 'n_turns', 'count').text).toBe('turns N');
    expect(parameterLabel(en, 'something_new', 'm').text).toBe('something_new (m)');
    expect(metricLabel(en, 'field_at_probe', 'V/m').text).toBe('|E| at the probe (V/m)');
    expect(metricLabel(en, 'field_at_probe', 'T').text).toBe('|B| at the probe (T)');
    expect(metricLabel(zh, 'field_at_probe', 'T').text).toBe('探针处的 |B| (T)');
    expect(metricLabel(en, 'reflectance', 'dimensionless').text).toBe('Reflectance R at θᵢ');
    expect(metricLabel(en, 'field_at_probe', 'V/m', 'laplace2d').text).toBe('|E| at the probe (V/m)');
    // every axis of a summary in Chinese carries Chinese names
    const words = texts(
      compileScene(
        sweepSummaryScene(
          {
            x: { parameter: 'charges[0].q', unit: 'C', values: qs },
            metrics: [
              { name: 'field_at_probe', label: '|E|', unit: 'V/m', values: [qs.map((q) => q * 1e10)] },
            ],
          },
          zh,
        ),
        'svg',
      ).items,
    );
    expect(words).toContain('电荷量 q1 (C)');
    expect(words).toContain('探针处的 |E| (V/m)');
  });

  it('names every axis, legend entry and panel of a summary for readers, in English and Chinese', () => {
    // as the backend builds it: the solver, the other parameters' values per curve, both titles
    const input: SweepSummaryInput = {
      solver: 'point_charges',
      x: { parameter: 'charges[0].x', unit: 'm', values: [-0.5, -0.4, -0.3] },
      curves: {
        parameters: ['charges[1].q', 'charges[0].y'],
        units: ['C', 'm'],
        values: [
          [1e-9, 0],
          [-2e-9, 0.25],
        ],
      },
      metrics: [
        {
          name: 'field_at_probe',
          label: '|E| at (0.5, 0) m',
          labels: { en: '|E| at (0.5, 0) m', zh: '(0.5, 0) m 处的 |E|' },
          unit: 'V/m',
          values: [
            [1, 2, 3],
            [3, 2, 1],
          ],
        },
        {
          name: 'max_field_strength',
          label: 'Largest |E| on the grid',
          labels: { en: 'Largest |E| on the grid', zh: '网格上最大的 |E|' },
          unit: 'V/m',
          values: [
            [4, 5, 6],
            [6, 5, 4],
          ],
        },
      ],
    };
    const read = (lang: 'en' | 'zh') =>
      texts(compileScene(sweepSummaryScene(input, resolveOptions({ lang })), 'svg').items);
    const en = read('en');
    expect(en).toEqual(
      expect.arrayContaining([
        'x of charge 1 (m)',
        '|E| at the probe (V/m)',
        'Largest |E| on the grid (V/m)',
        '|E| at (0.5, 0) m',
        'charge q2 = 1×10⁻⁹ C, y of charge 1 = 0 m',
        'charge q2 = −2×10⁻⁹ C, y of charge 1 = 0.25 m',
      ]),
    );
    const zh = read('zh');
    expect(zh).toEqual(
      expect.arrayContaining([
        '电荷 1 的 x (m)',
        '探针处的 |E| (V/m)',
        '(0.5, 0) m 处的 |E|',
        '电荷量 q2 = 1×10⁻⁹ C，电荷 1 的 y = 0 m',
      ]),
    );
    // no API name anywhere: no request path, no metric key
    for (const text of [...en, ...zh]) expect(text).not.toMatch(/\[\d+\]|[a-z]_[a-z]/);
  });

  it('a pure number shows no empty parentheses', () => {
    expect(withUnit('reflectance', 'dimensionless')).toBe('reflectance (dimensionless)');
    expect(withUnit('n2', '')).toBe('n2');
  });
});
