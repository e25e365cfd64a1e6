import { colormapLut, lutColor } from '../colormaps.js';
import { type DisplayName, PARAMETER_NAMES } from '../data/sweep-display-names.js';
import { metricDisplayName, SWEEP_METRIC_NAMES } from '../data/sweep-metric-names.js';
import { invalid } from '../errors.js';
import { autoNorm } from '../norm.js';
import { type ResolvedOptions, resolveOptions } from '../options.js';
import { type OutputFormat, renderScene } from '../render.js';
import type { Label, Layer, Panel, Scene } from '../scene.js';
import { formatPower, formatValue } from '../ticks.js';
import { bi, scene, userOr } from './common.js';

/** One swept parameter: its request path, its unit ('' for a pure number) and its values. */
export interface SweepAxis {
  parameter: string;
  unit: string;
  /** ascending, evenly spaced for a linear range */
  values: number[];
}

/** A metric of the runs: values[curve][i] belongs to x.values[i]; NaN for a failed run (a gap). */
export interface SweepMetricSeries {
  name: string;
  /** what a teacher reads, e.g. "|E| at (0.5, 0) m" (the panel title when `labels` is absent) */
  label: string;
  /** the same in both languages: the panel title */
  labels?: DisplayName;
  /** SI unit ('' for a pure number such as a reflectance) */
  unit: string;
  values: number[][];
}

/**
 * The summary of a sweep: every metric against the first swept parameter. With more parameters,
 * `curves` names each curve (one per combination of the others, a legend entry each); with exactly
 * two parameters of more than six values each, `grid` turns every metric into a heatmap over both.
 */
export interface SweepSummaryInput {
  /** the solver, whose declared metrics name the y axes (SWEEP_METRIC_NAMES) */
  solver?: string;
  x: SweepAxis;
  /**
   * One curve per combination of the other swept `parameters` (their `units`): `values[c]` holds
   * curve c's value of each, which its legend entry shows under the parameters' display names.
   * `labels` instead gives the legend entries as they are.
   */
  curves?: { parameters?: string[]; units?: string[]; values?: number[][]; labels?: string[] };
  /** the second parameter, when the summary should be a heatmap (rows = its values) */
  grid?: SweepAxis;
  metrics: SweepMetricSeries[];
}

const COLORS = ['#1f5fb4', '#c0392b', '#27ae60', '#8e44ad', '#e67e22', '#16a085'];
const MAX_PANELS = 6;
/** More curves than this: colours from a sequential map, the legend lists every other one. */
const MAX_DISTINCT_COLORS = 6;
/** A heatmap needs more than this many values on both axes. */
export const HEATMAP_MIN_VALUES = 7;

/** "q (C)", "n2" (a pure number has no unit to show). */
export function withUnit(name: string, unit: string): string {
  return unit ? `${name} (${unit})` : name;
}

/** Units that are not shown after a name: a count, a pure number. */
const NO_UNIT = new Set(['', 'count', 'dimensionless', '1']);

function shown(o: ResolvedOptions, name: DisplayName | undefined, fallback: string, unit: string): Label {
  const u = NO_UNIT.has(unit) ? '' : unit;
  if (!name) return { text: withUnit(fallback, u) };
  return bi(o, withUnit(name.en, u), withUnit(name.zh, u));
}

/** A swept path's display name, `charges[0].x` → "x of charge 1"; undefined when unknown. */
function parameterName(path: string): DisplayName | undefined {
  const first = /\[(\d+)\]/.exec(path);
  const entry = PARAMETER_NAMES[path.replace(/\[\d+\]/g, '[]')];
  const n = first ? String(Number(first[1]) + 1) : '';
  return entry && { en: entry.en.replaceAll('{n}', n), zh: entry.zh.replaceAll('{n}', n) };
}

/** A swept path as a reader names it: `charges[0].x` → "x of charge 1 (m)" (the API name when unknown). */
export function parameterLabel(o: ResolvedOptions, path: string, unit: string): Label {
  return shown(o, parameterName(path), path, unit);
}

/**
 * A metric as an axis names it: `field_at_probe` in V/m → "|E| at the probe (V/m)". The solver's
 * own entry first; without a solver, the first solver declaring the name in that unit.
 */
