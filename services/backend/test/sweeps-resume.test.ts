import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startSimService } from './support/sim-service.js';
import {
  pointChargesSweep,
  postSweep,
  progressOf,
  recordsOf,
  resultsOf,
  runsOf,
  untilEnded,
  waitFor,
} from './support/sweeps.js';

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };
const RUNS = 10;

describe.each(testDatabaseFactories())('sweeps across a backend restart on $name', (factory) => {
  let database: TestDatabase;
  let db: Db;
  const apps: TestApp[] = [];
  const sims: { app: FastifyInstance }[] = [];

  beforeAll(async () => {
    database = await factory.create();
    // The test's own connection, to look at (and tamper with) the rows between the two backends.
    db = openDatabase(database.target).db;
  });

  afterAll(async () => {
    for (const t of apps) await t.app.close();
    for (const sim of sims) await sim.app.close();
    await db?.destroy();
    await database?.drop();
  });

  it('carries on after a restart without losing or repeating finished runs', async () => {
    const sim1 = await startSimService();
    sims.push(sim1);
    const first = await buildTestApp(database, { ...FAST, SIM_SERVICE_URL: sim1.url });
    apps.push(first);
    const student = bearer(await loginAs(first.app, 'student'));
    const res = await postSweep(first.app, student, pointChargesSweep(RUNS));
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().data.task_id;
    await waitFor(
      () => progressOf(first.app, student, taskId),
      (p) => p.completed >= 1,
      'a first run to complete',
    );

    // The sim service goes away (runs in flight fail as unreachable and go back to pending),
    // then the backend stops with the sweep unfinished.
    await sim1.app.close();
    await first.app.close();
    const before = await runsOf(db, taskId);
    const doneBefore = before.filter((r) => r.status === 'completed');
    expect(doneBefore.length).toBeGreaterThanOrEqual(1);
    expect(doneBefore.length).toBeLessThan(RUNS);
    expect(before.filter((r) => r.status === 'running')).toEqual([]);
    expect(
      (await db.selectFrom('sweep_tasks').select('status').where('id', '=', taskId).executeTakeFirst())
        ?.status,
    ).toBe('processing');

    // A run claimed by a process that then died: still `running`, its claim long expired.
    const orphan = before.find((r) => r.status === 'pending')!;
    await db
      .updateTable('sweep_runs')
      .set({
        status: 'running',
        worker: 'crashed-backend',
        attempts: orphan.attempts + 1,
        started_at: '2000-01-01T00:00:00.000Z',
      })
      .where('task_id', '=', taskId)
      .where('run_index', '=', orphan.run_index)
      .execute();

    const sim2 = await startSimService();
    sims.push(sim2);
    const second = await buildTestApp(database, { ...FAST, SIM_SERVICE_URL: sim2.url });
    apps.push(second);
    await second.app.ready();
    const again = bearer(await loginAs(second.app, 'student'));
    const done = await untilEnded(second.app, again, taskId);
    expect(done).toMatchObject({ status: 'completed', completed: RUNS, failed: 0 });

    const after = await runsOf(db, taskId);
    expect(after.every((r) => r.status === 'completed')).toBe(true);
    // Runs finished before the restart kept their record; no run was recorded twice.
    for (const run of doneBefore) {
      expect(after.find((r) => r.run_index === run.run_index)?.simulation_id).toBe(run.simulation_id);
    }
    const records = await recordsOf(db, taskId);
    expect(records).toHaveLength(RUNS);
    expect(new Set(after.map((r) => r.simulation_id))).toEqual(new Set(records));
    const rerun = after.find((r) => r.run_index === orphan.run_index)!;
    expect(rerun.worker).not.toBe('crashed-backend');
    expect(rerun.attempts).toBeGreaterThanOrEqual(orphan.attempts + 2);
    const results = await resultsOf(second.app, again, taskId);
    expect(results.summary.png_base64.length).toBeGreaterThan(100);
    // One user's runs take turns at the sim service (SIM_MAX_RUNNING_PER_USER), on a shared machine.
  }, 90_000);
});
