import { invalid } from '../errors.js';
import { type ResolvedOptions, resolveOptions } from '../options.js';
import { type OutputFormat, renderScene } from '../render.js';
import type { Panel, Scene } from '../scene.js';
import type { Series } from '../types.js';
import { bi, scene, userOr } from './common.js';

export interface SweepSummaryInput {
  /** the swept parameter's path, e.g. `charges[0].q` */
  parameter: string;
  values: Series;
  /** metric name → one value per run (NaN for a failed run: drawn as a gap) */
  metrics: Record<string, Series>;
}

const COLORS = ['#1f5fb4', '#c0392b', '#27ae60', '#8e44ad', '#e67e22', '#16a085'];
const MAX_PANELS = 6;

function range(values: Series): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
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

/** Each scalar metric against the swept parameter, one small chart per metric (units differ). */
export function sweepSummaryScene(input: SweepSummaryInput, o: ResolvedOptions): Scene {
  const names = Object.keys(input.metrics).slice(0, MAX_PANELS);
  if (names.length === 0) throw invalid('metrics', 'at least one metric is needed');
  const cols = names.length > 3 ? 2 : 1;
  const rows = Math.ceil(names.length / cols);
  const [x0, x1] = range(input.values);
  const panels: Panel[] = names.map((name, k) => {
    const y = input.metrics[name]!;
    if (y.length !== input.values.length) throw invalid(`metrics.${name}`, 'needs one value per swept value');
    const [y0, y1] = range(y);
    const c = k % cols;
    const r = Math.floor(k / cols);
    return {
      box: [c / cols, r / rows, (c + 1) / cols, (r + 1) / rows],
      title: { text: name },
      x: { min: x0, max: x1, label: userOr(o.xlabel, { text: input.parameter }) },
      y: { min: y0, max: y1 },
      grid: o.show_grid ?? true,
      legend: 'none',
      layers: [
        { type: 'series', x: input.values, y, color: COLORS[k % COLORS.length]!, width: 2, dots: true },
      ],
    };
  });
  return scene(o, bi(o, `Parameter sweep over ${input.parameter}`, `参数扫描：${input.parameter}`), panels);
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
