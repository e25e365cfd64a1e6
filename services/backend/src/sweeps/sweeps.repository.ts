import type { SweepRunStatus } from '@faraday/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SweepRunsTable, SweepTasksTable } from '../db/schema.js';
import { isoNow } from '../shared/time.js';

export type SweepTaskRow = Selectable<SweepTasksTable>;
export type SweepRunRow = Selectable<SweepRunsTable>;

export interface RunKey {
  taskId: string;
  runIndex: number;
}

/**
 * Who holds a run: the worker that claimed it and the attempt number it claimed it with. Every
 * write after the claim is conditional on both (a fencing token), so a worker that lost its
 * claim (declared dead, its run given to another) can never overwrite the other's result.
 */
export interface RunFence extends RunKey {
  worker: string;
  attempt: number;
}

/** The task and all its runs in one transaction: a sweep is never half-created. */
export async function insertSweep(
  db: Db,
  task: Insertable<SweepTasksTable>,
  runs: Insertable<SweepRunsTable>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sweep_tasks').values(task).execute();
    for (let i = 0; i < runs.length; i += 50) {
      await trx
        .insertInto('sweep_runs')
        .values(runs.slice(i, i + 50))
        .execute();
    }
  });
}

export async function deleteSweep(db: Db, taskId: string): Promise<void> {
  await db.deleteFrom('sweep_runs').where('task_id', '=', taskId).execute();
  await db.deleteFrom('sweep_tasks').where('id', '=', taskId).execute();
}

