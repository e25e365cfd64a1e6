import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs, principalFor } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { failOnInsert } from './support/faults.js';

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };
type Auth = { authorization: string };

describe.each(testDatabaseFactories())('members and invite codes on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let adminToken: string;
  let teacher: Auth;
  let counter = 0;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST);
    adminToken = await loginAs(t.app, 'admin');
    teacher = bearer(await loginAs(t.app, 'teacher'));
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const api = (headers: Auth, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function newCourse(maxStudents = 30) {
    counter += 1;
    const res = await api(teacher, 'POST', '/api/v1/courses', {
      name: `Waves ${counter}`,
      code: `WAVE${counter}`,
      semester: '2025-2026-1',
      max_students: maxStudents,
    });
    return res.json().data as { id: string; invite_code: string };
  }

  async function newStudent(): Promise<{ id: string; auth: Auth }> {
    counter += 1;
    const username = `pupil${counter}`;
    const id = await createUserAs(t.app, adminToken, { username });
    return { id, auth: bearer(await loginAs(t.app, username, 'Passw0rd!x')) };
  }

  it('lists members grouped as the API contract says, with student_id and joined_at for students', async () => {
    const course = await newCourse();
    const ta = await newStudent();
    const pupil = await newStudent();
    await api(teacher, 'POST', `/api/v1/courses/${course.id}/members`, {
      user_ids: [ta.id],
      role: 'assistant',
    });
    await api(pupil.auth, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    const list = (await api(teacher, 'GET', `/api/v1/courses/${course.id}/members`)).json().data;
    expect(list.teacher).toMatchObject({
      name: 'Demo Teacher',
      role: 'teacher',
      email: 'teacher@faraday.local',
    });
    expect(list.assistants).toEqual([
      { id: ta.id, name: expect.any(String), email: expect.any(String), role: 'assistant' },
    ]);
    expect(list.students).toEqual([
      {
        id: pupil.id,
        name: expect.any(String),
        email: expect.stringContaining('@'),
        role: 'student',
        student_id: expect.stringMatching(/^pupil/),
        joined_at: expect.any(String),
      },
    ]);
    expect(list.total_count).toBe(3);
    // A student sees classmates but not their e-mail addresses.
    const classmate = await newStudent();
    await api(classmate.auth, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    const seen = (await api(classmate.auth, 'GET', `/api/v1/courses/${course.id}/members`)).json().data;
    expect(seen.students.find((s: { id: string }) => s.id === pupil.id).email).toBe('');
    expect(seen.students.find((s: { id: string }) => s.id === classmate.id).email).toContain('@');
  });

  it('adds members with a result per user and removes them, never the teacher', async () => {
    const course = await newCourse(2);
    const [a, b, c] = [await newStudent(), await newStudent(), await newStudent()];
    const teacherId = (await api(teacher, 'GET', '/api/v1/auth/me')).json().data.id;
    const res = await api(teacher, 'POST', `/api/v1/courses/${course.id}/members`, {
      user_ids: [a.id, b.id, a.id, 'no-such-user', teacherId, c.id],
      role: 'student',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      added_count: 2,
      failed_users: [
        { user_id: 'no-such-user', reason: 'unknown user' },
        { user_id: teacherId, reason: 'user is the course teacher' },
        { user_id: c.id, reason: 'course is full' },
      ],
    });
    const again = await api(teacher, 'POST', `/api/v1/courses/${course.id}/members`, {
      user_ids: [a.id],
      role: 'assistant',
    });
    expect(again.json().data.failed_users).toEqual([{ user_id: a.id, reason: 'already a member' }]);
    const removeTeacher = await api(teacher, 'DELETE', `/api/v1/courses/${course.id}/members/${teacherId}`);
    expect(removeTeacher.statusCode).toBe(400);
    const removed = await api(teacher, 'DELETE', `/api/v1/courses/${course.id}/members/${a.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await api(teacher, 'DELETE', `/api/v1/courses/${course.id}/members/${a.id}`)).statusCode).toBe(
      404,
    );
    const detail = (await api(teacher, 'GET', `/api/v1/courses/${course.id}`)).json().data;
    expect(detail.student_count).toBe(1);
    expect((await api(a.auth, 'GET', `/api/v1/courses/${course.id}`)).statusCode).toBe(404);
    const byStudent = await api(b.auth, 'POST', `/api/v1/courses/${course.id}/members`, {
      user_ids: [c.id],
      role: 'student',
    });
    expect(byStudent.statusCode).toBe(403);
  });

  it('adds members by username, reporting unknown names per user', async () => {
    const course = await newCourse();
    const pupil = await newStudent();
    const username = `pupil${counter}`;
    const res = await api(teacher, 'POST', `/api/v1/courses/${course.id}/members`, {
      usernames: [` ${username.toUpperCase()} `, 'nobody-here'],
      role: 'student',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      added_count: 1,
      failed_users: [{ user_id: 'nobody-here', reason: 'unknown user' }],
    });
    const members = (await api(teacher, 'GET', `/api/v1/courses/${course.id}/members`)).json().data;
    expect(members.students.map((m: { id: string }) => m.id)).toEqual([pupil.id]);
    const none = await api(teacher, 'POST', `/api/v1/courses/${course.id}/members`, { role: 'student' });
    expect(none.statusCode).toBe(400);
  });

  it('joins by invite code case-insensitively and refuses twice, full, archived, rotated and expired', async () => {
    const course = await newCourse(1);
    const first = await newStudent();
    const joined = await api(first.auth, 'POST', '/api/v1/courses/join', {
      invite_code: course.invite_code.toLowerCase(),
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toEqual({
      course_id: course.id,
      course_name: expect.any(String),
      joined_at: expect.any(String),
    });
    const twice = await api(first.auth, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('MEMBER_ALREADY_EXISTS');
    const second = await newStudent();
    const full = await api(second.auth, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('COURSE_FULL');
    expect(
      (await api(teacher, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code })).statusCode,
    ).toBe(409);

    const open = await newCourse();
    const unknown = await api(second.auth, 'POST', '/api/v1/courses/join', { invite_code: 'ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('INVITE_CODE_INVALID');
    const rotated = await api(teacher, 'POST', `/api/v1/courses/${open.id}/invite-code`);
    const newCode = rotated.json().data.invite_code;
    expect(newCode).not.toBe(open.invite_code);
    expect(
      (await api(second.auth, 'POST', '/api/v1/courses/join', { invite_code: open.invite_code })).json().error
        .code,
    ).toBe('INVITE_CODE_INVALID');
    await api(teacher, 'PUT', `/api/v1/courses/${open.id}`, { status: 'archived' });
    expect(
      (await api(second.auth, 'POST', '/api/v1/courses/join', { invite_code: newCode })).json().error.code,
    ).toBe('INVITE_CODE_INVALID');
    await api(teacher, 'PUT', `/api/v1/courses/${open.id}`, { status: 'active' });
    const soon = new Date(Date.now() + 60_000).toISOString();
    const expiring = await api(teacher, 'POST', `/api/v1/courses/${open.id}/invite-code`, {
      expires_at: soon,
    });
    expect(expiring.json().data.invite_expires_at).toBe(soon);
    const past = await api(teacher, 'POST', `/api/v1/courses/${open.id}/invite-code`, {
      expires_at: '2000-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    // Let the live code expire without waiting.
    await t.app.db
      .updateTable('courses')
      .set({ invite_expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', open.id)
      .execute();
    const expired = await api(second.auth, 'POST', '/api/v1/courses/join', {
      invite_code: expiring.json().data.invite_code,
    });
    expect(expired.json().error.code).toBe('INVITE_CODE_INVALID');
    const studentRotate = await api(first.auth, 'POST', `/api/v1/courses/${course.id}/invite-code`);
    expect(studentRotate.statusCode).toBe(403);
  });

  it('never lets joins racing for the last seats exceed max_students', async () => {
    const course = await newCourse(3);
    const students = await Promise.all(Array.from({ length: 10 }, () => newStudent()));
    const results = await Promise.all(
      students.map((s) => api(s.auth, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.json().error?.code === 'COURSE_FULL')).toHaveLength(7);
    const members = (await api(teacher, 'GET', `/api/v1/courses/${course.id}/members`)).json().data;
    expect(members.students).toHaveLength(3);
    expect((await api(teacher, 'GET', `/api/v1/courses/${course.id}`)).json().data.student_count).toBe(3);
  });

  it('rolls the whole member change back when one insert fails midway', async () => {
    const course = await newCourse();
    const [a, b] = [await newStudent(), await newStudent()];
    const { addCourseMembers } = await import('../src/courses/members.service.js');
    const me = (await api(teacher, 'GET', '/api/v1/auth/me')).json().data;
    const principal = principalFor({
      id: me.id,
      username: 'teacher',
      role: 'teacher',
      permissions: me.permissions,
    });
    await expect(
      addCourseMembers(failOnInsert(t.app.db, 'course_members', 2), principal, course.id, {
        user_ids: [a.id, b.id],
        role: 'student',
      }),
    ).rejects.toThrow('injected failure');
    const members = (await api(teacher, 'GET', `/api/v1/courses/${course.id}/members`)).json().data;
    expect(members.students).toEqual([]);
    expect((await api(teacher, 'GET', `/api/v1/courses/${course.id}`)).json().data.student_count).toBe(0);
  });
});
