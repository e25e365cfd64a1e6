/**
 * A backend killed mid-sweep (SIGKILL, no chance to give its runs back) loses its
 * runs only for the lease, which its heartbeat renewed while it was alive: another instance
 * takes them over and the sweep completes within a minute of the kill, each step recorded once.
 * Real processes from dist (`tsc -b` first) on one database.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';
import { BACKEND_MAIN, type BackendProcess, databaseUrlOf, spawnBackend } from './support/backend-process.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { HELD_WORKER, startSimService } from './support/sim-service.js';
import { pointChargesSweep, recordsOf, runsOf, waitFor } from './support/sweeps.js';

const RUNS = 24;
// While this file exists the sim service holds each new run before it starts, so the killed
// backend is sure to die with a run in its hands (a run finishes in milliseconds otherwise).
const HOLD_FILE = join(tmpdir(), `faraday-sweeps-crash-${process.pid}.hold`);

async function login(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const body = (await res.json()) as { data: { access_token: string } };
  return { authorization: `Bearer ${body.data.access_token}`, 'content-type': 'application/json' };
}

describe.each(testDatabaseFactories())('a backend killed mid-sweep on $name', (factory) => {
  let database: TestDatabase;
  let db: Db;
  let sim: { app: FastifyInstance; url: string };
  const backends: BackendProcess[] = [];

  beforeAll(async () => {
    expect(existsSync(BACKEND_MAIN), `${BACKEND_MAIN} is missing; build first (npx tsc -b)`).toBe(true);
    database = await factory.create();
    db = openDatabase(database.target).db;
    process.env.FARADAY_TEST_HOLD_FILE = HOLD_FILE;
    sim = await startSimService({}, HELD_WORKER);
  });

  afterAll(async () => {
    for (const b of backends)
      if (b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
    await Promise.all(backends.map((b) => b.exited));
    await sim?.app.close();
    await db?.destroy();
    await database?.drop();
    rmSync(HOLD_FILE, { force: true });
  });

  const start = async () => {
    const backend = await spawnBackend({
      DATA_DIR: database.dataDir,
      DATABASE_URL: databaseUrlOf(database.target),
      SIM_SERVICE_URL: sim.url,
      BCRYPT_COST: '4',
    });
    backends.push(backend);
    return backend;
  };

  it('has another instance finish the sweep within 60 s of the kill, one result per step', async () => {
    const first = await start();
    const who = await login(first.url);
    const res = await fetch(`${first.url}/api/v1/sim/parameter_sweep`, {
      method: 'POST',
      headers: who,
      body: JSON.stringify(pointChargesSweep(RUNS, 100)),
    });
    expect(res.status).toBe(201);
    const taskId = ((await res.json()) as { data: { task_id: string } }).data.task_id;
    const mine = `:${first.child.pid}:`;
    await waitFor(
      () => runsOf(db, taskId),
      (runs) => runs.some((r) => r.status === 'completed'),
      'a run done',
      60_000,
      10,
    );
    writeFileSync(HOLD_FILE, '');
    // A run already inside the solver when the hold began ends within this pause; every run
    // claimed after it waits in the sim service, so what is seen next stays as it is.
    await sleep(1_000);
    const before = await waitFor(
      () => runsOf(db, taskId),
      (runs) => runs.some((r) => r.status === 'running' && r.worker?.includes(mine)),
      'a run in hand',
      60_000,
      10,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    rmSync(HOLD_FILE);
    const orphans = (await runsOf(db, taskId)).filter(
      (r) => r.status === 'running' && r.worker?.includes(mine),
    );
    expect(orphans.length).toBeGreaterThanOrEqual(1);
    const doneBefore = before.filter((r) => r.status === 'completed');

    await start();
    // The wait gives up 60 s after the other instance started: the bound in the test's name.
    const task = await waitFor(
      () => db.selectFrom('sweep_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow(),
      (row) => row.status !== 'processing',
      'the sweep to end',
      60_000,
      200,
    );
    expect(task).toMatchObject({ status: 'completed', completed: RUNS, failed: 0 });

    const after = await runsOf(db, taskId);
    expect(after.every((r) => r.status === 'completed')).toBe(true);
    for (const orphan of orphans) {
      const redone = after.find((r) => r.run_index === orphan.run_index)!;
      expect(redone.worker).not.toContain(mine);
      expect(redone.attempts).toBe(orphan.attempts + 1);
    }
    for (const run of doneBefore) {
      expect(after.find((r) => r.run_index === run.run_index)?.simulation_id).toBe(run.simulation_id);
    }
    // Exactly once: one record per step, each the run's own.
    const records = await recordsOf(db, taskId);
    expect(records).toHaveLength(RUNS);
    expect(new Set(after.map((r) => r.simulation_id))).toEqual(new Set(records));
  }, 180_000);
});