export function metricLabel(o: ResolvedOptions, name: string, unit: string, solver?: string): Label {
  const own = solver ? metricDisplayName(solver, name, null) : undefined;
  const found =
    own ??
    Object.keys(SWEEP_METRIC_NAMES)
      .map((s) => metricDisplayName(s, name, null))
      .find((n) => n?.unit === unit);
  return shown(o, found, name, unit);
}

/** "1×10⁻⁹" beside "2×10⁻⁹" in a legend (a bare "10⁻⁹" reads as another kind of entry). */
function legendNumber(v: number): string {
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? formatPower(v, 2, true) : formatValue(v);
}

/** "x of charge 1 = 0.5 m, charge q2 = −1×10⁻⁹ C": the legend entry of one curve. */
function curveLabel(o: ResolvedOptions, curves: NonNullable<SweepSummaryInput['curves']>, c: number): Label {
  const values = curves.values?.[c];
  if (!values) return { text: curves.labels?.[c] ?? '' };
  const part = (lang: 'en' | 'zh', k: number) => {
    const path = curves.parameters?.[k] ?? '';
    const unit = curves.units?.[k] ?? '';
    const v = values[k]!;
    return `${parameterName(path)?.[lang] ?? path} = ${legendNumber(v)}${NO_UNIT.has(unit) ? '' : ` ${unit}`}`;
  };
  const ks = values.map((_, k) => k);
  return bi(o, ks.map((k) => part('en', k)).join(', '), ks.map((k) => part('zh', k)).join('，'));
}

