import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

type Auth = { authorization: string };
const DAY_MS = 86_400_000;

/** Guessing invite codes and how long a code works, over a real socket. */
describe.each(testDatabaseFactories())('joining by invite code on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  let teacher: Auth;
  let adminToken: string;
  let counter = 0;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, {
      BCRYPT_COST: '4',
      JOIN_RATE_LIMIT_PER_MINUTE: '3',
      INVITE_CODE_DAYS: '30',
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    teacher = bearer(await loginAs(t.app, 'teacher'));
    adminToken = await loginAs(t.app, 'admin');
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  async function api(auth: Auth, method: string, path: string, body?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data?: Record<string, unknown>; error?: { code: string } };
    return { status: response.status, code: json.error?.code ?? 'OK', data: json.data ?? {} };
  }

  async function newStudent(): Promise<Auth> {
    counter += 1;
    const username = `joiner${counter}`;
    await createUserAs(t.app, adminToken, { username, password: 'Right1234' });
    return bearer(await loginAs(t.app, username, 'Right1234'));
  }

  async function newCourse() {
    counter += 1;
    return (
      await api(teacher, 'POST', '/api/v1/courses', {
        name: `Optics ${counter}`,
        code: `OPT${counter}`,
        semester: '2025-2026-1',
        max_students: 30,
      })
    ).data as { id: string; invite_code: string };
  }

  it('limits guesses per user: the fourth in a minute is refused, another student is not', async () => {
    const guesser = await newStudent();
    const codes: string[] = [];
    for (const guess of ['AAAA2222', 'BBBB3333', 'CCCC4444', 'DDDD5555']) {
      codes.push((await api(guesser, 'POST', '/api/v1/courses/join', { invite_code: guess })).code);
    }
    expect(codes).toEqual([
      'INVITE_CODE_INVALID',
      'INVITE_CODE_INVALID',
      'INVITE_CODE_INVALID',
      'RATE_LIMITED',
    ]);
    const course = await newCourse();
    // Even the right code waits out the minute for the guesser.
    expect(
      (await api(guesser, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code })).status,
    ).toBe(429);
    const honest = await newStudent();
    expect(
      (await api(honest, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code })).code,
    ).toBe('OK');
  });

  it('gives a new code an expiry of INVITE_CODE_DAYS unless told otherwise', async () => {
    const course = await newCourse();
    const detail = await api(teacher, 'GET', `/api/v1/courses/${course.id}`);
    const expires = Date.parse(String(detail.data.invite_expires_at));
    expect(Math.abs(expires - (Date.now() + 30 * DAY_MS))).toBeLessThan(DAY_MS);
    const rotated = await api(teacher, 'POST', `/api/v1/courses/${course.id}/invite-code`, {});
    expect(
      Math.abs(Date.parse(String(rotated.data.invite_expires_at)) - (Date.now() + 30 * DAY_MS)),
    ).toBeLessThan(DAY_MS);
    // null asks for a code that never expires.
    const forever = await api(teacher, 'POST', `/api/v1/courses/${course.id}/invite-code`, {
      expires_at: null,
    });
    expect(forever.data.invite_expires_at).toBeNull();
  });
});
