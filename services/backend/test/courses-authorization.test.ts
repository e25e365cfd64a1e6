import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

type Actor = 'admin' | 'teacher' | 'assistant' | 'member' | 'outsider' | 'otherTeacher';
const actors: Actor[] = ['admin', 'teacher', 'assistant', 'member', 'outsider', 'otherTeacher'];

/**
 * Every course endpoint × every relation to the course. A fresh course per row keeps the
 * destructive calls (delete, remove member) from affecting the next one.
 */
const matrix: { name: string; expected: Record<Actor, number> }[] = [
  {
    name: 'GET detail',
    expected: { admin: 200, teacher: 200, assistant: 200, member: 200, outsider: 404, otherTeacher: 404 },
  },
  {
    name: 'PUT course',
    expected: { admin: 200, teacher: 200, assistant: 403, member: 403, outsider: 403, otherTeacher: 404 },
  },
  {
    name: 'DELETE course',
    expected: { admin: 200, teacher: 200, assistant: 403, member: 403, outsider: 403, otherTeacher: 404 },
  },
  {
    name: 'GET members',
    expected: { admin: 200, teacher: 200, assistant: 200, member: 200, outsider: 404, otherTeacher: 404 },
  },
  {
    name: 'POST members',
    expected: { admin: 200, teacher: 200, assistant: 403, member: 403, outsider: 403, otherTeacher: 404 },
  },
  {
    name: 'DELETE member',
    expected: { admin: 200, teacher: 200, assistant: 403, member: 403, outsider: 403, otherTeacher: 404 },
  },
  {
    name: 'POST invite-code',
    expected: { admin: 200, teacher: 200, assistant: 403, member: 403, outsider: 403, otherTeacher: 404 },
  },
  {
    name: 'POST join',
    expected: { admin: 200, teacher: 409, assistant: 409, member: 409, outsider: 200, otherTeacher: 200 },
  },
];

describe.each(testDatabaseFactories())('course authorization matrix on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  const auth = {} as Record<Actor | 'spare', { authorization: string; id: string }>;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST);
    const adminToken = await loginAs(t.app, 'admin');
    const users: Record<Actor | 'spare', [string, string]> = {
      admin: ['admin', 'admin123'],
      teacher: ['teacher', 'teacher123'],
      assistant: ['tassist', 'Passw0rd!x'],
      member: ['student', 'student123'],
      outsider: ['outsider', 'Passw0rd!x'],
      otherTeacher: ['teacher9', 'Passw0rd!x'],
      spare: ['spare', 'Passw0rd!x'],
    };
    await createUserAs(t.app, adminToken, { username: 'tassist', role: 'teacher' });
    await createUserAs(t.app, adminToken, { username: 'outsider' });
    await createUserAs(t.app, adminToken, { username: 'teacher9', role: 'teacher' });
    await createUserAs(t.app, adminToken, { username: 'spare' });
    for (const [actor, [username, password]] of Object.entries(users)) {
      const headers = bearer(await loginAs(t.app, username, password));
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
      auth[actor as Actor] = { ...headers, id: me.json().data.id };
    }
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  let counter = 0;
  async function freshCourse(): Promise<{ id: string; invite_code: string }> {
    counter += 1;
    const headers = { authorization: auth.teacher.authorization };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers,
      payload: { name: `Matrix ${counter}`, code: `MX${counter}`, semester: '2025-2026-1' },
    });
    const course = created.json().data;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.id}/members`,
      headers,
      payload: { user_ids: [auth.assistant.id], role: 'assistant' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.id}/members`,
      headers,
      payload: { user_ids: [auth.member.id, auth.spare.id], role: 'student' },
    });
    return course;
  }

  function request(name: string, course: { id: string; invite_code: string }) {
    const base = `/api/v1/courses/${course.id}`;
    switch (name) {
      case 'GET detail':
        return { method: 'GET', url: base };
      case 'PUT course':
        return { method: 'PUT', url: base, payload: { description: 'changed' } };
      case 'DELETE course':
        return { method: 'DELETE', url: base };
      case 'GET members':
        return { method: 'GET', url: `${base}/members` };
      case 'POST members':
        return {
          method: 'POST',
          url: `${base}/members`,
          payload: { user_ids: [auth.outsider.id], role: 'student' },
        };
      case 'DELETE member':
        return { method: 'DELETE', url: `${base}/members/${auth.spare.id}` };
      case 'POST invite-code':
        return { method: 'POST', url: `${base}/invite-code` };
      default:
        return { method: 'POST', url: '/api/v1/courses/join', payload: { invite_code: course.invite_code } };
    }
  }

  for (const row of matrix) {
    it(`${row.name}: ${actors.map((a) => `${a} ${row.expected[a]}`).join(', ')}`, async () => {
      const actual = {} as Record<Actor, number>;
      for (const actor of actors) {
        const course = await freshCourse();
        const { method, url, payload } = request(row.name, course) as {
          method: string;
          url: string;
          payload?: object;
        };
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: auth[actor].authorization },
          ...(payload ? { payload } : {}),
        });
        actual[actor] = res.statusCode;
        if (res.statusCode === 404) expect(res.json().error.code).toBe('COURSE_NOT_FOUND');
        if (res.statusCode === 403) expect(res.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
      }
      expect(actual).toEqual(row.expected);
    });
  }

  it('answers every course endpoint without a token with 401', async () => {
    const course = await freshCourse();
    for (const name of matrix.map((r) => r.name)) {
      const { method, url, payload } = request(name, course) as {
        method: string;
        url: string;
        payload?: object;
      };
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, name).toBe(401);
    }
  });
});
