import { gridPoints as countGridPoints, type SolverName } from '@faraday/physics/schemas';

/** Transport and recording on top of a run's computation and render (as the backend's own estimate). */
const OVERHEAD_S = 0.1;

/** Grid points of a request as the solver counts them; undefined when the request does not parse. */
export function gridPointsOf(solver: SolverName, parameters: Record<string, unknown>): number | undefined {
  // Stored parameters carry the service's output_type, which only wave_1d's schema knows.
  const { output_type, ...rest } = parameters;
  try {
    return countGridPoints(solver, solver === 'wave_1d' ? parameters : rest);
  } catch {
    return undefined;
  }
}

/**
 * Seconds one run of `body` should take, from measured runs scaled by grid points (the solvers'
 * work grows about linearly with them): the run on the page (computation + render), else the
 * user's recent runs of this solver (computation only). Undefined when nothing was measured.
 */
export function secondsPerRun(
  solver: SolverName,
  body: Record<string, unknown>,
  lastRun: { metadata: Record<string, unknown>; body: Record<string, unknown> } | undefined,
  recent: { computation_time: number; parameters: Record<string, unknown> }[],
): number | undefined {
  const target = gridPointsOf(solver, body);
  const scaled = (seconds: number, parameters: Record<string, unknown>) => {
    const measured = gridPointsOf(solver, parameters);
    return target && measured ? (seconds * target) / measured : seconds;
  };
  if (lastRun) {
    const { computation_time, render_time } = lastRun.metadata;
    return scaled(Number(computation_time ?? 0) + Number(render_time ?? 0), lastRun.body) + OVERHEAD_S;
  }
  if (recent.length === 0) return undefined;
  const each = recent.map((r) => scaled(r.computation_time, r.parameters));
  return each.reduce((a, b) => a + b, 0) / each.length + OVERHEAD_S;
}
