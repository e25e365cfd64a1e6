import type { SimulationResult } from '@faraday/contracts';
import type { SweepSummaryInput } from '@faraday/plot';

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

export interface FinishedRun {
  run_index: number;
  values: Record<string, number>;
  /** null for a run that failed or was not run: drawn as a gap */
  metrics: Record<string, number> | null;
}

const MAX_METRICS = 6;

/** Numbers about the computation rather than the physics: shown after the physics. */
const BOOKKEEPING = new Set(['computation_time', 'render_time', 'grid_points']);

/**
 * Which metrics the figure shows (the plot has room for six panels): the physics that changes
 * across the sweep first, in the solver's order, then the computation's own numbers, then
 * constants (epsilon_0 and the like say nothing about the sweep).
 */
function chosenMetrics(runs: FinishedRun[]): string[] {
  const names: string[] = [];
  for (const run of runs) {
    for (const name of Object.keys(run.metrics ?? {})) if (!names.includes(name)) names.push(name);
  }
  // Differences at rounding level (1e-16 in a uniformity of 0.97) are not variation.
  const varies = (name: string) => {
    const values = runs.map((r) => r.metrics?.[name]).filter((v): v is number => v !== undefined);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return hi - lo > 1e-9 * Math.max(Math.abs(lo), Math.abs(hi));
  };
  const rank = (name: string) => (BOOKKEEPING.has(name) ? 1 : 0) + (varies(name) ? 0 : 2);
  return names
    .map((name, order) => ({ name, order }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.order - b.order)
    .slice(0, MAX_METRICS)
    .map((m) => m.name);
}

/**
 * The input of renderSweepSummary: x is the first swept path. With several paths, the runs are
 * regrouped into one curve per combination of the other paths (x ascending within a curve),
 * curves separated by NaN so the plot draws them as separate lines, not a zigzag.
 * Undefined when no run has a metric to draw.
 */
export function summaryInput(
  axes: { path: string; steps: number }[],
  runs: FinishedRun[],
): SweepSummaryInput | undefined {
  const metricNames = chosenMetrics(runs);
  if (metricNames.length === 0 || axes.length === 0) return undefined;
  const byIndex = [...runs].sort((a, b) => a.run_index - b.run_index);
  const first = axes[0]!.path;
  const curves = axes.slice(1).reduce((n, axis) => n * axis.steps, 1);
  const values: number[] = [];
  const metrics: Record<string, number[]> = Object.fromEntries(metricNames.map((name) => [name, []]));
  // Row-major order (first path slowest): curve j holds runs j, j + curves, j + 2·curves, …
  for (let curve = 0; curve < curves; curve++) {
    if (curve > 0) {
      values.push(Number.NaN);
      for (const name of metricNames) metrics[name]!.push(Number.NaN);
    }
    for (let i = curve; i < byIndex.length; i += curves) {
      const run = byIndex[i]!;
      values.push(run.values[first]!);
      for (const name of metricNames) metrics[name]!.push(run.metrics?.[name] ?? Number.NaN);
    }
  }
  return { parameter: first, values, metrics };
}
