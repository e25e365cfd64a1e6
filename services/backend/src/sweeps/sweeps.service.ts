import {
  AppError,
  probeSimulationTypes,
  type SimulationType,
  type SweepRequest,
  type SweepStatus,
} from '@faraday/contracts';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import type { SimulationContext } from '../simulations/simulation-context.js';
import {
  estimateSeconds,
  measuredSecondsPerRun,
  probeSecondsPerRun,
  sweepParallelism,
} from './sweep-estimate.js';
import { planSweep } from './sweep-plan.js';
import type { SweepDispatcher } from './sweep-recovery.js';
import {
  cancelOpenRuns,
  deleteSweep,
  endTask,
  findTask,
  insertSweep,
  refreshCounters,
  runCounts,
  runIndexesWithStatus,
  type SweepTaskRow,
} from './sweeps.repository.js';

export interface SweepContext extends SimulationContext {
  dispatcher: SweepDispatcher;
}

export function resultsUrlOf(taskId: string): string {
  return `/api/v1/sim/sweep/${taskId}/results`;
}

/** The sweep task, as POST /api/v1/sim/parameter_sweep and the progress route answer it. */
export function toSweepTask(row: SweepTaskRow, estimatedTime: number) {
  return {
    task_id: row.id,
    status: row.status as SweepStatus,
    total_simulations: row.total_simulations,
    completed: row.completed,
    estimated_time: estimatedTime,
    results_url: resultsUrlOf(row.id),
  };
}

/**
 * POST /api/v1/sim/parameter_sweep: check the course and the paths, plan the runs, estimate
 * the time from measured solver speed, store the task with all its runs, hand the runs to the
 * dispatcher, and answer at once.
 */
export async function createSweep(
  ctx: SweepContext,
  principal: Principal,
  request: SweepRequest,
  requestId: string,
): Promise<ReturnType<typeof toSweepTask>> {
  if (request.course_id !== undefined) await accessCourse(ctx.db, principal, request.course_id);
  const type: SimulationType = request.simulation_type;
  if (request.probe && !(probeSimulationTypes as readonly string[]).includes(type)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `probe: only ${probeSimulationTypes.join(', ')} sweeps measure at a probe point; ${type} has no probe metric`,
      { details: 'probe' },
    );
  }
  const plan = planSweep(request.base_parameters, request.sweep_parameters);
  // Before the estimate (which may run the solver for seconds) and before anything is stored.
  await ctx.dispatcher.assertAvailable();
  const perRun =
    (await measuredSecondsPerRun(ctx, type)) ??
    (await probeSecondsPerRun(ctx, type, request.base_parameters, requestId, principal.userId));
  const estimated = estimateSeconds(
    perRun,
    plan.runs.length,
    await sweepParallelism(ctx, await ctx.dispatcher.parallelism()),
  );
  const now = isoNow();
  const task: SweepTaskRow = {
    id: newId(),
    owner_id: principal.userId,
    course_id: request.course_id ?? null,
    simulation_type: type,
    base_parameters: JSON.stringify(request.base_parameters),
    sweep_parameters: JSON.stringify(request.sweep_parameters),
    output_format: request.output_format,
    status: 'processing',
    total_simulations: plan.runs.length,
    completed: 0,
    failed: 0,
    estimated_time: estimated,
    summary_blob_key: null,
    error: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
    probe: request.probe ? JSON.stringify(request.probe) : null,
  };
  await insertSweep(
    ctx.db,
    task,
    plan.runs.map((run) => ({
      task_id: task.id,
      run_index: run.run_index,
      parameters: JSON.stringify(run.parameters),
      values: JSON.stringify(run.values),
      status: 'pending',
      attempts: 0,
    })),
  );
  try {
    await ctx.dispatcher.dispatch(
      task.id,
      plan.runs.map((r) => r.run_index),
    );
  } catch (error) {
    // Nobody would ever run it: take the task back rather than leave it processing forever.
    await deleteSweep(ctx.db, task.id);
    if (error instanceof AppError) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', 'The sweep queue is unavailable; try again shortly', {
      cause: error,
    });
  }
  return toSweepTask(task, estimated);
}

/** Owner and admins only; anyone else gets TASK_NOT_FOUND, as for a task that does not exist. */
export async function visibleTask(db: Db, principal: Principal, taskId: string): Promise<SweepTaskRow> {
  const row = await findTask(db, taskId);
  if (!row || (row.owner_id !== principal.userId && principal.role !== 'admin'))
    throw new AppError('TASK_NOT_FOUND');
  return row;
}

/** Seconds left: the runs not done yet at the measured speed (pro rata of the first estimate if none measured). */
async function remainingSeconds(ctx: SweepContext, row: SweepTaskRow, open: number): Promise<number> {
  if (row.status !== 'processing') return 0;
  const perRun = await measuredSecondsPerRun(ctx, row.simulation_type as SimulationType);
  if (perRun === undefined)
    return Math.ceil((row.estimated_time * open) / Math.max(1, row.total_simulations));
  return estimateSeconds(perRun, open, await sweepParallelism(ctx, await ctx.dispatcher.parallelism()));
}

export async function sweepProgress(ctx: SweepContext, principal: Principal, taskId: string) {
  const row = await visibleTask(ctx.db, principal, taskId);
  const counts = await runCounts(ctx.db, row.id);
  const open = counts.pending + counts.running;
  return {
    ...toSweepTask(row, await remainingSeconds(ctx, row, open)),
    simulation_type: row.simulation_type as SimulationType,
    failed: row.failed,
    pending: row.status === 'processing' ? open : 0,
    error: row.error,
    course_id: row.course_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
  };
}

/**
 * DELETE: a processing task becomes cancelled with its open runs: pending ones are never run,
 * running ones are stopped (their holder sees the cancel at once in this process, or at its next
 * heartbeat elsewhere, and aborts the solver call, which frees the sim service's thread). A task
 * that has already ended stays as it is.
 */
export async function cancelSweep(ctx: SweepContext, principal: Principal, taskId: string) {
  const row = await visibleTask(ctx.db, principal, taskId);
  if (row.status === 'processing') {
    const pending = await runIndexesWithStatus(ctx.db, row.id, 'pending');
    const cancelled = await ctx.db.transaction().execute(async (trx) => {
      if (!(await endTask(trx, row.id, { status: 'cancelled' }))) return false;
      await cancelOpenRuns(trx, row.id);
      await refreshCounters(trx, row.id);
      return true;
    });
    if (cancelled) await ctx.dispatcher.cancel(row.id, pending);
  }
  return sweepProgress(ctx, principal, taskId);
}
