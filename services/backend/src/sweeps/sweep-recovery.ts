import type { SimulationContext } from '../simulations/simulation-context.js';
import type { SweepLog } from './sweep-executor.js';
import { finishTaskIfDone } from './sweep-finish.js';
import { expiredRuns, processingTaskIds, refreshCounters, settleRun } from './sweeps.repository.js';

/** How a sweep backend starts its runs: in this process, or as jobs on a shared queue. */
export interface SweepDispatcher {
  /** Resumes the sweeps left `processing` by an earlier start, then keeps watch. */
  start(): Promise<void>;
  /** Throws SERVICE_UNAVAILABLE (quickly) when runs cannot be handed out now. */
  assertAvailable(): Promise<void>;
  /** New runs to do (a new task, or runs found pending). */
  dispatch(taskId: string, runIndexes: number[]): Promise<void>;
  /** The task was cancelled: drop what is queued for these runs. */
  cancel(taskId: string, runIndexes: number[]): Promise<void>;
  /** How many runs go at once, for the time estimate. */
  parallelism(): Promise<number>;
  stop(): Promise<void>;
}

/** A run claimed this many times without finishing is given up (it keeps killing its worker). */
export const MAX_RUN_ATTEMPTS = 8;

/**
 * A run's holder renews its lease this often while the run is alive (however long the solver
 * takes), and a lease not renewed for RUN_LEASE_MS belongs to a dead process. Three missed
 * heartbeats, so a slow database write or a busy event loop is not taken for a death; with the
 * in-process poll (10 s) a dead instance's runs are back within 25 s.
 */
export const RUN_HEARTBEAT_MS = 5000;
export const RUN_LEASE_MS = 3 * RUN_HEARTBEAT_MS;

/**
 * A run still `running` whose lease was not renewed within `leaseMs` was claimed by a process
 * that died. Gives it back (or gives up on it after
 * MAX_RUN_ATTEMPTS), then ends tasks whose last run ended without ending the task (a crash
 * between the two). Safe on several instances at once: every change is fenced.
 * Returns the ids of the tasks still processing.
 */
export async function recoverSweeps(
  ctx: SimulationContext,
  leaseMs: number,
  log: SweepLog,
): Promise<string[]> {
  const before = new Date(Date.now() - leaseMs).toISOString();
  for (const run of await expiredRuns(ctx.db, before)) {
    const fence = {
      taskId: run.task_id,
      runIndex: run.run_index,
      worker: run.worker ?? '',
      attempt: run.attempts,
    };
    const giveUp = run.attempts >= MAX_RUN_ATTEMPTS;
    const error = JSON.stringify({
      code: 'COMPUTATION_FAILED',
      message: `The process running it stopped ${run.attempts} times`,
    });
    const settled = await settleRun(
      ctx.db,
      fence,
      giveUp ? { status: 'failed', error } : { status: 'pending' },
    );
    if (settled)
      log.warn(
        { task_id: run.task_id, run_index: run.run_index, worker: run.worker },
        'abandoned sweep run reclaimed',
      );
  }
  const open = await processingTaskIds(ctx.db);
  for (const taskId of open) {
    await refreshCounters(ctx.db, taskId);
    await finishTaskIfDone(ctx, taskId, log);
  }
  return open;
}
