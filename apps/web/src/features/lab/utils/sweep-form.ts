import { MAX_SWEEP_RUNS, type SimulationHistoryEntry } from '@faraday/contracts';
import type { SolverName } from '@faraday/physics/schemas';
import type { TFunction } from 'i18next';
import { setAt } from './api-paths';
import { issueText } from './field-text';
import { validateBody } from './schema-form';

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

/** Each end of each range must itself be a valid value of that parameter: the solver's schema says. */
export function axisErrors(t: TFunction, solver: SolverName, body: Record<string, unknown>, axes: Axis[]) {
  return axes.map((axis) => {
    const check = (text: string) => {
      if (text.trim() === '' || !Number.isFinite(Number(text))) return t('lab.validation.number');
      const issue = validateBody(solver, setAt(body, axis.path, Number(text)))[axis.path];
      return issue ? issueText(t, issue) : undefined;
    };
    const steps = Number(axis.steps);
    return {
      start: check(axis.start),
      end: check(axis.end),
      steps:
        Number.isInteger(steps) && steps >= 1 && steps <= MAX_SWEEP_RUNS
          ? undefined
          : t('lab.sweep.stepsRange', { max: MAX_SWEEP_RUNS }),
    };
  });
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
