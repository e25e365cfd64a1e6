import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

describe.each(testDatabaseFactories())('backend foundation on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database);
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  it('answers GET /healthz exactly as the API contract says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('answers GET /readyz after checking the database and the blob store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: 'ok',
        blob_store: 'ok',
        redis: 'not configured',
        rate_limits: 'per-instance',
      },
    });
  });

  it('ran every migration at start, and running them again changes nothing', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      t.app.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await expect(migrateToLatest(t.app.db)).resolves.toEqual([]);
  });

  it('created tables that take and return rows through Kysely', async () => {
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('users')
      .values({
        id: '0190e0f0-0000-7000-8000-000000000001',
        username: 'probe',
        name: 'Probe 探针',
        email: 'probe@example.edu',
        role: 'student',
        password_hash: 'x',
        must_change_password: 0,
        disabled: 0,
        created_at: now,
        updated_at: now,
        last_login: null,
        corpchat_user_id: null,
      })
      .execute();
    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'probe')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Probe 探针');
    expect(row.created_at).toBe(now);
  });

  it('answers unknown routes and malformed JSON in the envelope', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/healthz',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('readiness without a database', () => {
  it('answers /readyz with 503 when the database is gone, while /healthz stays up', async () => {
    const [sqlite] = testDatabaseFactories();
    const database = await sqlite!.create();
    const t = await buildTestApp(database);
    try {
      await t.app.db.destroy();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(ready.headers['retry-after']).toBe('5');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.app.close().catch(() => undefined);
      await database.drop();
    }
  });
});
