import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { multipart } from './support/resources.js';
import { startS3, type TestS3 } from './support/s3-server.js';
import { startSimService } from './support/sim-service.js';
import { startTcpGate, type TcpGate } from './support/tcp-gate.js';

/**
 * Object storage taken away mid-traffic: a real S3-protocol server behind a relay that the test
 * stops (connections refused) or freezes (nothing answered). Every request that needs a blob
 * answers 503 STORAGE_UNAVAILABLE with Retry-After within S3_TIMEOUT_SEC, a stored result is
 * never called missing, /readyz says not ready, and all of it works again once storage is back.
 */
describe('the backend while its S3 bucket is down', () => {
  let s3: TestS3;
  let gate: TcpGate;
  let sim: { app: FastifyInstance; url: string };
  let database: TestDatabase;
  let w: World;
  let downloadUrl: string;
  let resultUrl: string;

  beforeAll(async () => {
    s3 = await startS3();
    gate = await startTcpGate({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    sim = await startSimService();
    database = await testDatabaseFactories()[0]!.create();
    w = await buildWorld(database, {
      ...s3.env,
      S3_ENDPOINT: gate.url,
      S3_TIMEOUT_SEC: '1',
      SIM_SERVICE_URL: sim.url,
    });
    const created = await uploadResource();
    expect(created.statusCode, created.body).toBe(201);
    downloadUrl = created.json().data.download_url;
    const run = await w.api('student', 'POST', '/api/v1/sim/fresnel', { n1: 1, n2: 1.5, theta_i: 30 });
    expect(run.statusCode, run.body).toBe(200);
    resultUrl = `/api/v1/sim/results/${run.json().data.simulation_id}/data.json`;
  });

  afterAll(async () => {
    await w?.t.app.close();
    await gate?.close();
    await sim?.app.close();
    await database?.drop();
    await s3?.stop();
  });

  const uploadResource = () => {
    const body = multipart([
      { name: 'name', value: 'notes.pdf' },
      { name: 'category', value: 'lecture' },
      {
        name: 'file',
        filename: 'notes.pdf',
        data: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096)]),
      },
    ]);
    return w.t.app.inject({
      method: 'POST',
      url: `/api/v1/courses/${w.courseId}/resources`,
      headers: { ...w.headers.teacher, ...body.headers },
      payload: body.payload,
    });
  };
  const resourceCount = async () =>
    (await w.api('teacher', 'GET', `/api/v1/courses/${w.courseId}/resources`)).json().data.resources
      .length as number;
  const readyz = () => w.t.app.inject({ method: 'GET', url: '/readyz' });

  const expectStorageUnavailable = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.code).toBe('STORAGE_UNAVAILABLE');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  const expectEverythingWorks = async () => {
    expect((await w.api('student', 'GET', downloadUrl)).statusCode).toBe(200);
    expect((await w.api('student', 'GET', resultUrl)).statusCode).toBe(200);
    const ready = await readyz();
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.blob_store).toBe('ok');
  };

  it('reports the blob store as ready while it answers', async () => {
    await expectEverythingWorks();
  });

  it.each([
    ['stopped', () => gate.stop()],
    ['frozen', async () => gate.freeze()],
  ])(
    'answers 503 STORAGE_UNAVAILABLE for every use of storage while it is %s, then recovers',
    async (_how, takeAway) => {
      const resources = await resourceCount();
      await takeAway();

      expectStorageUnavailable(await w.api('student', 'GET', downloadUrl));
      // A stored result is there, only unreachable: never "no longer available".
      expectStorageUnavailable(await w.api('student', 'GET', resultUrl));
      expectStorageUnavailable(await uploadResource());
      expectStorageUnavailable(
        await w.api('student', 'POST', '/api/v1/sim/fresnel', { n1: 1, n2: 1.4, theta_i: 20 }),
      );
      const ready = await readyz();
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('SERVICE_UNAVAILABLE');
      // Nothing half-stored: the refused upload left no row.
      expect(await resourceCount()).toBe(resources);

      await gate.resume();
      await expectEverythingWorks();
      expect((await uploadResource()).statusCode).toBe(201);
    },
  );
});
