import { Readable } from 'node:stream';
import type { LinearRange, SimulationType, SweepProbe } from '@faraday/contracts';
import { renderSweepSummary } from '@faraday/plot';
import type { SimulationContext } from '../simulations/simulation-context.js';
import type { SweepLog } from './sweep-executor.js';
import { type FinishedRun, type SweepShape, summaryInput } from './sweep-metrics.js';
import {
  endTask,
  findTask,
  listRuns,
  runCounts,
  type SweepRunRow,
  type SweepTaskRow,
} from './sweeps.repository.js';

const SUMMARY_LIMIT = 64 * 1024 * 1024;

export function finishedRunOf(row: SweepRunRow): FinishedRun {
  return {
    run_index: row.run_index,
    values: JSON.parse(row.values) as Record<string, number>,
    metrics:
      row.status === 'completed' && row.metrics ? (JSON.parse(row.metrics) as Record<string, number>) : null,
  };
}

export function sweptAxes(task: SweepTaskRow): { path: string; steps: number }[] {
  const ranges = JSON.parse(task.sweep_parameters) as Record<string, LinearRange>;
  return Object.entries(ranges).map(([path, range]) => ({ path, steps: range.steps }));
}

export function probeOf(task: SweepTaskRow): SweepProbe | null {
  return task.probe ? (JSON.parse(task.probe) as SweepProbe) : null;
}

/** What the summary needs to know of a task: its solver, swept paths and probe. */
export function sweepShape(task: SweepTaskRow): SweepShape {
  return { type: task.simulation_type as SimulationType, axes: sweptAxes(task), probe: probeOf(task) };
}

/** The summary figure as a blob; undefined when there is nothing to draw or drawing failed. */
async function storeSummary(
  ctx: SimulationContext,
  task: SweepTaskRow,
  log: SweepLog,
): Promise<string | undefined> {
  const runs = (await listRuns(ctx.db, task.id)).map(finishedRunOf);
  const input = summaryInput(sweepShape(task), runs);
  if (!input) return undefined;
  try {
    const png = await renderSweepSummary(input, {}, 'png');
    return (await ctx.blobs.put(Readable.from([png]), SUMMARY_LIMIT)).key;
  } catch (error) {
    // The runs are the result; a figure that cannot be drawn must not fail the sweep.
    log.warn({ err: error, task_id: task.id }, 'sweep summary figure failed');
    return undefined;
  }
}

/**
 * Ends the task once no run is pending or running: `completed` when at least one run
 * succeeded (with the summary figure), `failed` when every run failed. Several workers may
 * finish their last runs at once; the conditional update lets exactly one of them end it, and
 * a loser removes the figure it drew.
 */
export async function finishTaskIfDone(ctx: SimulationContext, taskId: string, log: SweepLog): Promise<void> {
  const counts = await runCounts(ctx.db, taskId);
  if (counts.pending + counts.running > 0) return;
  const task = await findTask(ctx.db, taskId);
  if (task?.status !== 'processing') return;
  if (counts.completed === 0) {
    const firstFailed = (await listRuns(ctx.db, taskId)).find((r) => r.status === 'failed');
    const cause = firstFailed?.error
      ? (JSON.parse(firstFailed.error) as { code: string; message: string })
      : null;
    await endTask(ctx.db, taskId, {
      status: 'failed',
      error: `Every run failed${cause ? `; the first with ${cause.code}: ${cause.message}` : ''}`.slice(
        0,
        2000,
      ),
    });
    log.info({ task_id: taskId }, 'sweep failed: every run failed');
    return;
  }
  const summaryKey = await storeSummary(ctx, task, log);
  const ended = await endTask(ctx.db, taskId, { status: 'completed', summary_blob_key: summaryKey ?? null });
  if (!ended && summaryKey) await ctx.blobs.delete(summaryKey);
  if (ended)
    log.info({ task_id: taskId, completed: counts.completed, failed: counts.failed }, 'sweep completed');
}
