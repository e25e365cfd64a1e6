import type { SimulationType } from '@faraday/contracts';
import { callService } from '@faraday/server-kit';
import { type SimulationContext, simAuthHeaders } from '../simulations/simulation-context.js';
import { runSolver } from '../simulations/simulations.service.js';
import { recentRunTimes } from './sweeps.repository.js';

const HISTORY = 20;
/** Transport and recording on top of the solver's computation and render times. */
const OVERHEAD_S = 0.1;
const PROBE_TIMEOUT_MS = 10_000;

function mean(values: number[]): number | undefined {
  const finite = values.filter((v) => Number.isFinite(v) && v >= 0);
  return finite.length > 0 ? finite.reduce((a, b) => a + b, 0) / finite.length : undefined;
}

/**
 * Seconds one run of this solver takes, measured: the mean wall time (claim to record) of its
 * latest sweep runs, which includes the service round trip; else the mean computation_time and
 * render_time of its latest recorded simulations plus the overhead. Undefined when nothing was
 * ever measured.
 */
export async function measuredSecondsPerRun(
  ctx: SimulationContext,
  type: SimulationType,
): Promise<number | undefined> {
  const runs = await recentRunTimes(ctx.db, type, HISTORY);
  const wall = mean(
    runs.map((r) => (Date.parse(r.finished_at ?? '') - Date.parse(r.started_at ?? '')) / 1000),
  );
  if (wall !== undefined) return wall;
  const records = await ctx.db
    .selectFrom('simulations')
    .select(['computation_time', 'metadata'])
    .where('type', '=', type)
    .orderBy('created_at', 'desc')
    .limit(HISTORY)
    .execute();
  const computed = mean(
    records.map((r) => {
      const { render_time } = JSON.parse(r.metadata) as { render_time?: unknown };
      return Number(r.computation_time) + (typeof render_time === 'number' ? render_time : 0);
    }),
  );
  return computed === undefined ? undefined : computed + OVERHEAD_S;
}

/**
 * For a solver never run here before: time one run of the base parameters (at most 10 s; the
 * answer is thrown away). An error says nothing about the speed; count the time it took.
 */
export async function probeSecondsPerRun(
  ctx: SimulationContext,
  type: SimulationType,
  body: Record<string, unknown>,
  requestId: string,
  userId: string,
): Promise<number> {
  const started = performance.now();
  try {
    await runSolver(ctx, {
      type,
      body,
      requestId,
      caller: { userId, work: 'interactive' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch {
    // the elapsed time is still the best guess we have
  }
  return (performance.now() - started) / 1000;
}

/**
 * Runs of one sweep that go at once: the dispatcher's parallelism, but no more than the sim
 * service lets one user run (every run of a sweep is its owner's; SIM_MAX_RUNNING_PER_USER).
 * An unreachable service leaves the dispatcher's figure.
 */
export async function sweepParallelism(ctx: SimulationContext, dispatched: number): Promise<number> {
  try {
    const status = await callService<{ max_running_per_user?: unknown }>(
      'simulation',
      ctx.simServiceUrl,
      '/v1/sim/status',
      { requestId: 'sweep-estimate', timeoutMs: 1000, headers: simAuthHeaders(ctx) },
    );
    const perUser = status.max_running_per_user;
    return typeof perUser === 'number' && perUser >= 1 ? Math.min(dispatched, perUser) : dispatched;
  } catch {
    return dispatched;
  }
}

export function estimateSeconds(secondsPerRun: number, runs: number, parallelism: number): number {
  if (runs <= 0) return 0;
  return Math.max(1, Math.ceil((secondsPerRun * runs) / Math.max(1, parallelism)));
}
