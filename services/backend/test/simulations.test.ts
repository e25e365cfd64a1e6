import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSimulations } from '../src/simulations/retention.js';
import { buildTestApp, TEST_SERVICE_TOKEN, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startSimService } from './support/sim-service.js';

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', SIM_RATE_LIMIT_PER_MINUTE: '1000' };
type Auth = { authorization: string };

function blobFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.each(testDatabaseFactories())('simulation records on $name', (factory) => {
  let database: TestDatabase;
  let sim: { app: FastifyInstance; url: string };
  let t: TestApp;
  let teacher: Auth;
  let student: Auth;
  let outsider: Auth;
  let admin: Auth;
  let courseId: string;

  beforeAll(async () => {
    sim = await startSimService();
    database = await factory.create();
    t = await buildTestApp(database, { ...FAST, SIM_SERVICE_URL: sim.url });
    const adminToken = await loginAs(t.app, 'admin');
    admin = bearer(adminToken);
    teacher = bearer(await loginAs(t.app, 'teacher'));
    student = bearer(await loginAs(t.app, 'student'));
    await createUserAs(t.app, adminToken, { username: 'stranger' });
    outsider = bearer(await loginAs(t.app, 'stranger', 'Passw0rd!x'));
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: teacher,
      payload: { name: 'Fields Lab', code: 'LAB-1', semester: '2025-2026-1' },
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

  const run = (who: Auth, type: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/sim/${type}`, headers: who, payload });

  it('runs a solver, records it and answers the output with simulation_id', async () => {
    const res = await run(student, 'laplace2d', {
      nx: 20,
      ny: 20,
      v_top: 10,
      v_bottom: 0,
      v_left: 0,
      v_right: 0,
      title: 'My box',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.simulation_id).toEqual(expect.any(String));
    expect(data.potential).toHaveLength(20);
    expect(Buffer.from(data.png_base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/results/${data.simulation_id}`,
      headers: student,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: data.simulation_id,
      type: 'laplace2d',
      title: 'My box',
      status: 'completed',
      parameters: { nx: 20, ny: 20, v_top: 10 },
      results: {
        png_base64: data.png_base64,
        data_url: `/api/v1/sim/results/${data.simulation_id}/data.json`,
      },
      metadata: { computation_time: expect.any(Number), grid_size: [20, 20] },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: detail.json().data.results.data_url,
      headers: student,
    });
    expect(file.headers['content-type']).toContain('application/json');
    const numbers = file.json();
    expect(numbers.parameters.nx).toBe(20);
    expect(numbers.output.potential).toEqual(data.potential);
    expect(numbers.output.png_base64).toBeUndefined();
  });

  it('passes node coordinates and singular nodes through, in the answer, the record and data.json', async () => {
    const res = await run(student, 'point_charges', {
      charges: [{ x: 0, y: 0, q: 1e-9 }],
      x_min: -2,
      x_max: 2,
      y_min: -2,
      y_max: 2,
      grid_size: 41,
      show_field_lines: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.metadata.singular_nodes).toEqual([[20, 20]]);
    expect([data.x[0], data.x[40], data.y[0], data.y[40]]).toEqual([-2, 2, 2, -2]);
    // kq/h² one cell from the charge (h = 0.1 m), exactly.
    expect(data.electric_field.magnitude[20][21] / 898.75517923 - 1).toBeCloseTo(0, 12);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/results/${data.simulation_id}`,
      headers: student,
    });
    expect(detail.json().data.metadata.singular_nodes).toEqual([[20, 20]]);
    const file = await t.app.inject({
      method: 'GET',
      url: detail.json().data.results.data_url,
      headers: student,
    });
    expect(file.json().output.x).toEqual(data.x);
    expect(file.json().output.y).toEqual(data.y);
    expect(file.json().output.metadata.singular_nodes).toEqual([[20, 20]]);
  });

  it('runs wave_1d on a 2000-node line (the limit counts the spatial grid) with a bounded record', async () => {
    const res = await run(student, 'wave_1d', { nx: 2000, output_type: 'png_base64' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.wave_data.x).toHaveLength(2000);
    expect(data.metadata.saved_steps).toBe(data.wave_data.t.length);
    expect(data.metadata.saved_steps).toBeLessThanOrEqual(200);
    expect(data.metadata.nt % data.metadata.save_every).toBe(0);
  });

  it('passes the sim service errors through with their codes', async () => {
    const bad = await run(student, 'point_charges', { charges: 'many' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_PARAMETERS');
    expect(bad.json().error.details).toContain('charges');
    const huge = await run(student, 'laplace2d', {
      nx: 1000,
      ny: 1000,
      v_top: 1,
      v_bottom: 0,
      v_left: 0,
      v_right: 0,
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error.code).toBe('MEMORY_LIMIT_EXCEEDED');
  });

  it('records under a course only for its members, and lets the teacher see the students’ runs', async () => {
    const foreign = await run(outsider, 'fresnel', {
      n1: 1,
      n2: 1.5,
      theta_i: 30,
      polarization: 's',
      course_id: courseId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('COURSE_NOT_FOUND');
    const mine = await run(student, 'fresnel', {
      n1: 1,
      n2: 1.5,
      theta_i: 30,
      polarization: 's',
      course_id: courseId,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const id = mine.json().data.simulation_id;
    const courseHistory = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/history?course_id=${courseId}`,
      headers: teacher,
    });
    expect(courseHistory.json().data.simulations.map((s: { id: string }) => s.id)).toContain(id);
    expect(courseHistory.json().data.simulations.find((s: { id: string }) => s.id === id)).toMatchObject({
      owner_name: 'Demo Student',
    });
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/sim/results/${id}`, headers: teacher });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ owner_id: expect.any(String), owner_name: 'Demo Student' });
    const hidden = await t.app.inject({ method: 'GET', url: `/api/v1/sim/results/${id}`, headers: outsider });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('SIMULATION_NOT_FOUND');
    const ownHistory = await t.app.inject({ method: 'GET', url: '/api/v1/sim/history', headers: outsider });
    expect(ownHistory.json().data.total).toBe(0);
    // The history of a course one is not in answers as running under it does.
    for (const course of [courseId, 'no-such-course']) {
      const foreignHistory = await t.app.inject({
        method: 'GET',
        url: `/api/v1/sim/history?course_id=${course}`,
        headers: outsider,
      });
      expect(foreignHistory.statusCode).toBe(404);
      expect(foreignHistory.json().error.code).toBe('COURSE_NOT_FOUND');
    }
    const studentHistory = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/history?course_id=${courseId}`,
      headers: student,
    });
    expect(studentHistory.json().data.simulations.map((s: { id: string }) => s.id)).toEqual([id]);
  });

  it('lists history by page with type filter', async () => {
    for (let i = 0; i < 3; i++) await run(teacher, 'fresnel', { n1: 1, n2: 1.33 + i / 10, theta_i: 10 });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sim/history?type=fresnel&limit=2',
      headers: teacher,
    });
    expect(page.json().data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.json().data.simulations).toHaveLength(2);
    expect(page.json().data.simulations[0]).toMatchObject({ type: 'fresnel', status: 'completed' });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sim/history?type=wave_1d',
      headers: teacher,
    });
    expect(none.json().data.total).toBe(0);
    const badType = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sim/history?type=alchemy',
      headers: teacher,
    });
    expect(badType.statusCode).toBe(400);
  });

  it("lets the course's staff delete a run recorded under the course, as they may read it", async () => {
    const filed = await run(student, 'fresnel', { n1: 1, n2: 1.4, theta_i: 20, course_id: courseId });
    const id = filed.json().data.simulation_id;
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/sim/results/${id}`, headers: teacher });
    expect(read.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/results/${id}`,
      headers: teacher,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/sim/results/${id}`, headers: student });
    expect(gone.json().error.code).toBe('SIMULATION_NOT_FOUND');
    // A run the teacher cannot read (not filed under their course) they cannot delete either.
    const privateRun = (await run(student, 'fresnel', { n1: 1, n2: 1.4, theta_i: 21 })).json().data
      .simulation_id;
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/sim/results/${privateRun}`, headers: teacher });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('deletes a run and its files for the owner or an admin only', async () => {
    const before = blobFiles(t.config.uploads.blobDir).length;
    const created = await run(student, 'ampere_loop', {
      current_sources: [{ type: 'wire', x: 0, y: 0, current: 1 }],
      loop: { type: 'circle', center_x: 0, center_y: 0, radius: 0.1 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.simulation_id;
    expect(blobFiles(t.config.uploads.blobDir).length).toBe(before + 2);
    const byOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/results/${id}`,
      headers: outsider,
    });
    expect(byOther.statusCode).toBe(404);
    const byOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sim/results/${id}`,
      headers: student,
    });
    expect(byOwner.statusCode).toBe(200);
    expect(blobFiles(t.config.uploads.blobDir).length).toBe(before);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/sim/results/${id}`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('deletes records and blobs older than the retention period', async () => {
    const created = await run(teacher, 'fresnel', { n1: 1, n2: 2, theta_i: 5 });
    const id = created.json().data.simulation_id;
    await t.app.db
      .updateTable('simulations')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const before = blobFiles(t.config.uploads.blobDir).length;
    const { FolderBlobStore } = await import('../src/storage/folder-blob-store.js');
    const sim = {
      db: t.app.db,
      blobs: new FolderBlobStore(t.config.uploads.blobDir),
      simServiceUrl: '',
      serviceToken: TEST_SERVICE_TOKEN,
      settings: t.config.simulation,
    };
    // Two instances running the job at once remove it exactly once, without errors.
    const removed = await Promise.all([deleteExpiredSimulations(sim), deleteExpiredSimulations(sim)]);
    expect(removed[0] + removed[1]).toBe(1);
    expect(blobFiles(t.config.uploads.blobDir).length).toBe(before - 2);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/sim/results/${id}`, headers: teacher })).statusCode,
    ).toBe(404);
  });
});
