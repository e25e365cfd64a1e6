/**
 * Which runs recompute as the form changes, as in PhET: the solvers that answer in a fraction of a
 * second at any size the form allows, and the Laplace box while its grid is small. Each live run is
 * an ordinary run (validated, rate-limited and recorded like one started with Run).
 */
import type { SolverName } from '@faraday/physics/schemas';
import { gridPointsOf } from './sweep-estimate';

/** Largest grid (points) a solver recomputes live at; absent: never live (wave_1d's animation). */
const LIVE_GRID_POINTS: Partial<Record<SolverName, number>> = {
  point_charges: Number.POSITIVE_INFINITY,
  wire_field: Number.POSITIVE_INFINITY,
  gauss_flux: Number.POSITIVE_INFINITY,
  ampere_loop: Number.POSITIVE_INFINITY,
  fresnel: Number.POSITIVE_INFINITY,
  laplace2d: 2_500,
};

/** Pause after the last change before a live run starts: a drag or a typed number settles first. */
export const LIVE_DEBOUNCE_MS = 400;

/** Whether this request of this solver recomputes live (false while it does not parse). */
export function recomputesLive(solver: SolverName, body: Record<string, unknown>): boolean {
  const limit = LIVE_GRID_POINTS[solver];
  if (limit === undefined) return false;
  if (limit === Number.POSITIVE_INFINITY) return true;
  const points = gridPointsOf(solver, body);
  return points !== undefined && points <= limit;
}
