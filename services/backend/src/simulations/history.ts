import type { LinearRange, SimulationHistoryEntry, SimulationType } from '@faraday/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { SweepTaskRow } from '../sweeps/sweeps.repository.js';
import { toSimulationRecord } from './simulation-views.js';
import type { SimulationWithOwner } from './simulations.repository.js';

/**
 * The history (GET /api/v1/sim/history): single runs and sweeps, newest first, one entry per
 * sweep with its recorded runs inside it, so a 200-run sweep is one line and not
 * ten pages. A run whose sweep is gone (retention removed the task first) is listed on its own.
 */

export interface HistoryFilter {
  ownerId?: string | undefined;
  courseId?: string | undefined;
  type?: string | undefined;
  offset: number;
  limit: number;
}

type SweepWithOwner = SweepTaskRow & { owner_name: string };

function singleRuns(db: Db, f: HistoryFilter) {
  let q = db
    .selectFrom('simulations as s')
    .leftJoin('sweep_tasks as t', 't.id', 's.sweep_id')
    .where('t.id', 'is', null);
  if (f.ownerId !== undefined) q = q.where('s.owner_id', '=', f.ownerId);
  if (f.courseId !== undefined) q = q.where('s.course_id', '=', f.courseId);
  if (f.type !== undefined) q = q.where('s.type', '=', f.type);
  return q;
}

function sweeps(db: Db, f: HistoryFilter) {
  let q = db.selectFrom('sweep_tasks as t');
  if (f.ownerId !== undefined) q = q.where('t.owner_id', '=', f.ownerId);
  if (f.courseId !== undefined) q = q.where('t.course_id', '=', f.courseId);
  if (f.type !== undefined) q = q.where('t.simulation_type', '=', f.type);
  return q;
}

async function pageOfEntries(db: Db, f: HistoryFilter) {
  const entries = singleRuns(db, f)
    .select(['s.id as id', 's.created_at as created_at', sql<string>`'simulation'`.as('kind')])
    .unionAll(
      sweeps(db, f).select(['t.id as id', 't.created_at as created_at', sql<string>`'sweep'`.as('kind')]),
    );
  const [page, singles, sweepCount] = await Promise.all([
    db
      .selectFrom(entries.as('h'))
      .select(['h.id', 'h.kind'])
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    singleRuns(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    sweeps(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { page, total: Number(singles.n) + Number(sweepCount.n) };
}

async function runsOf(db: Db, taskIds: string[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('sweep_runs as r')
    .innerJoin('simulations as s', 's.id', 'r.simulation_id')
    .select([
      'r.task_id',
      'r.run_index',
      'r.values',
      's.id as simulation_id',
      's.title',
      's.created_at',
      's.computation_time',
    ])
    .where('r.task_id', 'in', taskIds)
    .orderBy('r.task_id')
    .orderBy('r.run_index')
    .execute();
}

function toSweepEntry(
  task: SweepWithOwner,
  runs: Awaited<ReturnType<typeof runsOf>>,
): SimulationHistoryEntry {
  const paths = Object.keys(JSON.parse(task.sweep_parameters) as Record<string, LinearRange>);
  const mine = runs
    .filter((r) => r.task_id === task.id)
    .map((r) => ({
      simulation_id: r.simulation_id,
      run_index: r.run_index,
      values: JSON.parse(r.values) as Record<string, number>,
      title: r.title,
      created_at: r.created_at,
      computation_time: Number(r.computation_time),
    }));
  return {
    kind: 'sweep',
    id: task.id,
    type: task.simulation_type as SimulationType,
    title: `${task.simulation_type} sweep over ${paths.join(', ')} (${task.total_simulations} runs)`.slice(
      0,
      200,
    ),
    parameters: JSON.parse(task.base_parameters) as Record<string, unknown>,
    status: task.status,
    course_id: task.course_id,
    owner_id: task.owner_id,
    owner_name: task.owner_name,
    created_at: task.created_at,
    computation_time: mine.reduce((s, r) => s + r.computation_time, 0),
    sweep: {
      task_id: task.id,
      parameters: paths,
      total_simulations: task.total_simulations,
      completed: task.completed,
      failed: task.failed,
      results_url: `/api/v1/sim/sweep/${task.id}/results`,
      runs: mine,
    },
  };
}

export async function listHistory(
  db: Db,
  f: HistoryFilter,
): Promise<{ entries: SimulationHistoryEntry[]; total: number }> {
  const { page, total } = await pageOfEntries(db, f);
  const simulationIds = page.filter((e) => e.kind === 'simulation').map((e) => e.id);
  const taskIds = page.filter((e) => e.kind === 'sweep').map((e) => e.id);
  const [simulations, tasks, runs] = await Promise.all([
    simulationIds.length === 0
      ? Promise.resolve([] as SimulationWithOwner[])
      : db
          .selectFrom('simulations as s')
          .innerJoin('users as u', 'u.id', 's.owner_id')
          .selectAll('s')
          .select('u.name as owner_name')
          .where('s.id', 'in', simulationIds)
          .execute(),
    taskIds.length === 0
      ? Promise.resolve([] as SweepWithOwner[])
      : db
          .selectFrom('sweep_tasks as t')
          .innerJoin('users as u', 'u.id', 't.owner_id')
          .selectAll('t')
          .select('u.name as owner_name')
          .where('t.id', 'in', taskIds)
          .execute(),
    runsOf(db, taskIds),
  ]);
  const entries = page.flatMap((e): SimulationHistoryEntry[] => {
    if (e.kind === 'sweep') {
      const task = tasks.find((t) => t.id === e.id);
      return task ? [toSweepEntry(task, runs)] : [];
    }
    const row = simulations.find((s) => s.id === e.id);
    return row ? [{ ...toSimulationRecord(row), kind: 'simulation', sweep: null }] : [];
  });
  return { entries, total };
}
