import { EPSILON_0 } from '@faraday/physics';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startSimService } from './support/sim-service.js';
import {
  type Auth,
  gaussFluxSweep,
  isPng,
  pointChargesSweep,
  postSweep,
  progressOf,
  recordsOf,
  resultsOf,
  runsOf,
  untilEnded,
} from './support/sweeps.js';

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', SIM_RATE_LIMIT_PER_MINUTE: '1000' };

describe.each(testDatabaseFactories())('parameter sweeps on $name', (factory) => {
  let database: TestDatabase;
  let sim: { app: FastifyInstance; url: string };
  let t: TestApp;
  let student: Auth;
  let other: Auth;
  let admin: Auth;

  beforeAll(async () => {
    sim = await startSimService();
    database = await factory.create();
    t = await buildTestApp(database, {
      ...FAST,
      SWEEP_RATE_LIMIT_PER_HOUR: '1000',
      SIM_SERVICE_URL: sim.url,
    });
    const adminToken = await loginAs(t.app, 'admin');
    admin = bearer(adminToken);
    student = bearer(await loginAs(t.app, 'student'));
    await createUserAs(t.app, adminToken, { username: 'classmate' });
    other = bearer(await loginAs(t.app, 'classmate', 'Passw0rd!x'));
  });

  afterAll(async () => {
    await t?.app.close();
    await sim?.app.close();
    await database?.drop();
  });

  it('runs a 3 × 2 sweep to completion with metrics, records and a summary figure', async () => {
    const res = await postSweep(
      t.app,
      student,
      gaussFluxSweep({
        'charges[0].q': { start: 1e-9, end: 3e-9, steps: 3 },
        'surface.radius': { start: 1, end: 2, steps: 2 },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json().data;
    expect(task).toEqual({
      task_id: expect.any(String),
      status: 'processing',
      total_simulations: 6,
      completed: 0,
      estimated_time: expect.any(Number),
      results_url: `/api/v1/sim/sweep/${task.task_id}/results`,
    });
    expect(Number.isInteger(task.estimated_time) && task.estimated_time >= 1).toBe(true);

    const done = await untilEnded(t.app, student, task.task_id);
    expect(done).toMatchObject({
      status: 'completed',
      completed: 6,
      failed: 0,
      pending: 0,
      estimated_time: 0,
    });
    expect(done.finished_at).toEqual(expect.any(String));

    const results = await resultsOf(t.app, student, task.task_id);
    expect(results.parameters).toEqual(['charges[0].q', 'surface.radius']);
    // Cartesian product, first path slowest.
    expect(results.runs.map((r: { values: object }) => r.values)).toEqual([
      { 'charges[0].q': 1e-9, 'surface.radius': 1 },
      { 'charges[0].q': 1e-9, 'surface.radius': 2 },
      { 'charges[0].q': 2e-9, 'surface.radius': 1 },
      { 'charges[0].q': 2e-9, 'surface.radius': 2 },
      { 'charges[0].q': 3e-9, 'surface.radius': 1 },
      { 'charges[0].q': 3e-9, 'surface.radius': 2 },
    ]);
    for (const run of results.runs) {
      expect(run.status).toBe('completed');
      expect(run.error).toBeNull();
      expect(run.metrics.electric_flux).toBeCloseTo(run.values['charges[0].q'] / EPSILON_0, 6);
      expect(run.metrics.relative_error).toBeLessThan(1e-6);
      expect(run.metrics.computation_time).toBeGreaterThanOrEqual(0);
      expect(run.simulation_id).toEqual(expect.any(String));
    }
    expect(results.summary.parameter).toBe('charges[0].q');
    expect(results.summary.metrics).toContain('electric_flux');
    expect(isPng(results.summary.png_base64)).toBe(true);

    // Each run is an ordinary simulation record of the owner, with the run's own parameters.
    const records = await recordsOf(t.app.db, task.task_id);
    expect(records.sort()).toEqual(
      results.runs.map((r: { simulation_id: string }) => r.simulation_id).sort(),
    );
    const third = results.runs[3];
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/results/${third.simulation_id}`,
      headers: student,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.parameters).toMatchObject({
      charges: [{ x: 0, y: 0, q: 2e-9 }],
      surface: { radius: 2 },
    });
  });

  it('rejects paths that do not lead to a number in base_parameters, naming them', async () => {
    const cases: [string, string][] = [
      ['charges[5].q', 'does not exist'],
      ['surface', 'does not point at a number'],
      ['charges[0].z', 'does not exist'],
      ['grid_resolution.x', 'does not exist'],
      ['charges[0]..q', 'is not a parameter path'],
      ['__proto__.polluted', 'is not allowed'],
    ];
    for (const [path, why] of cases) {
      const res = await postSweep(t.app, student, gaussFluxSweep({ [path]: { start: 1, end: 2, steps: 2 } }));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toContain(`"${path}" ${why}`);
    }
    const badRange = await postSweep(t.app, student, {
      ...gaussFluxSweep({}),
      sweep_parameters: { 'charges[0].q': { type: 'log', start: 1, end: 2, steps: 0 } },
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error.code).toBe('VALIDATION_ERROR');
    const none = await postSweep(t.app, student, gaussFluxSweep({}));
    expect(none.statusCode).toBe(400);
    const unknownSolver = await postSweep(t.app, student, {
      ...gaussFluxSweep({ 'charges[0].q': { start: 1, end: 2, steps: 2 } }),
      simulation_type: 'tokamak',
    });
    expect(unknownSolver.statusCode).toBe(400);
  });

  it('accepts top-level and nested paths of any solver, and refuses an oversized body', async () => {
    const laplace = await postSweep(t.app, student, {
      simulation_type: 'laplace2d',
      base_parameters: { nx: 20, ny: 20, v_top: 10, v_bottom: 0, v_left: 0, v_right: 0 },
      sweep_parameters: { v_top: { type: 'linear', start: 5, end: 10, steps: 2 } },
      output_format: 'summary',
    });
    expect(laplace.statusCode, laplace.body).toBe(201);
    const done = await untilEnded(t.app, student, laplace.json().data.task_id);
    expect(done.status).toBe('completed');
    const runs = (await resultsOf(t.app, student, done.task_id)).runs;
    expect(runs.map((r: { values: object }) => r.values)).toEqual([{ v_top: 5 }, { v_top: 10 }]);
    expect(runs[0].metrics).toMatchObject({
      iterations: expect.any(Number),
      convergence_error: expect.any(Number),
    });

    const wave = await postSweep(t.app, student, {
      simulation_type: 'wave_1d',
      base_parameters: {
        length: 1,
        total_time: 1e-8,
        nx: 50,
        nt: 20,
        source: { type: 'gaussian', position: 0.5, amplitude: 1, width: 0.05, frequency: 1e9 },
      },
      sweep_parameters: { 'source.amplitude': { type: 'linear', start: 1, end: 2, steps: 2 } },
    });
    expect(wave.statusCode, wave.body).toBe(201);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/sweep/${wave.json().data.task_id}`,
      headers: student,
    });

    const huge = gaussFluxSweep({ 'charges[0].q': { start: 1e-9, end: 2e-9, steps: 2 } });
    const padded = { ...huge, base_parameters: { ...huge.base_parameters, padding: 'x'.repeat(70_000) } };
    const tooBig = await postSweep(t.app, student, padded);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toContain('base_parameters is');
  });

  it('refuses more than 200 runs, saying how many were asked for', async () => {
    const res = await postSweep(
      t.app,
      student,
      gaussFluxSweep({
        'charges[0].q': { start: 1e-9, end: 2e-9, steps: 15 },
        'surface.radius': { start: 1, end: 2, steps: 15 },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toContain('225 runs');
    const exactly200 = await postSweep(
      t.app,
      student,
      gaussFluxSweep({
        'charges[0].q': { start: 1e-9, end: 2e-9, steps: 20 },
        'surface.radius': { start: 1, end: 2, steps: 10 },
      }),
    );
    expect(exactly200.statusCode).toBe(201);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/sweep/${exactly200.json().data.task_id}`,
      headers: student,
    });
    expect(cancelled.json().data.status).toBe('cancelled');
  });

  it('records a failing run with its error and carries on with the others', async () => {
    // The charge sits on the surface when radius = 0.5: the sim service rejects that run.
    const payload = gaussFluxSweep({ 'surface.radius': { start: 0.25, end: 0.75, steps: 3 } });
    payload.base_parameters.charges = [{ x: 0.5, y: 0, q: 1e-9 }];
    const res = await postSweep(t.app, student, payload);
    expect(res.statusCode, res.body).toBe(201);
    const done = await untilEnded(t.app, student, res.json().data.task_id);
    expect(done).toMatchObject({ status: 'completed', completed: 2, failed: 1 });
    const results = await resultsOf(t.app, student, done.task_id);
    expect(results.runs.map((r: { status: string }) => r.status)).toEqual([
      'completed',
      'failed',
      'completed',
    ]);
    expect(results.runs[1]).toMatchObject({
      simulation_id: null,
      metrics: null,
      error: { code: 'INVALID_PARAMETERS' },
    });
    expect(results.runs[0].metrics.electric_flux).toBeCloseTo(0, 6);
    expect(results.runs[2].metrics.electric_flux).toBeCloseTo(1e-9 / EPSILON_0, 6);
    expect(isPng(results.summary.png_base64)).toBe(true);
    expect(await recordsOf(t.app.db, done.task_id)).toHaveLength(2);
  });

  it('fails the task when every run fails', async () => {
    const payload = pointChargesSweep(3);
    payload.base_parameters.grid_size = 2;
    const res = await postSweep(t.app, student, payload);
    expect(res.statusCode, res.body).toBe(201);
    const done = await untilEnded(t.app, student, res.json().data.task_id);
    expect(done).toMatchObject({ status: 'failed', completed: 0, failed: 3 });
    expect(done.error).toContain('INVALID_PARAMETERS');
    expect((await resultsOf(t.app, student, done.task_id)).summary).toBeNull();
  });

  it('cancels: runs not started are never run, running ones are stopped, and the task stays cancelled', async () => {
    const res = await postSweep(t.app, student, pointChargesSweep(40));
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().data.task_id;
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/sweep/${taskId}`,
      headers: student,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ task_id: taskId, status: 'cancelled', estimated_time: 0 });
    // Runs running when the cancel came are cancelled with the others (their computation is
    // stopped); only a run recorded before the cancel stays completed.
    const runs = await runsOf(t.app.db, taskId);
    expect(runs.filter((r) => r.status === 'running' || r.status === 'pending')).toEqual([]);
    const cancelled = runs.filter((r) => r.status === 'cancelled');
    const completed = runs.filter((r) => r.status === 'completed');
    expect(cancelled.length).toBeGreaterThan(30);
    expect(cancelled.length + completed.length).toBe(40);
    expect(cancelled.every((r) => r.simulation_id === null)).toBe(true);
    expect(cancelled.filter((r) => r.attempts > 0).length).toBeLessThanOrEqual(2);
    expect(await recordsOf(t.app.db, taskId)).toHaveLength(completed.length);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/sweep/${taskId}`,
      headers: student,
    });
    expect(again.json().data.status).toBe('cancelled');
    const results = await resultsOf(t.app, student, taskId);
    expect(results.status).toBe('cancelled');
    expect(results.summary).toBeNull();
  });

  it('shows a task to its owner and admins only', async () => {
    const res = await postSweep(
      t.app,
      student,
      gaussFluxSweep({ 'charges[0].q': { start: 1e-9, end: 2e-9, steps: 2 } }),
    );
    const taskId = res.json().data.task_id;
    for (const url of [`/api/v1/sim/sweep/${taskId}`, `/api/v1/sim/sweep/${taskId}/results`]) {
      const foreign = await t.app.inject({ method: 'GET', url, headers: other });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('TASK_NOT_FOUND');
      expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
    }
    const foreignCancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/sweep/${taskId}`,
      headers: other,
    });
    expect(foreignCancel.json().error.code).toBe('TASK_NOT_FOUND');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sim/sweep/no-such-task',
      headers: student,
    });
    expect(missing.json().error.code).toBe('TASK_NOT_FOUND');
    const anonymous = await postSweep(
      t.app,
      { authorization: '' },
      gaussFluxSweep({ v: { start: 1, end: 2, steps: 2 } }),
    );
    expect(anonymous.statusCode).toBe(401);
    expect((await untilEnded(t.app, student, taskId)).status).toBe('completed');
  });

  it('records the runs under a course the caller belongs to, and only then', async () => {
    const teacher = bearer(await loginAs(t.app, 'teacher'));
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: teacher,
      payload: { name: 'Sweep Lab', code: `SW-${factory.name}`, semester: '2025-2026-1' },
    });
    const courseId = course.json().data.id;
    const sweep = {
      ...gaussFluxSweep({ 'charges[0].q': { start: 1e-9, end: 2e-9, steps: 2 } }),
      course_id: courseId,
    };
    const foreign = await postSweep(t.app, other, sweep);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('COURSE_NOT_FOUND');
    const mine = await postSweep(t.app, teacher, sweep);
    expect(mine.statusCode, mine.body).toBe(201);
    const done = await untilEnded(t.app, teacher, mine.json().data.task_id);
    expect(done).toMatchObject({ status: 'completed', course_id: courseId });
    const rows = await t.app.db
      .selectFrom('simulations')
      .select('course_id')
      .where('sweep_id', '=', done.task_id)
      .execute();
    expect(rows.map((r) => r.course_id)).toEqual([courseId, courseId]);
  });

  it('limits sweeps per user per hour (SWEEP_RATE_LIMIT_PER_HOUR)', async () => {
    const limited = await buildTestApp(database, {
      ...FAST,
      SWEEP_RATE_LIMIT_PER_HOUR: '2',
      SIM_SERVICE_URL: sim.url,
    });
    try {
      const who = bearer(await loginAs(limited.app, 'student'));
      const one = gaussFluxSweep({ 'charges[0].q': { start: 1e-9, end: 1e-9, steps: 1 } });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await postSweep(limited.app, who, one));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 429]);
      expect(answers[2]!.json().error.code).toBe('RATE_LIMITED');
      expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
      // Another user has a budget of their own.
      const classmate = bearer(await loginAs(limited.app, 'classmate', 'Passw0rd!x'));
      expect((await postSweep(limited.app, classmate, one)).statusCode).toBe(201);
      for (const answer of answers.slice(0, 2))
        await untilEnded(limited.app, who, answer.json().data.task_id);
      expect((await progressOf(limited.app, who, answers[0]!.json().data.task_id)).total_simulations).toBe(1);
    } finally {
      await limited.app.close();
    }
  });
});
