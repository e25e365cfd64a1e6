import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TOKEN, routeLines } from '../../ai/test/support/ai-app.js';
import { buildTutoringAi, removeDir, tempDir } from '../../ai/test/support/tutoring-app.js';
import { EN_ABSTRACT } from '../../ai/test/support/writing-samples.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { addMember, buildCourse, userIdOf } from './support/factories.js';

/**
 * The backend's tutoring routes, end to end through the AI service (simulated mode): sign-in,
 * the course check, and the user taken from the token, never from the body.
 */

const sqlite = testDatabaseFactories()[0]!;
const ask = (content: string) => [{ role: 'user', content }];

let dir: string;
let ai: Awaited<ReturnType<typeof buildTutoringAi>>;
let database: TestDatabase;
let t: TestApp;
let student: string;
let teacher: string;
let studentId: string;
let courseId: string;
let otherCourseId: string;

beforeAll(async () => {
  dir = await tempDir();
  ai = await buildTutoringAi(dir, { AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN });
  const aiUrl = await ai.app.listen({ port: 0, host: '127.0.0.1' });
  database = await sqlite.create();
  t = await buildTestApp(database, { AI_SERVICE_URL: aiUrl, AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN });
  const db = t.app.db;
  studentId = await userIdOf(db, 'student');
  const teacherId = await userIdOf(db, 'teacher');
  courseId = await buildCourse(db, { teacherId });
  otherCourseId = await buildCourse(db, { teacherId });
  await addMember(db, courseId, studentId, 'student');
  student = await loginAs(t.app, 'student');
  teacher = await loginAs(t.app, 'teacher');
});

async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

afterAll(async () => {
  if (t) await closeNow(t.app);
  if (ai) await closeNow(ai.app);
  await database?.drop();
  await removeDir(dir);
});

const post = (
  url: string,
  token: string | undefined,
  payload: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url, payload, headers: { ...(token ? bearer(token) : {}), ...headers } });

describe('POST /api/v1/ai/chat/guided', () => {
  const GUIDED = '/api/v1/ai/chat/guided';

  it('requires a signed-in user', async () => {
    const res = await post(GUIDED, undefined, { topic: 'Gauss', course_id: courseId, messages: ask('hi') });
    expect(res.statusCode).toBe(401);
  });

  it('starts a session owned by the token’s user and forwards the user to the AI service', async () => {
    const res = await post(
      GUIDED,
      student,
      { topic: "Gauss's law", course_id: courseId, messages: ask('teach me') },
      { 'x-request-id': 'tut-1' },
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ current_step: 1, progress_percentage: 0, model: 'simulated' });
    expect(routeLines(ai.logs, 'tut-1')[0]).toMatchObject({
      inputs: {
        mode: 'guided',
        trusted: true,
        user_id: studentId,
        user_role: 'student',
        course_id: courseId,
      },
    });
    // Asked directly, the AI service knows the session as the student's, and nobody else's.
    const direct = (userId: string) =>
      ai.app.inject({
        method: 'POST',
        url: '/v1/chat/guided',
        payload: {
          topic: 'x',
          course_id: courseId,
          user_id: userId,
          session_id: data.session_id,
          messages: ask('ok'),
        },
      });
    expect((await direct(studentId)).statusCode).toBe(200);
    expect((await direct('someone-else')).statusCode).toBe(404);
  });

  it('does not let another user continue the session, even the course’s teacher', async () => {
    const data = (
      await post(GUIDED, student, { topic: 'solenoid', course_id: courseId, messages: ask('hi') })
    ).json().data;
    const res = await post(GUIDED, teacher, {
      topic: 'solenoid',
      course_id: courseId,
      session_id: data.session_id,
      messages: ask('hi'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SESSION_NOT_FOUND');
  });

  it('refuses a body user_id naming another user, and accepts the caller’s own', async () => {
    const spoofed = await post(GUIDED, teacher, {
      topic: 'x',
      course_id: courseId,
      user_id: studentId,
      messages: ask('hi'),
    });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.stringMatching(/^user_id/),
    });
    const own = await post(GUIDED, student, {
      topic: "Gauss's law",
      course_id: courseId,
      user_id: studentId,
      messages: ask('hi'),
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 COURSE_NOT_FOUND for a course the caller does not belong to', async () => {
    const res = await post(
      GUIDED,
      student,
      { topic: 'x', course_id: otherCourseId, messages: ask('hi') },
      { 'x-request-id': 'tut-2' },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('COURSE_NOT_FOUND');
    expect(routeLines(ai.logs, 'tut-2')).toHaveLength(0);
  });

  it('starts a practice session on the shipped notes when no course is named', async () => {
    const res = await post(GUIDED, student, { topic: "Gauss's law", messages: ask('teach me') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ current_step: 1, session_id: expect.any(String) });
  });
});

describe('POST /api/v1/ai/writing/analyze', () => {
  it('forwards the analysis and the AI service’s validation errors', async () => {
    const res = await post('/api/v1/ai/writing/analyze', student, {
      writing_type: 'abstract',
      content: EN_ABSTRACT,
      student_profile: { level: 'undergraduate', lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ writing_type: 'abstract', measurements: { word_count: 100 } });
    const short = await post('/api/v1/ai/writing/analyze', student, {
      writing_type: 'abstract',
      content: 'Too short.',
      student_profile: { level: 'undergraduate', lang: 'en' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toMatch(/at least 50/);
  });
});

describe('POST /api/v1/ai/chat_with_tools', () => {
  it('returns the reply with the tool calls and results', async () => {
    const res = await post('/api/v1/ai/chat_with_tools', student, { messages: ask('what is sin(30°)·5') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      tool_calls: [{ name: 'evaluate_expression' }],
      tool_results: [{ ok: true, result: { value: 2.5 } }],
    });
  });

  it('checks the course whose material the search may see', async () => {
    const res = await post('/api/v1/ai/chat_with_tools', student, {
      messages: ask('x'),
      course_id: otherCourseId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('COURSE_NOT_FOUND');
  });
});
