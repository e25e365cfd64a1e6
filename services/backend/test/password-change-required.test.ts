import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };
const PROD = { APP_ENV: 'prod', JWT_SECRET: 'p'.repeat(40), DEMO_TEACHER_PASSWORD: 'Teach3rSecret' };

describe.each(testDatabaseFactories())('must-change passwords on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST);
    admin = bearer(await loginAs(t.app, 'admin'));
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

  async function newAccount(): Promise<{ username: string; id: string }> {
    const username = `fresh_${randomBytes(3).toString('hex')}`;
    const id = await createUserAs(
      t.app,
      admin.authorization.slice(7),
      { username },
      { keepMustChange: true },
    );
    return { username, id };
  }

  it('blocks every other call of an admin-created account until its temporary password is changed', async () => {
    const { username } = await newAccount();
    const first = await login(username, 'Passw0rd!x');
    expect(first.json().data).toMatchObject({ must_change_password: true, password_change_required: true });
    const pending = bearer(first.json().data.access_token);

    for (const [method, url] of [
      ['GET', '/api/v1/courses'],
      ['GET', '/api/v1/sim/history'],
      ['POST', '/api/v1/courses/join'],
      ['GET', '/api/v1/me/due-assignments'],
    ] as const) {
      const res = await call(
        pending,
        method,
        url,
        method === 'POST' ? { invite_code: 'ABCDEFGH' } : undefined,
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const me = await call(pending, 'GET', '/api/v1/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.must_change_password).toBe(true);

    const changed = await call(pending, 'POST', '/api/v1/auth/password', {
      old_password: 'Passw0rd!x',
      new_password: 'N3wSecretPass',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      must_change_password: false,
      password_change_required: false,
    });
    const fresh = bearer(changed.json().data.access_token);
    expect((await call(fresh, 'GET', '/api/v1/courses')).statusCode).toBe(200);
    // The token of the temporary password died with it.
    expect((await call(pending, 'GET', '/api/v1/auth/me')).json().error.code).toBe('TOKEN_REVOKED');
  });

  it('lets a pending account sign out', async () => {
    const { username } = await newAccount();
    const pending = bearer((await login(username, 'Passw0rd!x')).json().data.access_token);
    expect((await call(pending, 'POST', '/api/v1/auth/logout')).statusCode).toBe(200);
    expect((await call(pending, 'GET', '/api/v1/auth/me')).json().error.code).toBe('TOKEN_REVOKED');
  });

  it('requires a change again after an admin resets the password', async () => {
    const { username, id } = await newAccount();
    const pending = bearer((await login(username, 'Passw0rd!x')).json().data.access_token);
    const changed = await call(pending, 'POST', '/api/v1/auth/password', {
      old_password: 'Passw0rd!x',
      new_password: 'N3wSecretPass',
    });
    expect(changed.statusCode).toBe(200);
    const reset = await call(admin, 'POST', `/api/v1/users/${id}/reset-password`, {
      new_password: 'Temp0rary!',
    });
    expect(reset.statusCode).toBe(200);
    const again = await login(username, 'Temp0rary!');
    expect(again.json().data).toMatchObject({ must_change_password: true, password_change_required: true });
    const res = await call(bearer(again.json().data.access_token), 'GET', '/api/v1/courses');
    expect(res.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('reports but does not enforce the flag of the demo accounts outside production', async () => {
    const res = await login('student', 'student123');
    // Flagged, but only reminded: the web app need not probe whether the server insists.
    expect(res.json().data).toMatchObject({ must_change_password: true, password_change_required: false });
    const courses = await call(bearer(res.json().data.access_token), 'GET', '/api/v1/courses');
    expect(courses.statusCode).toBe(200);
  });
});

describe('must-change demo accounts in production', () => {
  it('blocks a demo account until its password is changed', async () => {
    const database = await testDatabaseFactories()[0]!.create();
    const t = await buildTestApp(database, { ...FAST, ...PROD });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'teacher', password: 'Teach3rSecret' },
      });
      expect(res.json().data).toMatchObject({ must_change_password: true, password_change_required: true });
      const courses = await t.app.inject({
        method: 'GET',
        url: '/api/v1/courses',
        headers: bearer(res.json().data.access_token),
      });
      expect(courses.statusCode).toBe(403);
      expect(courses.json().error).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    } finally {
      await t.app.close();
      await database.drop();
    }
  });
});