export function findTask(db: Db, taskId: string): Promise<SweepTaskRow | undefined> {
  return db.selectFrom('sweep_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
}

export function findRun(db: Db, key: RunKey): Promise<SweepRunRow | undefined> {
  return db
    .selectFrom('sweep_runs')
    .selectAll()
    .where('task_id', '=', key.taskId)
    .where('run_index', '=', key.runIndex)
    .executeTakeFirst();
}

export function listRuns(db: Db, taskId: string): Promise<SweepRunRow[]> {
  return db.selectFrom('sweep_runs').selectAll().where('task_id', '=', taskId).orderBy('run_index').execute();
}

export async function runIndexesWithStatus(
  db: Db,
  taskId: string,
  status: SweepRunStatus,
): Promise<number[]> {
  const rows = await db
    .selectFrom('sweep_runs')
    .select('run_index')
    .where('task_id', '=', taskId)
    .where('status', '=', status)
    .orderBy('run_index')
    .execute();
  return rows.map((r) => r.run_index);
}

export async function runCounts(db: Db, taskId: string): Promise<Record<SweepRunStatus, number>> {
  const rows = await db
    .selectFrom('sweep_runs')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('task_id', '=', taskId)
    .groupBy('status')
    .execute();
  const counts = { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status as SweepRunStatus] = Number(row.n);
  return counts;
}

/**
 * The next run for the in-process runner. Ordered by run index first, then task age: the
 * sweeps in progress take turns (run 0 of each, then run 1 of each, …), so a 200-run sweep
 * does not hold back a 3-run sweep started after it.
 */
export function nextPendingRun(db: Db): Promise<{ task_id: string; run_index: number } | undefined> {
  return db
    .selectFrom('sweep_runs as r')
    .innerJoin('sweep_tasks as t', 't.id', 'r.task_id')
    .select(['r.task_id', 'r.run_index'])
    .where('t.status', '=', 'processing')
    .where('r.status', '=', 'pending')
    .orderBy('r.run_index')
    .orderBy('t.created_at')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims a run for `worker`: a compare-and-set on (status, attempts) that only one caller can
 * win, however many processes try at once. `from` lists the states it may be claimed from:
 * `pending` always; also `running` for a queue worker, whose job lock already proves that the
 * previous holder is gone. Returns the fence, or undefined when someone else has it.
 */
export async function claimRun(
  db: Db,
  key: RunKey,
  worker: string,
  from: SweepRunStatus[],
): Promise<RunFence | undefined> {
  const run = await findRun(db, key);
  if (!run || !from.includes(run.status as SweepRunStatus)) return undefined;
  const now = isoNow();
  const result = await db
    .updateTable('sweep_runs')
    .set({
      status: 'running',
      attempts: run.attempts + 1,
      worker,
      started_at: now,
      heartbeat_at: now,
      finished_at: null,
    })
    .where('task_id', '=', key.taskId)
    .where('run_index', '=', key.runIndex)
    .where('status', '=', run.status)
    .where('attempts', '=', run.attempts)
    // In the same statement, so a cancel that has ended the task wins over a claim racing it.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sweep_tasks')
          .select('id')
          .where('id', '=', key.taskId)
          .where('status', '=', 'processing'),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return { ...key, worker, attempt: run.attempts + 1 };
}

/**
 * The holder's heartbeat: renews the run's lease while it is being worked on. False when the
 * fence no longer holds or the task has ended (cancelled): the holder must stop the run.
 */
export async function renewRun(db: Db, fence: RunFence): Promise<boolean> {
  const result = await db
    .updateTable('sweep_runs')
    .set({ heartbeat_at: isoNow() })
    .where('task_id', '=', fence.taskId)
    .where('run_index', '=', fence.runIndex)
    .where('status', '=', 'running')
    .where('worker', '=', fence.worker)
    .where('attempts', '=', fence.attempt)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sweep_tasks')
          .select('id')
          .where('id', '=', fence.taskId)
          .where('status', '=', 'processing'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends (or gives back) a claimed run; false when the fence no longer holds. */
export async function settleRun(
  db: Db,
  fence: RunFence,
  change: {
    status: SweepRunStatus;
    simulation_id?: string | null;
    metrics?: string | null;
    error?: string | null;
  },
): Promise<boolean> {
  const ended = change.status !== 'pending';
  const result = await db
    .updateTable('sweep_runs')
    // A run given back has no holder and no lease.
    .set({
      ...change,
      finished_at: ended ? isoNow() : null,
      ...(ended ? {} : { worker: null, heartbeat_at: null }),
    })
    .where('task_id', '=', fence.taskId)
    .where('run_index', '=', fence.runIndex)
    .where('status', '=', 'running')
    .where('worker', '=', fence.worker)
    .where('attempts', '=', fence.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The task's counters recomputed from its runs: idempotent, so concurrent workers cannot drift them. */
export async function refreshCounters(db: Db, taskId: string): Promise<void> {
  const count = (status: SweepRunStatus) =>
    db
      .selectFrom('sweep_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('task_id', '=', taskId)
      .where('status', '=', status);
  await db
    .updateTable('sweep_tasks')
    .set({ completed: count('completed'), failed: count('failed'), updated_at: isoNow() })
    .where('id', '=', taskId)
    .execute();
}

/** Moves a task out of `processing`; false when it already left (finished elsewhere, cancelled). */
export async function endTask(
  db: Db,
  taskId: string,
  change: {
    status: 'completed' | 'failed' | 'cancelled';
    summary_blob_key?: string | null;
    error?: string | null;
  },
): Promise<boolean> {
  const now = isoNow();
  const result = await db
    .updateTable('sweep_tasks')
    .set({ ...change, updated_at: now, finished_at: now })
    .where('id', '=', taskId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Cancels the runs not yet ended, the running ones too: their fence breaks, so their holder
 * records nothing, and its next heartbeat tells it to stop the computation.
 */
export async function cancelOpenRuns(db: Db, taskId: string): Promise<void> {
  await db
    .updateTable('sweep_runs')
    .set({ status: 'cancelled', finished_at: isoNow() })
    .where('task_id', '=', taskId)
    .where('status', 'in', ['pending', 'running'])
    .execute();
}

export async function processingTaskIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('sweep_tasks')
    .select('id')
    .where('status', '=', 'processing')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}

/** Running runs whose lease was last renewed before `before`: their holder died. */
export function expiredRuns(db: Db, before: string): Promise<SweepRunRow[]> {
  return db
    .selectFrom('sweep_runs as r')
    .innerJoin('sweep_tasks as t', 't.id', 'r.task_id')
    .selectAll('r')
    .where('t.status', '=', 'processing')
    .where('r.status', '=', 'running')
    .where((eb) => eb.fn.coalesce('r.heartbeat_at', 'r.started_at'), '<', before)
    .execute();
}

/** Wall times (claim to end) of the latest successful sweep runs of a solver. */
export function recentRunTimes(
  db: Db,
  type: string,
  limit: number,
): Promise<{ started_at: string | null; finished_at: string | null }[]> {
  return db
    .selectFrom('sweep_runs as r')
    .innerJoin('sweep_tasks as t', 't.id', 'r.task_id')
    .select(['r.started_at', 'r.finished_at'])
    .where('t.simulation_type', '=', type)
    .where('r.status', '=', 'completed')
    .orderBy('r.finished_at', 'desc')
    .limit(limit)
    .execute();
}
