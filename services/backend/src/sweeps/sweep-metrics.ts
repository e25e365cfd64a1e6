import type { SimulationResult, SimulationType, SweepProbe } from '@faraday/contracts';
import type { SweepSummaryInput } from '@faraday/plot';
import { declaredMetricNames, measureRun, metricDefinitions, parameterUnit } from './metric-catalogue.js';

/**
 * The scalar metrics of a run: every finite number at the top level of the solver output
 * (electric_flux, relative_error, field_inside, brewster_angle, …) and in its metadata
 * (computation_time, max_field_strength, iterations, …). Arrays, objects and booleans are
 * not scalars here; a metadata name that repeats a top-level one is kept as `metadata.<name>`.
 */
export function scalarMetrics(result: SimulationResult): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const [name, value] of Object.entries(result)) {
    if (typeof value === 'number' && Number.isFinite(value)) metrics[name] = value;
  }
  for (const [name, value] of Object.entries(result.metadata)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    metrics[Object.hasOwn(metrics, name) ? `metadata.${name}` : name] = value;
  }
  return metrics;
}

/**
 * What a run stores as its metrics: every scalar of the output (as the results API has always
 * listed them) plus the solver's declared physical metrics (metric-catalogue.ts), which are what
 * the summary figure draws. A declared metric the run does not have is absent, even when the
 * output has a scalar of that name (a plain pulse's `wavelength` is a spectral width, not the
 * carrier's wavelength the metric means).
 */
export function runMetrics(
  type: SimulationType,
  parameters: Record<string, unknown>,
  result: SimulationResult,
  probe: SweepProbe | null,
): Record<string, number> {
  const scalars = scalarMetrics(result);
  for (const name of declaredMetricNames(type)) delete scalars[name];
  return { ...scalars, ...measureRun(type, { output: result, parameters, probe }) };
}

export interface FinishedRun {
  run_index: number;
  values: Record<string, number>;
  /** null for a run that failed or was not run: drawn as a gap */
  metrics: Record<string, number> | null;
}

export interface SweepShape {
  type: SimulationType;
  /** swept paths in request order (the first varies slowest) with their number of values */
  axes: { path: string; steps: number }[];
  probe: SweepProbe | null;
}

const MAX_METRICS = 6;
/** Two parameters of more than this many values each are drawn as heatmaps. */
const HEATMAP_ABOVE = 6;

/** The index of each path's value in a run, from its row-major run index (first path slowest). */
function coordinates(runIndex: number, steps: number[]): number[] {
  const out = new Array<number>(steps.length);
  let rest = runIndex;
  for (let k = steps.length - 1; k >= 0; k--) {
    out[k] = rest % steps[k]!;
    rest = Math.floor(rest / steps[k]!);
  }
  return out;
}

/**
 * The input of renderSweepSummary: the solver's declared metrics that at least one run has, the
 * swept path with the most values on x (the first path on a tie), every other combination a
 * labelled curve; with exactly two paths of more than six values each, a heatmap. Undefined when
 * no run has a declared metric.
 */
export function summaryInput(shape: SweepShape, runs: FinishedRun[]): SweepSummaryInput | undefined {
  const { axes } = shape;
  if (axes.length === 0) return undefined;
  const metrics = metricDefinitions(shape.type, shape.probe)
    .filter((m) => runs.some((r) => r.metrics?.[m.name] !== undefined))
    .slice(0, MAX_METRICS);
  if (metrics.length === 0) return undefined;
  const steps = axes.map((a) => a.steps);
  let xAxis = 0;
  for (let k = 1; k < axes.length; k++) if (steps[k]! > steps[xAxis]!) xAxis = k;
  const others = axes.map((_, k) => k).filter((k) => k !== xAxis);
  const heatmap = axes.length === 2 && steps.every((n) => n > HEATMAP_ABOVE);
  // the value of every path at every index, read from the runs themselves
  const valueAt = axes.map((a) => new Array<number>(a.steps).fill(Number.NaN));
  for (const run of runs) {
    const idx = coordinates(run.run_index, steps);
    axes.forEach((a, k) => {
      valueAt[k]![idx[k]!] = run.values[a.path]!;
    });
  }
  const curveCount = others.reduce((n, k) => n * steps[k]!, 1);
  const curveOf = (idx: number[]) => others.reduce((c, k) => c * steps[k]! + idx[k]!, 0);
  const rows = metrics.map(() =>
    Array.from({ length: curveCount }, () => new Array<number>(steps[xAxis]!).fill(Number.NaN)),
  );
  // each curve's value of every other swept path, which its legend entry names
  const curveValues = Array.from({ length: curveCount }, () => others.map(() => Number.NaN));
  for (const run of runs) {
    const idx = coordinates(run.run_index, steps);
    const c = curveOf(idx);
    curveValues[c] = others.map((k) => valueAt[k]![idx[k]!]!);
    metrics.forEach((m, i) => {
      rows[i]![c]![idx[xAxis]!] = run.metrics?.[m.name] ?? Number.NaN;
    });
  }
  const axis = (k: number) => ({
    parameter: axes[k]!.path,
    unit: parameterUnit(shape.type, axes[k]!.path),
    values: valueAt[k]!,
  });
  return {
    solver: shape.type,
    x: axis(xAxis),
    ...(heatmap
      ? { grid: axis(others[0]!) }
      : others.length > 0
        ? {
            curves: {
              parameters: others.map((k) => axes[k]!.path),
              units: others.map((k) => parameterUnit(shape.type, axes[k]!.path)),
              values: curveValues,
            },
          }
        : {}),
    metrics: metrics.map((m, i) => ({ ...m, values: rows[i]! })),
  };
}
