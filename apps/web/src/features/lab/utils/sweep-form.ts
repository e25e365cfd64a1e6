import { linearValues, MAX_SWEEP_RUNS, type SimulationHistoryEntry } from '@faraday/contracts';
import { MAX_GRID_POINTS, type SolverName } from '@faraday/physics/schemas';
import type { TFunction } from 'i18next';
import { setAt } from './api-paths';
import { formatNumber, issueText } from './field-text';
import { validateBody } from './schema-form';
import { gridPointsOf } from './sweep-estimate';

/** One swept parameter: its API path and a linear range, as typed. */
export interface Axis {
  path: string;
  start: string;
  end: string;
  steps: string;
}

/** A first range for a parameter: from its current value to twice that (within its maximum), five steps. */
export function defaultAxis(path: string, current: unknown, max: number | undefined): Axis {
  const v = Number(current);
  const end = Number.isFinite(v) && v !== 0 ? 2 * v : (max ?? 1);
  const clipped = max !== undefined && end > max ? max : end;
  return { path, start: String(Number.isFinite(v) ? v : 0), end: String(clipped), steps: '5' };
}

/** Why a probe coordinate is refused, within the bounds the sweep request's schema gives it. */
export function coordinateError(
  t: TFunction,
  text: string,
  bounds: { minValue: number | null; maxValue: number | null },
): string | undefined {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return t('lab.validation.number');
  if (bounds.minValue !== null && value < bounds.minValue)
    return issueText(t, { kind: 'tooSmall', min: bounds.minValue, inclusive: true });
  if (bounds.maxValue !== null && value > bounds.maxValue)
    return issueText(t, { kind: 'tooBig', max: bounds.maxValue, inclusive: true });
  return undefined;
}

/** The values an axis takes, as the server will plan them; undefined while it is not a complete range. */
function axisValues(axis: Axis): number[] | undefined {
  const [start, end, steps] = [Number(axis.start), Number(axis.end), Number(axis.steps)];
  if ([axis.start, axis.end].some((text) => text.trim() === '')) return undefined;
  if (!Number.isFinite(start) || !Number.isFinite(end)) return undefined;
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_SWEEP_RUNS) return undefined;
  return linearValues({ start, end, steps });
}

/** Step counts near `steps` whose values are all whole numbers from `start` to `end` (at most two). */
export function wholeNumberSteps(start: number, end: number, steps: number): number[] {
  const span = Math.abs(end - start);
  if (!Number.isInteger(start) || !Number.isInteger(end) || span === 0) return [1];
  const fits = (n: number) => n >= 2 && n <= MAX_SWEEP_RUNS && span % (n - 1) === 0;
  const below = Array.from({ length: steps }, (_, i) => steps - i).find(fits);
  const above = Array.from({ length: MAX_SWEEP_RUNS - steps }, (_, i) => steps + 1 + i).find(fits);
  return [below, above].filter((n): n is number => n !== undefined);
}

/**
 * Every value of each range must be a valid value of that parameter, as the solver's schema says:
 * the ends (a bound) and the steps between them (a whole-number field stepped to 420.7).
 */
export function axisErrors(t: TFunction, solver: SolverName, body: Record<string, unknown>, axes: Axis[]) {
  return axes.map((axis) => {
    const refusal = (value: number) => validateBody(solver, setAt(body, axis.path, value))[axis.path];
    const check = (text: string) => {
      if (text.trim() === '' || !Number.isFinite(Number(text))) return t('lab.validation.number');
      const issue = refusal(Number(text));
      return issue ? issueText(t, issue) : undefined;
    };
    const steps = Number(axis.steps);
    const stepsRange =
      Number.isInteger(steps) && steps >= 1 && steps <= MAX_SWEEP_RUNS
        ? undefined
        : t('lab.sweep.stepsRange', { max: MAX_SWEEP_RUNS });
    const start = check(axis.start);
    const end = check(axis.end);
    let between: string | undefined;
    if (!start && !end && !stepsRange) {
      const bad = axisValues(axis)?.find((value) => refusal(value) !== undefined);
      if (bad !== undefined) {
        const issue = refusal(bad);
        between =
          issue?.kind === 'integer'
            ? t('lab.sweep.wholeSteps', {
                value: formatNumber(bad),
                steps: wholeNumberSteps(Number(axis.start), Number(axis.end), steps).join(', '),
              })
            : t('lab.sweep.refusedValue', {
                value: formatNumber(bad),
                why: issue ? issueText(t, issue) : '',
              });
      }
    }
    return { start, end, steps: stepsRange, values: between };
  });
}

/**
 * The most grid points any run of the sweep would use, when it passes the solvers' limit; undefined when every run fits (or the ranges are not complete yet).
 */
export function gridLimitBreach(
  solver: SolverName,
  body: Record<string, unknown>,
  axes: Axis[],
): { points: number; limit: number } | undefined {
  const ranges = axes.map(axisValues);
  if (ranges.some((values) => values === undefined)) return undefined;
  const runs = (ranges as number[][]).reduce<number[][]>(
    (acc, values) => acc.flatMap((combo) => values.map((v) => [...combo, v])),
    [[]],
  );
  if (runs.length > MAX_SWEEP_RUNS) return undefined; // refused for its count already
  let largest = 0;
  for (const values of runs) {
    const run = axes.reduce((b, axis, i) => setAt(b, axis.path, values[i]!), body);
    // A value the schema refuses (no count) is reported beside its range, not here.
    largest = Math.max(largest, gridPointsOf(solver, run) ?? 0);
  }
  return largest > MAX_GRID_POINTS ? { points: largest, limit: MAX_GRID_POINTS } : undefined;
}

/** How many runs the ranges make (0 while a step count is not a whole number). */
export function runCount(axes: Axis[]): number {
  return axes.reduce((n, a) => n * (Number.isInteger(Number(a.steps)) ? Number(a.steps) : 0), 1);
}

/** Past runs with their own time each: a sweep's history entry sums its runs' times, so each took the mean. */
export function timedRuns(entries: SimulationHistoryEntry[]): SimulationHistoryEntry[] {
  return entries.flatMap((entry) =>
    entry.kind === 'sweep'
      ? entry.sweep && entry.sweep.runs.length > 0
        ? [{ ...entry, computation_time: entry.computation_time / entry.sweep.runs.length }]
        : []
      : [entry],
  );
}
