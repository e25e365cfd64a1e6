import { simulationHistorySchema, sweepResultsSchema } from '@faraday/contracts';
import { COULOMB_K } from '@faraday/physics';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startSimService } from './support/sim-service.js';
import { type Auth, isPng, postSweep, resultsOf, untilEnded } from './support/sweeps.js';

/**
 * Through HTTP: a sweep measured at a probe point, the summary's declared metrics and
 * units, and the history with one entry per sweep and its runs inside.
 */

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', SIM_RATE_LIMIT_PER_MINUTE: '1000' };

const charges = [
  { x: -0.3, y: 0, q: 1e-9 },
  { x: 0.3, y: 0, q: -1e-9 },
];
// not equidistant from the charges in any run, so V is never 0 (relative errors stay defined)
const probe = { x: 0.15, y: 0.4 };

function coulomb(qs: { x: number; y: number; q: number }[], p: { x: number; y: number }) {
  let ex = 0;
  let ey = 0;
  let v = 0;
  for (const c of qs) {
    const r = Math.hypot(p.x - c.x, p.y - c.y);
    ex += (COULOMB_K * c.q * (p.x - c.x)) / r ** 3;
    ey += (COULOMB_K * c.q * (p.y - c.y)) / r ** 3;
    v += (COULOMB_K * c.q) / r;
  }
  return { e: Math.hypot(ex, ey), v };
}

