import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST_HASHING = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

describe.each(testDatabaseFactories())('user management on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST_HASHING);
    admin = bearer(await loginAs(t.app, 'admin'));
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('refuses every user-management endpoint to non-admins with required_permission user:manage', async () => {
    const teacher = bearer(await loginAs(t.app, 'teacher'));
    const calls: [string, string][] = [
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/users'],
      ['POST', '/api/v1/users/import'],
      ['GET', '/api/v1/users/x'],
      ['PUT', '/api/v1/users/x'],
      ['POST', '/api/v1/users/x/disable'],
      ['POST', '/api/v1/users/x/enable'],
      ['POST', '/api/v1/users/x/reset-password'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: teacher });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'INSUFFICIENT_PERMISSIONS',
        required_permission: 'user:manage',
      });
    }
  });

  it('creates a user, refusing weak passwords and taken usernames (case-insensitively)', async () => {
    const weak = await api('POST', '/api/v1/users', {
      username: 'newbie',
      password: 'password',
      name: 'New Bie',
      role: 'student',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    const created = await api('POST', '/api/v1/users', {
      username: 'NewBie',
      password: 'Passw0rd1',
      name: '新 同学',
      email: 'newbie@example.edu',
      role: 'teacher',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ username: 'newbie', name: '新 同学', role: 'teacher' });
    const taken = await api('POST', '/api/v1/users', {
      username: 'NEWBIE',
      password: 'Passw0rd1',
      name: 'x',
      role: 'student',
    });
    expect(taken.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: 'newbie', password: 'Passw0rd1' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists users by page and searches name, username and email literally', async () => {
    for (const name of ['Ada 100%', 'Ada_b', 'Grace']) {
      await createUserAs(t.app, admin.authorization.slice(7), {
        username: name.replace(/\W/g, '').toLowerCase(),
        name,
      });
    }
    const page = await api('GET', '/api/v1/users?page=1&limit=2');
    expect(page.json().data).toMatchObject({ page: 1, limit: 2 });
    expect(page.json().data.users).toHaveLength(2);
    expect(page.json().data.total).toBeGreaterThanOrEqual(6);
    const percent = await api('GET', `/api/v1/users?search=${encodeURIComponent('100%')}`);
    expect(percent.json().data.users.map((u: { name: string }) => u.name)).toEqual(['Ada 100%']);
    const underscore = await api('GET', '/api/v1/users?search=a_');
    expect(underscore.json().data.users.map((u: { name: string }) => u.name)).toEqual(['Ada_b']);
    const injection = await api('GET', `/api/v1/users?search=${encodeURIComponent("' OR 1=1 --")}`);
    expect(injection.statusCode).toBe(200);
    expect(injection.json().data.total).toBe(0);
    const teachers = await api('GET', '/api/v1/users?role=teacher');
    expect(teachers.json().data.users.every((u: { role: string }) => u.role === 'teacher')).toBe(true);
    expect((await api('GET', '/api/v1/users?limit=101')).statusCode).toBe(400);
  });

  it('gets, updates and reports unknown users as USER_NOT_FOUND', async () => {
    const id = await createUserAs(t.app, admin.authorization.slice(7), { username: 'editme' });
    const token = await loginAs(t.app, 'editme', 'Passw0rd!x');
    expect((await api('GET', `/api/v1/users/${id}`)).json().data.username).toBe('editme');
    const updated = await api('PUT', `/api/v1/users/${id}`, {
      name: 'Edited',
      email: 'e@example.edu',
      role: 'teacher',
    });
    expect(updated.json().data).toMatchObject({ name: 'Edited', email: 'e@example.edu', role: 'teacher' });
    // The role travels in the token, so a role change revokes the old tokens.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json().error.code).toBe('TOKEN_REVOKED');
    expect((await api('PUT', `/api/v1/users/${id}`, {})).statusCode).toBe(400);
    const missing = await api('GET', '/api/v1/users/00000000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('USER_NOT_FOUND');
  });

  it('disables and enables a user; an admin cannot disable themselves', async () => {
    const id = await createUserAs(t.app, admin.authorization.slice(7), { username: 'toggle' });
    expect((await api('POST', `/api/v1/users/${id}/disable`)).json().data.disabled).toBe(true);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'toggle', password: 'Passw0rd!x' },
    });
    expect(refused.statusCode).toBe(401);
    expect((await api('POST', `/api/v1/users/${id}/enable`)).json().data.disabled).toBe(false);
    expect(await loginAs(t.app, 'toggle', 'Passw0rd!x')).toEqual(expect.any(String));
    const meId = (await api('GET', '/api/v1/auth/me')).json().data.id;
    expect((await api('POST', `/api/v1/users/${meId}/disable`)).statusCode).toBe(400);
  });

  it('resets a password to a generated one that works once shown, and revokes old tokens', async () => {
    const id = await createUserAs(t.app, admin.authorization.slice(7), { username: 'forgetful' });
    const old = await loginAs(t.app, 'forgetful', 'Passw0rd!x');
    const reset = await api('POST', `/api/v1/users/${id}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporary_password } = reset.json().data;
    expect(temporary_password).toMatch(/^[A-Za-z0-9]{16}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(old) });
    expect(me.json().error.code).toBe('TOKEN_REVOKED');
    const fresh = await loginAs(t.app, 'forgetful', temporary_password);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(fresh) });
    expect(after.json().data.must_change_password).toBe(true);
    const chosen = await api('POST', `/api/v1/users/${id}/reset-password`, { new_password: 'weak' });
    expect(chosen.json().error.code).toBe('WEAK_PASSWORD');
  });

  it('imports a CSV whole or not at all, with a problem report per row', async () => {
    await createUserAs(t.app, admin.authorization.slice(7), { username: 'already' });
    const importCsv = async (lines: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/import',
        headers: { ...admin, 'content-type': 'text/csv' },
        payload: lines.join('\n'),
      });
    const refused = await importCsv([
      'username,name,email,role,password',
      'csv1,CSV One,csv1@example.edu,student,Csvpass11',
      'csv2,CSV Two,,teacher',
      'Already,Dup Existing,,student,Csvpass11',
      'csv1,Dup In File,,student,Csvpass11',
      'csv3,Bad Role,,wizard,Csvpass11',
      'csv4,Weak,,student,short',
      ',No Username,,student',
    ]);
    expect(refused.statusCode).toBe(200);
    const report = refused.json().data;
    expect(report).toMatchObject({ created_count: 0, failed_count: 5 });
    expect(report.results.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [1, 'not_imported'],
      [2, 'not_imported'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'failed'],
      [7, 'failed'],
    ]);
    expect(report.results[2].reason).toBe('username: That username is taken');
    expect(report.results[3].reason).toBe('username: That username is taken');
    expect(report.results[4].reason).toMatch(/^role: Invalid option/);
    expect(report.results[5].reason).toMatch(/^password: too weak/);
    expect(report.results[6].reason).toMatch(/^username: /);
    // Nothing of the refused file was written.
    expect((await api('GET', '/api/v1/users?search=csv')).json().data.total).toBe(0);

    // The password column is optional row by row: four or five columns in one file.
    const res = await importCsv([
      'username,name,email,role,password',
      'csv1,CSV One,csv1@example.edu,student,Csvpass11',
      'csv2,CSV Two,,teacher',
      'csv3,CSV Three,,student,',
      '"csv5","Quoted, Name",,student,Csvpass11',
    ]);
    expect(res.statusCode).toBe(200);
    const { created_count, failed_count, results } = res.json().data;
    expect({ created_count, failed_count }).toEqual({ created_count: 4, failed_count: 0 });
    expect(results.map((r: { temporary_password?: string }) => r.temporary_password !== undefined)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(await loginAs(t.app, 'csv1', 'Csvpass11')).toEqual(expect.any(String));
    expect(await loginAs(t.app, 'csv2', results[1].temporary_password)).toEqual(expect.any(String));
    const quoted = await api('GET', `/api/v1/users/${results[3].user_id}`);
    expect(quoted.json().data.name).toBe('Quoted, Name');

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/import',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: 'username,name,email,role\n',
    });
    expect(empty.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/import',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: 'username,name\n"unterminated,x\n',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('VALIDATION_ERROR');
  });
});
