/**
 * Fair shares through the backend: a user's 200-run sweep holds one thread of the sim service, so
 * another user's interactive run starts at once; cancelling the sweep and a caller who
 * disconnects stop the computations in the sim service (seen in its pool, not only in the
 * database). The sweep's solver never ends (the sim service's test worker), so only stopping it
 * frees a thread.
 */
import { solverExamples } from '@faraday/physics/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/shared/ids.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { ENDLESS_SOLENOID_WORKER, simPoolStatus, startSimService } from './support/sim-service.js';
import { type Auth, postSweep, progressOf, runsOf, waitFor } from './support/sweeps.js';

describe.each(testDatabaseFactories())('fair shares and stopping computations on $name', (factory) => {
  let database: TestDatabase;
  let sim: { app: FastifyInstance; url: string };
  let t: TestApp;
  let base: string;
  let student: Auth;
  let teacher: Auth;

  beforeAll(async () => {
    database = await factory.create();
    sim = await startSimService({ SIM_TIMEOUT_SEC: '600' }, ENDLESS_SOLENOID_WORKER);
    t = await buildTestApp(database, { BCRYPT_COST: '4', SIM_SERVICE_URL: sim.url });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    student = bearer(await loginAs(t.app, 'student'));
    teacher = bearer(await loginAs(t.app, 'teacher'));
    // A measured solenoid speed, so the sweep's estimate needs no probe run.
    const owner = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('simulations')
      .values({
        id: newId(),
        owner_id: owner.id,
        course_id: null,
        type: 'solenoid',
        title: 'measured',
        parameters: '{}',
        metadata: JSON.stringify({ computation_time: 0.01, render_time: 0.05 }),
        status: 'completed',
        computation_time: 0.01,
        png_blob_key: null,
        data_blob_key: null,
        sweep_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  });

  afterAll(async () => {
    await t?.app.close();
    await sim?.app.close();
    await database?.drop();
  });

  it('runs another user’s request at once during a 200-run sweep, and cancelling stops the sweep’s computations', async () => {
    const res = await postSweep(t.app, student, {
      simulation_type: 'solenoid',
      base_parameters: solverExamples.solenoid,
      sweep_parameters: { current: { type: 'linear', start: 1, end: 2, steps: 200 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().data.task_id;
    // 0.16 s a run (the record above plus 0.1 s overhead), one run at a time for one user: the
    // in-process runner's two slots do not make it faster.
    // (32 s; 33 when the sum rounds up in binary. Two at a time would be 16.)
    expect(res.json().data.estimated_time).toBeGreaterThanOrEqual(32);
    expect(res.json().data.estimated_time).toBeLessThanOrEqual(33);
    // The backend sends two runs at a time; the sim service runs one of the same user's.
    await waitFor(
      () => simPoolStatus(sim.url),
      (s) => s.running === 1 && s.queued === 1,
      'the sweep to hold one thread',
    );

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sim/fresnel',
      headers: teacher,
      payload: solverExamples.fresnel,
    });
    expect(other.statusCode, other.body).toBe(200);
    // Another user's computation takes the second thread at once: the sweep's runs never end,
    // so it starts while the sweep's run still holds its thread and its next run still waits.
    const teacherLeaves = new AbortController();
    const endless = fetch(`${base}/api/v1/sim/solenoid`, {
      method: 'POST',
      headers: { ...teacher, 'content-type': 'application/json' },
      body: JSON.stringify(solverExamples.solenoid),
      signal: teacherLeaves.signal,
    }).catch(() => 'left');
    const teacherStarted = await waitFor(
      () => simPoolStatus(sim.url),
      (s) => s.running === 2,
      'the teacher’s run to start',
      10_000,
      20,
    );
    expect(teacherStarted).toMatchObject({ running: 2, running_background: 1, queued: 1 });
    teacherLeaves.abort();
    await endless;
    await waitFor(
      () => simPoolStatus(sim.url),
      (s) => s.running === 1,
      'the teacher’s run to stop',
      10_000,
    );

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/sweep/${taskId}`,
      headers: student,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await waitFor(
      () => simPoolStatus(sim.url),
      (s) => s.running === 0 && s.queued === 0,
      'the sweep’s computations to stop',
      10_000,
    );
    const runs = await runsOf(t.app.db, taskId);
    expect(runs.filter((r) => r.status === 'running' || r.status === 'pending')).toEqual([]);
    expect(runs.filter((r) => r.status === 'completed')).toEqual([]);
    expect((await progressOf(t.app, student, taskId)).status).toBe('cancelled');
    // Nothing was recorded for the stopped runs.
    const records = await t.app.db
      .selectFrom('simulations')
      .select('id')
      .where('sweep_id', '=', taskId)
      .execute();
    expect(records).toEqual([]);
  });

  it('stops the computation when the caller of a solver run disconnects', async () => {
    const caller = new AbortController();
    const call = fetch(`${base}/api/v1/sim/solenoid`, {
      method: 'POST',
      headers: { ...student, 'content-type': 'application/json' },
      body: JSON.stringify(solverExamples.solenoid),
      signal: caller.signal,
    }).catch(() => 'left');
    await waitFor(
      () => simPoolStatus(sim.url),
      (s) => s.running === 1,
      'the run to start',
    );
    caller.abort();
    expect(await call).toBe('left');
    await waitFor(
      () => simPoolStatus(sim.url),
      (s) => s.running === 0,
      'the worker to be freed',
      10_000,
    );
    // The backend logged why it answered nobody, and the sim service is free for the next run.
    await waitFor(
      async () => t.logs.lines.some((l) => l.msg === 'caller left; computation stopped'),
      Boolean,
      'the log line',
      5000,
    );
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sim/fresnel',
      headers: student,
      payload: solverExamples.fresnel,
    });
    expect(next.statusCode, next.body).toBe(200);
  });
});