describe.each(testDatabaseFactories())('sweep metrics and grouped history on $name', (factory) => {
  let database: TestDatabase;
  let sim: { app: FastifyInstance; url: string };
  let t: TestApp;
  let teacher: Auth;
  let student: Auth;
  let courseId: string;

  beforeAll(async () => {
    sim = await startSimService();
    database = await factory.create();
    t = await buildTestApp(database, {
      ...FAST,
      SWEEP_RATE_LIMIT_PER_HOUR: '1000',
      SIM_SERVICE_URL: sim.url,
    });
    teacher = bearer(await loginAs(t.app, 'teacher'));
    student = bearer(await loginAs(t.app, 'student'));
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: teacher,
      payload: { name: 'Sweep Lab', code: 'SW-1', semester: '2025-2026-1' },
    });
    courseId = course.json().data.id;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses/join',
      headers: student,
      payload: { invite_code: course.json().data.invite_code },
    });
  });

  afterAll(async () => {
    await t?.app.close();
    await sim?.app.close();
    await database?.drop();
  });

  const history = async (who: Auth, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/sim/history${query}`, headers: who });
    expect(res.statusCode, res.body).toBe(200);
    return simulationHistorySchema.parse(res.json().data);
  };

  it('measures every run at the probe, draws labelled curves, and groups the runs under the sweep', async () => {
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sim/fresnel',
      headers: student,
      payload: { n1: 1, n2: 1.5, theta_i: 30, course_id: courseId },
    });
    expect(single.statusCode, single.body).toBe(200);
    const res = await postSweep(t.app, student, {
      simulation_type: 'point_charges',
      base_parameters: { charges, grid_size: 21 },
      sweep_parameters: {
        'charges[0].q': { type: 'linear', start: 1e-9, end: 3e-9, steps: 3 },
        'charges[1].x': { type: 'linear', start: 0.3, end: 0.5, steps: 2 },
      },
      probe,
      course_id: courseId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const taskId: string = res.json().data.task_id;
    expect((await untilEnded(t.app, student, taskId)).status).toBe('completed');

    const results = sweepResultsSchema.parse(await resultsOf(t.app, student, taskId));
    expect(results.probe).toEqual(probe);
    expect(results.parameter_units).toEqual({ 'charges[0].q': 'C', 'charges[1].x': 'm' });
    expect(results.metric_definitions).toEqual([
      {
        name: 'field_at_probe',
        label: '|E| at (0.15, 0.4) m',
        labels: { en: '|E| at (0.15, 0.4) m', zh: '(0.15, 0.4) m 处的 |E|' },
        unit: 'V/m',
      },
      {
        name: 'potential_at_probe',
        label: 'V at (0.15, 0.4) m',
        labels: { en: 'V at (0.15, 0.4) m', zh: '(0.15, 0.4) m 处的电势 V' },
        unit: 'V',
      },
      {
        name: 'max_field_strength',
        label: 'Largest |E| on the grid',
        labels: { en: 'Largest |E| on the grid', zh: '网格上最大的 |E|' },
        unit: 'V/m',
      },
    ]);
    for (const run of results.runs) {
      const qs = [
        { ...charges[0]!, q: run.values['charges[0].q']! },
        { ...charges[1]!, x: run.values['charges[1].x']! },
      ];
      const exact = coulomb(qs, probe);
      expect(Math.abs(run.metrics!.field_at_probe! - exact.e) / exact.e).toBeLessThan(1e-12);
      expect(Math.abs(run.metrics!.potential_at_probe! - exact.v) / Math.abs(exact.v)).toBeLessThan(1e-12);
    }
    // three values of q on x, a curve per position of the second charge; timings are not drawn
    expect(results.summary).toMatchObject({
      parameter: 'charges[0].q',
      metrics: ['field_at_probe', 'potential_at_probe', 'max_field_strength'],
      layout: 'curves',
    });
    const png = Buffer.from(results.summary!.png_base64, 'base64');
    expect(isPng(results.summary!.png_base64)).toBe(true);
    expect((await sharp(png).metadata()).width).toBe(800);
    // in Chinese on request: the same figure drawn with the Chinese names, the rest unchanged
    const zh = sweepResultsSchema.parse(await resultsOf(t.app, student, taskId, '?lang=zh'));
    expect(zh.summary?.png_base64).not.toBe(results.summary?.png_base64);
    expect((await sharp(Buffer.from(zh.summary!.png_base64, 'base64')).metadata()).width).toBe(800);
    expect({ ...zh, summary: null }).toEqual({ ...results, summary: null });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/sweep/${taskId}/results?lang=fr`,
      headers: student,
    });
    expect(unknown.statusCode).toBe(400);

    // history: the single run and the sweep, two entries, not seven
    const mine = await history(student);
    expect(mine.total).toBe(2);
    expect(mine.simulations.map((e) => e.kind)).toEqual(['sweep', 'simulation']);
    const entry = mine.simulations[0]!;
    expect(entry).toMatchObject({
      id: taskId,
      type: 'point_charges',
      status: 'completed',
      course_id: courseId,
      owner_name: 'Demo Student',
      sweep: {
        task_id: taskId,
        parameters: ['charges[0].q', 'charges[1].x'],
        total_simulations: 6,
        completed: 6,
        failed: 0,
        results_url: `/api/v1/sim/sweep/${taskId}/results`,
      },
    });
    expect(entry.sweep!.runs.map((r) => r.run_index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(entry.sweep!.runs.map((r) => r.simulation_id)).toEqual(results.runs.map((r) => r.simulation_id));
    expect(entry.sweep!.runs[3]!.values).toEqual({ 'charges[0].q': 2e-9, 'charges[1].x': 0.5 });
    const sum = entry.sweep!.runs.reduce((s, r) => s + r.computation_time, 0);
    expect(entry.computation_time).toBeCloseTo(sum, 12);
    expect(mine.simulations[1]).toMatchObject({
      kind: 'simulation',
      id: single.json().data.simulation_id,
      sweep: null,
    });
    // every run of the sweep is still a record of its own
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/results/${entry.sweep!.runs[0]!.simulation_id}`,
      headers: student,
    });
    expect(detail.statusCode).toBe(200);

    // paging counts entries; the type filter applies to sweeps by their solver
    const second = await history(student, '?limit=1&page=2');
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(second.simulations.map((e) => e.kind)).toEqual(['simulation']);
    expect((await history(student, '?type=point_charges')).simulations.map((e) => e.id)).toEqual([taskId]);
    expect((await history(student, '?type=fresnel')).simulations.map((e) => e.kind)).toEqual(['simulation']);
    // the course's teacher sees the student's sweep as one entry too; nobody else sees it
    const staff = await history(teacher, `?course_id=${courseId}`);
    expect(staff.simulations.filter((e) => e.kind === 'sweep').map((e) => e.id)).toEqual([taskId]);
    expect((await history(teacher)).total).toBe(0);
  });

  it('a run deleted by its owner leaves the sweep entry, without that run', async () => {
    const res = await postSweep(t.app, teacher, {
      simulation_type: 'fresnel',
      base_parameters: { n1: 1, n2: 1.5, theta_i: 30 },
      sweep_parameters: { n2: { type: 'linear', start: 1.2, end: 1.6, steps: 3 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const taskId: string = res.json().data.task_id;
    await untilEnded(t.app, teacher, taskId);
    const before = (await history(teacher)).simulations.find((e) => e.id === taskId)!;
    expect(before.sweep!.runs).toHaveLength(3);
    const gone = before.sweep!.runs[1]!.simulation_id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/results/${gone}`,
      headers: teacher,
    });
    expect(del.statusCode).toBe(200);
    const after = (await history(teacher)).simulations.find((e) => e.id === taskId)!;
    expect(after.sweep!.runs.map((r) => r.run_index)).toEqual([0, 2]);
    const results = sweepResultsSchema.parse(await resultsOf(t.app, teacher, taskId));
    expect(results.metric_definitions.map((m) => m.unit)).toEqual([
      'dimensionless',
      'dimensionless',
      '°',
      '°',
    ]);
    expect(results.parameter_units).toEqual({ n2: 'dimensionless' });
  });

  it('refuses a probe for a solver that has no probe metric, and a malformed probe', async () => {
    const base = {
      simulation_type: 'fresnel',
      base_parameters: { n1: 1, n2: 1.5, theta_i: 30 },
      sweep_parameters: { n2: { type: 'linear', start: 1.2, end: 1.6, steps: 2 } },
    };
    const wrongSolver = await postSweep(t.app, student, { ...base, probe: { x: 0, y: 0 } });
    expect(wrongSolver.statusCode).toBe(400);
    expect(wrongSolver.json().error.code).toBe('VALIDATION_ERROR');
    expect(wrongSolver.json().error.message).toMatch(/probe/);
    for (const bad of [{ x: 0 }, { x: 'a', y: 0 }, { x: 0, y: 0, z: 1 }, { x: 1e9, y: 0 }]) {
      const res = await postSweep(t.app, student, {
        ...base,
        simulation_type: 'point_charges',
        base_parameters: { charges },
        sweep_parameters: { 'charges[0].q': { type: 'linear', start: 1e-9, end: 2e-9, steps: 2 } },
        probe: bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
