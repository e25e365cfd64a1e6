import { AppError, type SimulationType } from '@faraday/contracts';
import type { SimulationContext } from '../simulations/simulation-context.js';
import { findSimulation } from '../simulations/simulations.repository.js';
import { recordSimulation, runSolver } from '../simulations/simulations.service.js';
import { finishTaskIfDone, probeOf } from './sweep-finish.js';
import { runMetrics } from './sweep-metrics.js';
import { RUN_HEARTBEAT_MS } from './sweep-recovery.js';
import {
  claimRun,
  findRun,
  findTask,
  type RunFence,
  type RunKey,
  refreshCounters,
  renewRun,
  type SweepRunRow,
  type SweepTaskRow,
  settleRun,
} from './sweeps.repository.js';

/**
 * One sweep run from claim to result, the same code for the in-process runner and the queue
 * workers: claim it in the database, call the sim service, record the simulation, settle the
 * run, and finish the task when it was the last one.
 */

export interface SweepLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface ClaimedRun {
  task: SweepTaskRow;
  run: SweepRunRow;
  fence: RunFence;
}

/**
 * - completed / failed: the run has its final state (a solver error is a result, not a retry);
 * - released: the sim service could not be reached; the run is pending again, try later;
 * - lost: another worker holds the run now; nothing of ours was kept.
 */
export type RunOutcome = 'completed' | 'failed' | 'released' | 'lost';

/** Errors of the infrastructure, not of the parameters: the same run may well succeed later. */
const TRANSIENT: ReadonlySet<string> = new Set([
  'UPSTREAM_UNAVAILABLE',
  'SIMULATION_BUSY',
  'SERVICE_UNAVAILABLE',
]);

export function isTransientRunError(error: unknown): boolean {
  return !(error instanceof AppError) || TRANSIENT.has(error.code);
}

class ClaimLost extends Error {}

export async function claimSweepRun(
  ctx: SimulationContext,
  key: RunKey,
  worker: string,
  options: { fromRunning: boolean },
): Promise<ClaimedRun | undefined> {
  const task = await findTask(ctx.db, key.taskId);
  if (task?.status !== 'processing') return undefined;
  const fence = await claimRun(
    ctx.db,
    key,
    worker,
    options.fromRunning ? ['pending', 'running'] : ['pending'],
  );
  if (!fence) return undefined;
  const run = await findRun(ctx.db, key);
  return run ? { task, run, fence } : undefined;
}

function runTitle(task: SweepTaskRow, run: SweepRunRow): string {
  const values = Object.entries(JSON.parse(run.values) as Record<string, number>)
    .map(([path, value]) => `${path}=${value}`)
    .join(', ');
  return `${task.simulation_type} sweep #${run.run_index + 1}: ${values}`.slice(0, 200);
}

async function settleFailure(
  ctx: SimulationContext,
  claimed: ClaimedRun,
  error: unknown,
): Promise<RunOutcome> {
  const body =
    error instanceof AppError
      ? { code: error.code, message: error.details ? `${error.message}: ${error.details}` : error.message }
      : // Only known errors show their message; the cause of an unknown one is in the log.
        { code: 'INTERNAL_ERROR', message: 'The run could not be completed' };
  const settled = await settleRun(ctx.db, claimed.fence, { status: 'failed', error: JSON.stringify(body) });
  return settled ? 'failed' : 'lost';
}

/**
 * Where a run's holder hears that its sweep was cancelled at once, instead of at its next
 * heartbeat: `watch` calls `check` when a cancellation of the task is announced and answers the
 * function that stops watching. The announcement is only a hint; the database decides.
 */
export interface CancelAnnouncements {
  watch(taskId: string, check: () => void): () => void;
}

/**
 * Renews the run's lease every RUN_HEARTBEAT_MS while it is alive, and at once when a cancel is
 * announced. When the renewal finds the fence gone (the task was cancelled, or the run was
 * declared dead and given to another), `lost` fires: the solver call is aborted and the sim
 * service frees its thread.
 */
