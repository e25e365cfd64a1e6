import { ApiError, createFaradayClient } from '@faraday/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

/** The typed client of packages/client against a real backend over real HTTP. */
describe('the typed client against the backend', () => {
  let database: TestDatabase;
  let t: TestApp;
  let baseUrl: string;
  let token: string | null = null;
  const unauthorized: string[] = [];

  beforeAll(async () => {
    database = await testDatabaseFactories()[0]!.create();
    t = await buildTestApp(database, { BCRYPT_COST: '4' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const client = () =>
    createFaradayClient({ baseUrl, getToken: () => token, onUnauthorized: (e) => unauthorized.push(e.code) });

  it('signs in, reads typed data and sends typed bodies', async () => {
    const login = await client().auth.login('teacher', 'teacher123');
    expect(login).toMatchObject({ token_type: 'Bearer', role: 'teacher', must_change_password: true });
    token = login.access_token;
    expect((await client().auth.me()).username).toBe('teacher');
    const created = await client().courses.create({ name: 'Optics', code: 'OPT-1', semester: '2026-2027-1' });
    const list = await client().courses.list({ search: 'optics' });
    expect(list.courses.map((c) => c.id)).toEqual([created.id]);
    const queue = await client().me.gradingQueue();
    expect(queue).toEqual({ submissions: [], total: 0, page: 1, limit: 20 });
  });

  it('throws ApiError with the envelope code, message and the field named in details', async () => {
    const error = await client()
      .courses.create({ name: 'Bad', code: 'BAD-1', semester: '2026-2028-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', field: 'semester' });
    const missing = await client()
      .courses.get('no-such-course')
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'COURSE_NOT_FOUND', message: 'Course not found' });
  });

  it('reports a 401 to the onUnauthorized hook before throwing it', async () => {
    token = 'not-a-token';
    const error = await client()
      .auth.me()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(unauthorized).toEqual(['UNAUTHORIZED']);
  });

  it('turns a server that cannot be reached into NETWORK_ERROR', async () => {
    const offline = createFaradayClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(offline.courses.list()).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});