function range(rows: number[][]): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const row of rows)
    for (const v of row) {
      if (Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  if (!(lo <= hi)) return [0, 1];
  if (lo === hi) return [lo - (Math.abs(lo) || 1) * 0.1, hi + (Math.abs(hi) || 1) * 0.1];
  const pad = (hi - lo) * 0.08;
  return [lo - pad, hi + pad];
}

function curveColors(n: number): string[] {
  if (n <= MAX_DISTINCT_COLORS) return COLORS.slice(0, n);
  const lut = colormapLut('viridis');
  return Array.from({ length: n }, (_, i) => lutColor(lut, 0.05 + (0.85 * i) / (n - 1)));
}

function curveCount(input: SweepSummaryInput): number {
  return input.curves?.values?.length ?? input.curves?.labels?.length ?? 1;
}

function check(input: SweepSummaryInput): void {
  if (input.metrics.length === 0) throw invalid('metrics', 'at least one metric is needed');
  const n = input.x.values.length;
  const rows = input.grid ? input.grid.values.length : curveCount(input);
  for (const m of input.metrics) {
    if (m.values.length !== rows) throw invalid(`metrics.${m.name}`, `needs ${rows} rows of values`);
    if (m.values.some((r) => r.length !== n))
      throw invalid(`metrics.${m.name}`, 'needs one value per swept value in every row');
  }
}

function curvePanel(input: SweepSummaryInput, m: SweepMetricSeries, k: number, o: ResolvedOptions): Panel {
  const curves = input.curves;
  const count = curves ? curveCount(input) : 0;
  const colors = curveColors(Math.max(1, m.values.length));
  // every other legend entry when many curves: the colours run in order, so the gaps read
  const stride = count > 10 ? Math.ceil(count / 8) : 1;
  const layers: Layer[] = m.values.map((row, c) => ({
    type: 'series',
    x: input.x.values,
    y: row,
    color: m.values.length === 1 ? COLORS[k % COLORS.length]! : colors[c]!,
    width: 2,
    dots: true,
    ...(curves && c < count && c % stride === 0 ? { legend: curveLabel(o, curves, c) } : {}),
  }));
  const [y0, y1] = range(m.values);
  const [x0, x1] = range([input.x.values]);
  return {
    box: [0, 0, 1, 1],
    title: metricTitle(o, m),
    x: { min: x0, max: x1, label: userOr(o.xlabel, parameterLabel(o, input.x.parameter, input.x.unit)) },
    y: { min: y0, max: y1, label: userOr(o.ylabel, metricLabel(o, m.name, m.unit, input.solver)) },
    grid: o.show_grid ?? true,
    // the legend once, on the first panel: every panel has the same curves in the same colours
    legend: k === 0 && count > 0 ? 'best' : 'none',
    layers,
  };
}

/** A panel's title: the metric as the run measured it, e.g. "|E| at (0.5, 0) m". */
function metricTitle(o: ResolvedOptions, m: SweepMetricSeries): Label {
  return m.labels ? bi(o, m.labels.en, m.labels.zh) : { text: m.label };
}

/** Indexes of `values` in ascending order of value. */
function ascending(values: number[]): number[] {
  return values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
}

function heatmapPanel(input: SweepSummaryInput, m: SweepMetricSeries, o: ResolvedOptions): Panel {
  const grid = input.grid!;
  const nx = input.x.values.length;
  const ny = grid.values.length;
  // a range may run downwards (start > end): place cells by value, ascending left to right and
  // bottom to top (row 0 of the image is the top, the largest value of the second parameter)
  const cols = ascending(input.x.values);
  const rows = ascending(grid.values).reverse();
  const data = new Float64Array(nx * ny);
  for (let r = 0; r < ny; r++) for (let c = 0; c < nx; c++) data[r * nx + c] = m.values[rows[r]!]![cols[c]!]!;
  const norm = autoNorm(data, 'linear');
  const extent = {
    x_min: input.x.values[cols[0]!]!,
    x_max: input.x.values[cols[nx - 1]!]!,
    y_min: grid.values[rows[ny - 1]!]!,
    y_max: grid.values[rows[0]!]!,
  };
  const dx = (extent.x_max - extent.x_min) / (nx - 1) / 2;
  const dy = (extent.y_max - extent.y_min) / (ny - 1) / 2;
  const cmap = o.colormap ?? 'viridis';
  return {
    box: [0, 0, 1, 1],
    title: metricTitle(o, m),
    x: {
      min: extent.x_min - dx,
      max: extent.x_max + dx,
      label: userOr(o.xlabel, parameterLabel(o, input.x.parameter, input.x.unit)),
    },
    y: {
      min: extent.y_min - dy,
      max: extent.y_max + dy,
      label: userOr(o.ylabel, parameterLabel(o, grid.parameter, grid.unit)),
    },
    legend: 'none',
    layers: [{ type: 'image', grid: { nx, ny, data }, extent, cmap, norm, pixelated: true }],
    colorbars: [{ cmap, norm, label: metricLabel(o, m.name, m.unit, input.solver) }],
  };
}

/** Each metric against the swept parameter(s), one small chart per metric (their units differ). */
export function sweepSummaryScene(input: SweepSummaryInput, o: ResolvedOptions): Scene {
  check(input);
  const metrics = input.metrics.slice(0, MAX_PANELS);
  // side by side from two metrics on: a row of wide, flat charts hides the curves' shape
  const cols = metrics.length > 1 ? 2 : 1;
  const rows = Math.ceil(metrics.length / cols);
  const panels = metrics.map((m, k): Panel => {
    const panel = input.grid ? heatmapPanel(input, m, o) : curvePanel(input, m, k, o);
    const c = k % cols;
    const r = Math.floor(k / cols);
    return { ...panel, box: [c / cols, r / rows, (c + 1) / cols, (r + 1) / rows] };
  });
  const others = input.grid ? [input.grid.parameter] : (input.curves?.parameters ?? []);
  const names = [input.x.parameter, ...others].map((path) => parameterLabel(o, path, ''));
  const en = names.map((l) => l.fallback ?? l.text).join(others.length > 1 ? ', ' : ' and ');
  const zh = names.map((l) => l.text).join('、');
  const title: Label = bi(o, `Parameter sweep over ${en}`, `参数扫描：${zh}`);
  return scene(o, title, panels);
}

export function renderSweepSummary(
  input: SweepSummaryInput,
  options: unknown,
  format: 'png',
): Promise<Buffer>;
export function renderSweepSummary(
  input: SweepSummaryInput,
  options: unknown,
  format: 'svg',
): Promise<string>;
export async function renderSweepSummary(
  input: SweepSummaryInput,
  options: unknown,
  format: OutputFormat,
): Promise<Buffer | string> {
  return renderScene(sweepSummaryScene(input, resolveOptions(options)), format);
}
