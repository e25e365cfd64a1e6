import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAi, GATEWAY_TOKEN } from '../../ai/test/support/ai-app.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import {
  type Attempt,
  doubling,
  loop,
  QUESTIONS,
  rightAnswersOf,
  SECRET_KEYS,
  seedsOf,
} from './support/quizzes.js';
import { type CoursePeople, courseWithPeople } from './support/resources.js';
import { startTcpGate, type TcpGate } from './support/tcp-gate.js';

/**
 * Quizzes (docs/adr/0145) through HTTP on every database, with the real AI service's exercise
 * engine in-process behind a TCP gate (so a test can take it away): building from the bank and
 * the teacher's own questions, answers never sent before submission, bad answers refused with
 * nothing stored, storage before grading, the same score on every grading, attempts and time limit.
 */

type Auth = { authorization: string };

let ai: FastifyInstance;
let gate: TcpGate;

beforeAll(async () => {
  ai = (await buildTestAi()).app;
  const url = new URL(await ai.listen({ port: 0, host: '127.0.0.1' }));
  gate = await startTcpGate({ host: '127.0.0.1', port: Number(url.port) });
});

afterAll(async () => {
  await gate?.close();
  await ai?.close();
});

describe.each(testDatabaseFactories())('quizzes on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let c: CoursePeople;
  let quizId: string;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, {
      BCRYPT_COST: '4',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      AI_SERVICE_URL: gate.url,
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    });
    c = await courseWithPeople(t);
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const quizUrl = (suffix = '') => `/api/v1/courses/${c.courseId}/assignments/${quizId}/quiz${suffix}`;
  const data = <T>(res: { statusCode: number; body: string; json: () => { data: T } }, status = 200): T => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data;
  };
  const rightAnswers = (attempt: Attempt) => rightAnswersOf(t.app.db, attempt);

  it('builds a quiz from the bank and from questions the teacher writes', async () => {
    const bank = data<{
      templates: { id: string; kind: string; topic: string; difficulty: number }[];
      topics: string[];
    }>(await call('GET', `/api/v1/courses/${c.courseId}/quiz-bank?topic=magnetostatics`, c.as.teacher));
    expect(bank.topics.length).toBeGreaterThan(3);
    expect(bank.templates.length).toBeGreaterThan(0);
    expect(bank.templates.every((x) => x.topic === 'magnetostatics' && x.kind !== 'explain')).toBe(true);
    expect((await call('GET', `/api/v1/courses/${c.courseId}/quiz-bank`, c.as.student)).statusCode).toBe(403);

    const created = data<{ id: string; kind: string }>(
      await call('POST', `/api/v1/courses/${c.courseId}/assignments`, c.as.teacher, {
        title: 'Fields quiz',
        due_date: '2099-01-01T00:00:00Z',
        max_score: 1,
        kind: 'quiz',
      }),
      201,
    );
    expect(created.kind).toBe('quiz');
    quizId = created.id;

    const bad = await call('PUT', quizUrl(), c.as.teacher, {
      questions: [{ template: 'numeric:loop-centre' }, { custom: { ...loop, answer: 'mu0 * I / (2 * D)' } }],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.stringContaining('questions.1'),
    });
    const twoRight = await call('PUT', quizUrl(), c.as.teacher, {
      questions: [
        { custom: { ...doubling, options: doubling.options.map((o) => ({ ...o, correct: true })) } },
      ],
    });
    expect(twoRight.statusCode).toBe(400);
    expect((await call('PUT', quizUrl(), c.as.student, { questions: QUESTIONS })).statusCode).toBe(403);

    const quiz = data<{ total_points: number; questions: { kind: string; preview: unknown }[] }>(
      await call('PUT', quizUrl(), c.as.teacher, {
        questions: QUESTIONS,
        attempts_allowed: 2,
        time_limit_minutes: 30,
      }),
    );
    expect(quiz.total_points).toBe(7);
    expect(quiz.questions.map((q) => q.kind)).toEqual(['numeric', 'choice', 'numeric', 'choice', 'formula']);
    const assignment = data<{ max_score: number }>(
      await call('GET', `/api/v1/courses/${c.courseId}/assignments/${quizId}`, c.as.teacher),
    );
    expect(assignment.max_score).toBe(7);
    data(
      await call('PUT', `/api/v1/courses/${c.courseId}/assignments/${quizId}`, c.as.teacher, {
        status: 'published',
      }),
    );
    const studentView = await call('GET', quizUrl(), c.as.student);
    expect(studentView.statusCode).toBe(200);
    expect(studentView.body).not.toMatch(/"(custom|preview)"/);
  });

  let first: Attempt;

  it("starts the student's own attempt with no answer anywhere in it", async () => {
    const res = await call('POST', quizUrl('/attempts'), c.as.student);
    first = data<Attempt>(res, 201);
    expect(first).toMatchObject({ attempt: 1, status: 'open', score: null, max_score: 7 });
    expect(first.deadline_at).not.toBeNull();
    expect(res.body).not.toMatch(SECRET_KEYS);
    for (const seed of await seedsOf(t.app.db, first.id)) expect(res.body).not.toContain(seed);
    expect(first.items.every((i) => i.correct === null && i.result === null && i.answer === null)).toBe(true);
    // The loop's answer is nowhere in the text: its value in tesla and in microtesla.
    const [right] = (await rightAnswers(first)).filter((a) => a.position === 3);
    expect(res.body).not.toContain(
      String((right!.answer as { value: string }).value)
        .split(' ')[0]!
        .slice(0, 6),
    );

    // Opening it again (a reload) answers the same attempt with the same numbers.
    const again = data<Attempt>(await call('POST', quizUrl('/attempts'), c.as.student));
    expect(again.id).toBe(first.id);
    expect(again.items.map((i) => i.view)).toEqual(first.items.map((i) => i.view));
    // Another student gets other numbers for the same question.
    const other = data<Attempt>(await call('POST', quizUrl('/attempts'), c.as.teacherAsStudent), 201);
    expect(other.items[2]!.view.given).not.toEqual(first.items[2]!.view.given);
    expect((await call('GET', quizUrl(`/attempts/${first.id}`), c.as.teacherAsStudent)).statusCode).toBe(404);
    expect((await call('POST', quizUrl('/attempts'), c.as.teacher)).statusCode).toBe(403);
  });

  it('refuses an answer of the wrong type, unit or size, naming the question, and stores nothing', async () => {
    const submit = (answers: object[]) =>
      call('POST', quizUrl(`/attempts/${first.id}/submit`), c.as.student, { answers });
    const cases = [
      [{ position: 3, answer: { kind: 'numeric', value: '3 zorks' } }],
      [{ position: 3, answer: { kind: 'numeric', value: '0.001' } }],
      [{ position: 3, answer: { kind: 'numeric', value: `1${'0'.repeat(200)} T` } }],
      [{ position: 4, answer: { kind: 'numeric', value: '1 T' } }],
      [{ position: 4, answer: { kind: 'choice', choice: 'z' } }],
      [{ position: 5, answer: { kind: 'formula', formula: 'C * Q' } }],
    ];
    for (const answers of cases) {
      const res = await submit(answers);
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error as { code: string; details: string };
      expect(error.code).toBe('EXERCISE_ANSWER_INVALID');
      expect(error.details).toContain(`question ${(answers[0] as { position: number }).position}`);
    }
    expect((await submit([{ position: 9, answer: { kind: 'choice', choice: 'a' } }])).statusCode).toBe(400);
    const still = data<Attempt>(await call('GET', quizUrl(`/attempts/${first.id}`), c.as.student));
    expect(still.status).toBe('open');
    expect(still.items.every((i) => i.answer === null)).toBe(true);
    const submissions = await t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('assignment_id', '=', quizId)
      .execute();
    expect(submissions).toHaveLength(0);
  });

  it('stores a submitted attempt before grading it: with the engine away it waits, nothing lost', async () => {
    const answers = await rightAnswers(first);
    // One wrong on purpose: the distractor with the teacher's feedback.
    const radius = first.items[3]!.view.choices!.find((o) => o.text.en === 'Doubling the radius')!.id;
    answers[3] = { position: 4, answer: { kind: 'choice', choice: radius } };
    await gate.stop();
    let stored: Attempt;
    try {
      stored = data<Attempt>(
        await call('POST', quizUrl(`/attempts/${first.id}/submit`), c.as.student, { answers }),
      );
    } finally {
      await gate.resume();
    }
    expect(stored).toMatchObject({ status: 'submitted', score: null });
    expect(stored.items.every((i) => i.answer !== null && i.result === null)).toBe(true);
    const row = await t.app.db
      .selectFrom('submissions')
      .selectAll()
      .where('assignment_id', '=', quizId)
      .executeTakeFirstOrThrow();
    expect(row.score).toBeNull();
    // A repeated submit (a double click) changes nothing.
    const repeat = data<Attempt>(
      await call('POST', quizUrl(`/attempts/${first.id}/submit`), c.as.student, { answers: [] }),
    );
    expect(repeat.status).toBe('submitted');
    expect((await call('POST', quizUrl(`/attempts/${first.id}/grade`), c.as.student)).statusCode).toBe(403);
  });

  it('grades from what is stored, the same score every time, into the gradebook (JSON and CSV)', async () => {
    const graded = data<Attempt>(await call('POST', quizUrl(`/attempts/${first.id}/grade`), c.as.teacher));
    expect(graded).toMatchObject({ status: 'graded', score: 6 });
    expect(graded.items.map((i) => i.correct)).toEqual([true, true, true, false, true]);
    expect(graded.items[3]!.result!.feedback.en).toBe('A larger loop gives a weaker field.');
    expect(graded.items[2]!.result!.solution.en).toContain('T');
    const again = data<Attempt>(await call('POST', quizUrl(`/attempts/${first.id}/grade`), c.as.teacher));
    expect(again.score).toBe(6);
    expect(again.items.map((i) => [i.earned, i.result])).toEqual(
      graded.items.map((i) => [i.earned, i.result]),
    );
    const seen = data<Attempt>(await call('GET', quizUrl(`/attempts/${first.id}`), c.as.student));
    expect(seen.items[3]).toMatchObject({ correct: false, earned: 0 });

    const book = data<{
      assignments: { id: string }[];
      students: {
        username: string;
        grades: { assignment_id: string; score: number | null; status: string }[];
      }[];
    }>(await call('GET', `/api/v1/courses/${c.courseId}/grades`, c.as.teacher));
    const student = book.students.find((s) => s.username === 'student')!;
    expect(student.grades.find((g) => g.assignment_id === quizId)).toMatchObject({
      score: 6,
      status: 'graded',
    });
    const csv = await call('GET', `/api/v1/courses/${c.courseId}/grades.csv`, c.as.teacher);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Fields quiz (/7)');
    expect(csv.body.split('\r\n').find((line) => line.startsWith('student,'))).toContain(',6,');
  });

  it('enforces the time limit on the server and the number of attempts', async () => {
    const second = data<Attempt>(await call('POST', quizUrl('/attempts'), c.as.student), 201);
    expect(second.attempt).toBe(2);
    expect(second.items[2]!.view.given).not.toEqual(first.items[2]!.view.given);
    const answers = await rightAnswers(second);
    data(
      await call('PUT', quizUrl(`/attempts/${second.id}/answers`), c.as.student, { answers: [answers[4]] }),
    );
    // The time runs out: the deadline moved into the past stands for the minutes gone by.
    await t.app.db
      .updateTable('quiz_attempts')
      .set({ deadline_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', second.id)
      .execute();
    const late = await call('POST', quizUrl(`/attempts/${second.id}/submit`), c.as.student, { answers });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('QUIZ_TIME_UP');
    const closed = data<Attempt>(await call('GET', quizUrl(`/attempts/${second.id}`), c.as.student));
    expect(closed).toMatchObject({ status: 'graded', auto_submitted: true, score: 1 });
    expect(closed.items.map((i) => i.correct)).toEqual([false, false, false, false, true]);

    const third = await call('POST', quizUrl('/attempts'), c.as.student);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('QUIZ_ATTEMPTS_USED');
    const list = data<{ attempts: { attempt: number }[]; attempts_left: number }>(
      await call('GET', quizUrl('/attempts'), c.as.student),
    );
    expect(list.attempts.map((a) => a.attempt)).toEqual([1, 2]);
    expect(list.attempts_left).toBe(0);
  });

  it("shows the teacher each question's share right and the options chosen", async () => {
    const results = data<{
      attempts_graded: number;
      questions: {
        position: number;
        share_correct: number | null;
        choices?: { text: string; correct: boolean; chosen: number }[];
        feedback_codes: Record<string, number>;
      }[];
    }>(await call('GET', quizUrl('/results'), c.as.teacher));
    expect(results.attempts_graded).toBe(2);
    expect(results.questions.map((q) => q.share_correct)).toEqual([0.5, 0.5, 0.5, 0, 1]);
    expect(results.questions[3]!.choices).toEqual([
      { text: expect.any(String), correct: expect.any(Boolean), chosen: expect.any(Number) },
      expect.anything(),
      expect.anything(),
    ]);
    const radius = results.questions[3]!.choices!.find((o) => o.text === 'Doubling the radius');
    expect(radius).toMatchObject({ chosen: 1, correct: false });
    expect(results.questions[3]!.feedback_codes).toEqual({ 'choice-wrong': 1, unanswered: 1 });
    expect((await call('GET', quizUrl('/results'), c.as.student)).statusCode).toBe(403);
  });

  it('keeps the questions students were drawn from, and quizzes out of the file submissions', async () => {
    const res = await call('PUT', quizUrl(), c.as.teacher, { questions: QUESTIONS });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('QUIZ_HAS_ATTEMPTS');
    const submit = await call(
      'POST',
      `/api/v1/courses/${c.courseId}/assignments/${quizId}/submissions`,
      c.as.student,
      { content: 'x' },
    );
    expect(submit.statusCode, submit.body).toBe(400);
  });

  it('opens a quiz past its due date only to a student with an extension, and ends the attempt at theirs', async () => {
    const past = data<{ id: string }>(
      await call('POST', `/api/v1/courses/${c.courseId}/assignments`, c.as.teacher, {
        title: 'Overdue quiz',
        due_date: new Date(Date.now() - 86_400_000).toISOString(),
        max_score: 1,
        kind: 'quiz',
        allow_late: false,
      }),
      201,
    );
    const url = (suffix: string) => `/api/v1/courses/${c.courseId}/assignments/${past.id}${suffix}`;
    data(await call('PUT', url('/quiz'), c.as.teacher, { questions: [{ custom: doubling }] }));
    data(await call('PUT', url(''), c.as.teacher, { status: 'published' }));
    const refused = await call('POST', url('/quiz/attempts'), c.as.student);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('ASSIGNMENT_OVERDUE');

    const me = data<{ user_id?: string; id?: string }>(await call('GET', '/api/v1/auth/me', c.as.student));
    const extended = new Date(Date.now() + 2 * 86_400_000).toISOString();
    data(await call('PUT', url(`/extensions/${me.user_id ?? me.id}`), c.as.teacher, { due_date: extended }));
    const opened = data<Attempt & { deadline_at: string | null }>(
      await call('POST', url('/quiz/attempts'), c.as.student),
      201,
    );
    expect(Date.parse(opened.deadline_at ?? '')).toBe(Date.parse(extended));
    const other = await call('POST', url('/quiz/attempts'), c.as.teacherAsStudent);
    expect(other.json().error.code).toBe('ASSIGNMENT_OVERDUE');
  });
});