function keepLeased(
  ctx: SimulationContext,
  claimed: ClaimedRun,
  log: SweepLog,
  announcements: CancelAnnouncements | undefined,
) {
  const lost = new AbortController();
  const renew = () => {
    renewRun(ctx.db, claimed.fence).then(
      (held) => {
        if (!held) lost.abort();
      },
      // The database is unreachable: nobody else can reclaim the run either; keep going.
      (error: unknown) => log.warn({ err: error, task_id: claimed.fence.taskId }, 'sweep heartbeat failed'),
    );
  };
  const timer = setInterval(renew, RUN_HEARTBEAT_MS);
  timer.unref();
  const unwatch = announcements?.watch(claimed.fence.taskId, renew);
  return {
    lost: lost.signal,
    stop: () => {
      clearInterval(timer);
      unwatch?.();
    },
  };
}

/**
 * Runs a claimed run. `lastChance` turns a transient error into a recorded failure instead of
 * a release (the caller has no retries left). Database errors while recording are thrown after
 * the run was given back, so the caller's retry does the run again from the start.
 */
export async function performSweepRun(
  ctx: SimulationContext,
  claimed: ClaimedRun,
  options: {
    lastChance: boolean;
    signal?: AbortSignal;
    log: SweepLog;
    announcements?: CancelAnnouncements | undefined;
  },
): Promise<RunOutcome> {
  const { task, run, fence } = claimed;
  const type = task.simulation_type as SimulationType;
  const parameters = JSON.parse(run.parameters) as Record<string, unknown>;
  const lease = keepLeased(ctx, claimed, options.log, options.announcements);
  const signal = options.signal ? AbortSignal.any([lease.lost, options.signal]) : lease.lost;
  let outcome: RunOutcome;
  try {
    const result = await runSolver(ctx, {
      type,
      body: parameters,
      requestId: `sweep-${task.id}-${run.run_index}`,
      caller: { userId: task.owner_id, work: 'sweep' },
      signal,
    });
    outcome = await recordRun(ctx, claimed, parameters, result);
  } catch (error) {
    if (lease.lost.aborted) {
      options.log.info(
        { task_id: task.id, run_index: run.run_index },
        'sweep run stopped: cancelled or lost',
      );
      return 'lost';
    }
    // Stopping (aborted) always gives the run back; a transient error does unless out of retries.
    const aborted = options.signal?.aborted === true;
    if (aborted || (isTransientRunError(error) && !options.lastChance)) {
      options.log.warn({ err: error, task_id: task.id, run_index: run.run_index }, 'sweep run deferred');
      // Not ours any more (cancelled meanwhile): nothing to give back, and no reason to back off.
      if (!(await settleRun(ctx.db, fence, { status: 'pending' }))) return 'lost';
      if (!(error instanceof AppError)) throw error;
      return 'released';
    }
    if (!(error instanceof AppError)) {
      options.log.error({ err: error, task_id: task.id, run_index: run.run_index }, 'sweep run failed');
    }
    outcome = await settleFailure(ctx, claimed, error);
  } finally {
    lease.stop();
  }
  if (outcome === 'completed' || outcome === 'failed') {
    await refreshCounters(ctx.db, task.id);
    await finishTaskIfDone(ctx, task.id, options.log);
  }
  return outcome;
}

/**
 * The simulation record and the run's result are written in one transaction, with the run's
 * fence checked inside it: a worker that lost its claim leaves no record, and a crash between
 * the two writes leaves neither, so every run is recorded exactly once.
 */
async function recordRun(
  ctx: SimulationContext,
  claimed: ClaimedRun,
  parameters: Record<string, unknown>,
  result: Awaited<ReturnType<typeof runSolver>>,
): Promise<RunOutcome> {
  const { task, run, fence } = claimed;
  let blobKeys: string[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const simulationId = await recordSimulation(
        { ...ctx, db: trx },
        {
          ownerId: task.owner_id,
          courseId: task.course_id,
          type: task.simulation_type as SimulationType,
          title: runTitle(task, run),
          parameters,
          result,
          sweepId: task.id,
        },
      );
      const row = await findSimulation(trx, simulationId);
      blobKeys = [row?.png_blob_key, row?.data_blob_key].filter((k): k is string => Boolean(k));
      const settled = await settleRun(trx, fence, {
        status: 'completed',
        simulation_id: simulationId,
        metrics: JSON.stringify(
          runMetrics(task.simulation_type as SimulationType, parameters, result, probeOf(task)),
        ),
        error: null,
      });
      if (!settled) throw new ClaimLost();
    });
  } catch (error) {
    for (const key of blobKeys) await ctx.blobs.delete(key);
    if (error instanceof ClaimLost) return 'lost';
    throw error;
  }
  return 'completed';
}
