import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSimulations } from '../src/simulations/retention.js';
import { createBlobStore } from '../src/storage/create-blob-store.js';
import { TEST_SERVICE_TOKEN } from './support/app.js';
import {
  buildWorld,
  inDays,
  rowCounts,
  submitMultipart,
  type World,
} from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { multipart, sha256 } from './support/resources.js';
import { startS3, type TestS3 } from './support/s3-server.js';
import { startSimService } from './support/sim-service.js';
import { gaussFluxSweep, postSweep, resultsOf, untilEnded } from './support/sweeps.js';

// Above two S3 upload parts (8 MB each), so an aborted upload has sent real parts.
const LIMIT = 24 * 1024 * 1024;

/**
 * The backend with BLOB_STORE=s3 against a real S3-protocol server: every feature that keeps
 * bytes (resources, submission attempts, simulation figures and data, sweep figures, retention)
 * works as on the folder store, and a failed upload leaves no object and no row.
 */
describe('the backend on an S3 bucket', () => {
  let s3: TestS3;
  let sim: { app: FastifyInstance; url: string };
  let database: TestDatabase;
  let w: World;

  beforeAll(async () => {
    s3 = await startS3();
    sim = await startSimService();
    database = await testDatabaseFactories()[0]!.create();
    w = await buildWorld(database, {
      ...s3.env,
      RESOURCE_MAX_BYTES: String(LIMIT),
      SIM_SERVICE_URL: sim.url,
    });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await sim?.app.close();
    await database?.drop();
    await s3?.stop();
  });

  const resourcesUrl = () => `/api/v1/courses/${w.courseId}/resources`;
  const uploadResource = (data: Buffer, name = 'notes.pdf') => {
    const body = multipart([
      { name: 'name', value: name },
      { name: 'category', value: 'lecture' },
      { name: 'file', filename: name, data, contentType: 'application/pdf' },
    ]);
    return w.t.app.inject({
      method: 'POST',
      url: resourcesUrl(),
      headers: { ...w.headers.teacher, ...body.headers },
      payload: body.payload,
    });
  };
  const resourceCount = async () =>
    (await w.api('teacher', 'GET', resourcesUrl())).json().data.resources.length as number;

  it('keeps a resource as an object, serves it whole and by range, and deletes the object with it', async () => {
    const before = await s3.keys();
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(9 * 1024 * 1024)]);
    const created = await uploadResource(data);
    expect(created.statusCode, created.body).toBe(201);
    const added = (await s3.keys()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    const url = created.json().data.download_url;

    const whole = await w.api('student', 'GET', url);
    expect(whole.statusCode).toBe(200);
    expect(sha256(whole.rawPayload)).toBe(sha256(data));
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=100-8388707', 100, 8388707],
      ['bytes=-5', data.length - 5, data.length - 1],
    ] as const) {
      const part = await w.t.app.inject({ method: 'GET', url, headers: { ...w.headers.student, range } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(sha256(part.rawPayload)).toBe(sha256(data.subarray(start, end + 1)));
    }

    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/resources/${created.json().data.id}`,
      headers: w.headers.teacher,
    });
    expect(removed.statusCode).toBe(200);
    expect(await s3.keys()).toEqual(before);
  });

  it('refuses a file over the limit with 413 and keeps no object and no row', async () => {
    const [keys, count] = [await s3.keys(), await resourceCount()];
    const res = await uploadResource(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(LIMIT)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('RESOURCE_TOO_LARGE');
    expect(await s3.keys()).toEqual(keys);
    expect(await resourceCount()).toBe(count);
  });

  it('keeps no object and no row when the client goes away in the middle of a multipart upload', async () => {
    const [keys, count] = [await s3.keys(), await resourceCount()];
    const base = new URL(await w.t.app.listen({ host: '127.0.0.1', port: 0 }));
    const body = multipart([
      { name: 'name', value: 'Aborted' },
      { name: 'category', value: 'lecture' },
      { name: 'file', filename: 'partial.bin', data: randomBytes(LIMIT - 1024) },
    ]);
    const request = httpRequest({
      host: base.hostname,
      port: base.port,
      method: 'POST',
      path: resourcesUrl(),
      headers: { ...w.headers.teacher, ...body.headers, 'content-length': String(body.payload.length) },
    });
    request.on('error', () => {});
    const earlier = s3.calls().length;
    const callsTo = (operation: string) =>
      s3
        .calls()
        .slice(earlier)
        .filter((call) => call.includes(`x-id=${operation}`));
    // Two thirds of the file: a whole 8 MB part reaches the bucket before the client leaves…
    request.write(body.payload.subarray(0, Math.floor((body.payload.length * 2) / 3)));
    await expect.poll(() => callsTo('UploadPart').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    request.destroy();
    // …then the backend gives the upload up (this server refuses the abort, S3 drops the parts).
    await expect.poll(() => callsTo('AbortMultipartUpload').length, { timeout: 10_000 }).toBe(1);
    expect(await s3.keys()).toEqual(keys);
    expect(await resourceCount()).toBe(count);
  });

  it("keeps every attempt's files of a submission in the bucket, each downloadable", async () => {
    const created = await w.api('teacher', 'POST', w.url(), {
      title: 'Lab report',
      description: 'Measure the flux',
      due_date: inDays(7),
      max_score: 20,
    });
    const id = created.json().data.id;
    await w.api('teacher', 'PUT', w.url(id), { status: 'published' });
    const files = [Buffer.from('first attempt\n'), Buffer.from('second attempt, corrected\n')];
    for (const [n, data] of files.entries()) {
      const res = await submitMultipart(w, 'student', id, [
        { name: 'content', value: `attempt ${n + 1}` },
        { name: 'files', filename: `report-${n + 1}.txt`, type: 'text/plain', data },
      ]);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const submission = (await w.api('student', 'GET', w.url(id))).json().data.my_submission;
    const attempts = (
      await w.api('teacher', 'GET', w.url(id, `/submissions/${submission.id}/attempts`))
    ).json().data.attempts;
    expect(attempts).toHaveLength(2);
    for (const [n, attempt] of attempts.entries()) {
      const file = await w.api('teacher', 'GET', attempt.attachments[0].download_url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload).toEqual(files[n]);
    }
    expect((await rowCounts(w)).stored_files).toBeGreaterThanOrEqual(2);
  });

  it('keeps simulation figures and data as objects, serves data.json, and retention removes them', async () => {
    const before = await s3.keys();
    const run = await w.api('student', 'POST', '/api/v1/sim/fresnel', { n1: 1, n2: 1.5, theta_i: 30 });
    expect(run.statusCode, run.body).toBe(200);
    const id = run.json().data.simulation_id;
    expect((await s3.keys()).length).toBe(before.length + 2);
    const data = await w.api('student', 'GET', `/api/v1/sim/results/${id}/data.json`);
    expect(data.statusCode).toBe(200);
    expect(data.json().parameters).toMatchObject({ n1: 1, n2: 1.5, theta_i: 30 });
    expect(data.json().output.angle_sweep.reflectance.length).toBeGreaterThan(0);

    await w.t.app.db
      .updateTable('simulations')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const ctx = {
      db: w.t.app.db,
      blobs: createBlobStore(w.t.config.uploads),
      simServiceUrl: '',
      serviceToken: TEST_SERVICE_TOKEN,
      settings: w.t.config.simulation,
    };
    expect(await deleteExpiredSimulations(ctx)).toBe(1);
    expect(await s3.keys()).toEqual(before);
  });

  it('draws a sweep summary figure into the bucket and serves it with the results', async () => {
    const before = await s3.keys();
    const res = await postSweep(
      w.t.app,
      w.headers.student,
      gaussFluxSweep({ 'charges[0].q': { start: 1e-9, end: 3e-9, steps: 3 } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json().data;
    expect((await untilEnded(w.t.app, w.headers.student, task.task_id)).status).toBe('completed');
    const results = await resultsOf(w.t.app, w.headers.student, task.task_id);
    expect(JSON.stringify(results)).toMatch(/iVBORw0KGgo/); // a PNG, read back from the bucket
    // Three runs (figure and data each) and the summary figure.
    expect((await s3.keys()).length).toBe(before.length + 7);
  });
});
