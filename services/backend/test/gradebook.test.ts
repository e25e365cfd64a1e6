import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/auth/principal.js';
import type { Db } from '../src/db/database.js';
import { dueAssignments, gradingQueue } from '../src/grades/queues.service.js';
import { buildWorld, inDays, type Who, type World } from './support/assignments-fixtures.js';
import { bearer, createUserAs, loginAs, principalFor } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { addMember } from './support/factories.js';

/** The same database, counting every query sent through it. */
function countingQueries(db: Db): { db: Db; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      n += 1;
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), count: () => n };
}

describe.each(testDatabaseFactories())('gradebook and queues on $name', (factory) => {
  let database: TestDatabase;
  let w: World;
  let graded: string;
  let untouched: string;
  let lateJoiner: { id: string; headers: { authorization: string } };
  const row = (book: { students: { student_id: string }[] }, id: string) =>
    book.students.find((s) => s.student_id === id);

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database);
    graded = await w.assignment({ title: '=Gauss law', max_score: 50, due_date: inDays(3) });
    untouched = await w.assignment({ title: 'Ampère', max_score: 30, due_date: inDays(30) });
    await w.assignment({ title: 'Draft only' }, 'draft');
    const submit = (who: Who, content: string) =>
      w.api(who, 'POST', w.url(graded, '/submissions'), { content });
    const first = (await submit('student', 'answer')).json().data;
    await w.api('teacher', 'PUT', w.url(graded, `/submissions/${first.id}/grade`), { score: 40 });
    const other = (await submit('student2', 'mine')).json().data;
    await w.api('teacher', 'PUT', w.url(graded, `/submissions/${other.id}/grade`), { score: 45 });
    // student2 leaves the course; their graded work stays in the gradebook.
    const left = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/courses/${w.courseId}/members/${w.ids.student2}`,
      headers: w.headers.teacher,
    });
    expect(left.statusCode).toBe(200);
    // A student who joins after the first assignment was handed in.
    const adminToken = await loginAs(w.t.app, 'admin');
    const username = `late_${Date.now().toString(36)}`;
    const id = await createUserAs(w.t.app, adminToken, { username, name: '李雷' });
    await addMember(w.t.app.db, w.courseId, id, 'student');
    lateJoiner = { id, headers: bearer(await loginAs(w.t.app, username, 'Passw0rd!x')) };
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  const gradebook = (headers: { authorization: string }) =>
    w.t.app.inject({ method: 'GET', url: `/api/v1/courses/${w.courseId}/grades`, headers });

  it('gives staff every student × published assignment with scores, statuses and totals', async () => {
    const res = await gradebook(w.headers.assistant);
    expect(res.statusCode).toBe(200);
    const book = res.json().data;
    expect(book.assignments.map((a: { title: string }) => a.title)).toEqual(['=Gauss law', 'Ampère']);
    expect(book.students).toHaveLength(3);
    expect(row(book, w.ids.student)).toMatchObject({
      enrolled: true,
      total_score: 40,
      max_total: 80,
      percentage: 50,
      graded_percentage: 80,
      grades: [
        { assignment_id: graded, status: 'graded', score: 40, max_score: 50, attempt: 1 },
        { assignment_id: untouched, status: 'missing', score: null, attempt: null, submission_id: null },
      ],
    });
    expect(row(book, w.ids.student2)).toMatchObject({ enrolled: false, joined_at: null, total_score: 45 });
    expect(row(book, lateJoiner.id)).toMatchObject({
      name: '李雷',
      enrolled: true,
      total_score: 0,
      percentage: 0,
      graded_percentage: null,
      grades: [{ status: 'missing' }, { status: 'missing' }],
    });
  });

  it('gives a student only their own row, and nobody outside the course anything', async () => {
    const mine = (await gradebook(w.headers.student)).json().data;
    expect(mine.students.map((s: { student_id: string }) => s.student_id)).toEqual([w.ids.student]);
    for (const who of ['outsider', 'otherTeacher'] as const) {
      const res = await gradebook(w.headers[who]);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().error.code).toBe('COURSE_NOT_FOUND');
    }
  });

  it('exports the same gradebook as CSV with a byte-order mark and formulas neutralised', async () => {
    const res = await w.t.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${w.courseId}/grades.csv`,
      headers: w.headers.teacher,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(
      "username,name,enrolled,'=Gauss law (/50),Ampère (/30),total,max_total,percentage,course_total",
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes('李雷'))).toMatch(/,李雷,yes,,,0,80,0,0$/);
    expect(lines.find((l) => l.startsWith('student,'))).toBe('student,Demo Student,yes,40,,40,80,50,50');
  });

  it("lists what waits for the teacher's grade, newest first, and a resubmission after grading again", async () => {
    const id = await w.assignment({ title: 'Queue work' });
    const a = (await w.api('student', 'POST', w.url(id, '/submissions'), { content: 'one' })).json().data;
    const b = (
      await w.t.app.inject({
        method: 'POST',
        url: w.url(id, '/submissions'),
        headers: lateJoiner.headers,
        payload: { content: 'two' },
      })
    ).json().data;
    const queue = async (who: 'teacher' | 'assistant' | 'otherTeacher', query = '') =>
      (await w.api(who, 'GET', `/api/v1/me/grading-queue${query}`)).json().data;
    const teacherQueue = await queue('teacher');
    expect(teacherQueue.total).toBe(2);
    expect(teacherQueue.submissions.map((s: { submission_id: string }) => s.submission_id)).toEqual([
      b.id,
      a.id,
    ]);
    expect(teacherQueue.submissions[0]).toMatchObject({
      course_id: w.courseId,
      assignment_title: 'Queue work',
      student_name: '李雷',
      attempt: 1,
      resubmitted_after_grading: false,
    });
    expect((await queue('assistant')).total).toBe(2);
    expect((await queue('otherTeacher')).total).toBe(0);
    expect(await queue('teacher', '?limit=1&page=2')).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect((await queue('teacher', '?limit=1&page=5')).total).toBe(2);

    await w.api('teacher', 'PUT', w.url(id, `/submissions/${a.id}/grade`), { score: 10 });
    expect(
      (await queue('teacher')).submissions.map((s: { submission_id: string }) => s.submission_id),
    ).toEqual([b.id]);
    await w.api('student', 'POST', w.url(id, '/submissions'), { content: 'one, improved' });
    const again = await queue('teacher');
    expect(again.submissions[0]).toMatchObject({
      submission_id: a.id,
      attempt: 2,
      resubmitted_after_grading: true,
    });
  });

  it("lists a student's published assignments due in the next days with their own status", async () => {
    const res = await w.api('student', 'GET', '/api/v1/me/due-assignments');
    expect(res.statusCode).toBe(200);
    const soon = res.json().data.assignments;
    const titles = soon.map((a: { title: string }) => a.title);
    expect(titles).toContain('=Gauss law');
    expect(titles).not.toContain('Ampère');
    expect(titles).not.toContain('Draft only');
    expect(soon.find((a: { title: string }) => a.title === '=Gauss law')).toMatchObject({
      course_id: w.courseId,
      status: 'graded',
      score: 40,
      max_score: 50,
    });
    const later = (await w.api('student', 'GET', '/api/v1/me/due-assignments?days=60')).json().data
      .assignments;
    expect(later.find((a: { title: string }) => a.title === 'Ampère')).toMatchObject({
      status: 'missing',
      score: null,
    });
    const bad = await w.api('student', 'GET', '/api/v1/me/due-assignments?days=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers the queue and the due list with one query each', async () => {
    const principal = (id: string, role: 'teacher' | 'student'): Principal =>
      principalFor({ id, username: 'n/a', role });
    const forQueue = countingQueries(w.t.app.db);
    const queue = await gradingQueue(forQueue.db, principal(w.ids.teacher, 'teacher'), {
      page: 1,
      limit: 20,
    });
    expect(queue.total).toBeGreaterThan(0);
    expect(forQueue.count()).toBe(1);
    const forDue = countingQueries(w.t.app.db);
    const due = await dueAssignments(forDue.db, principal(w.ids.student, 'student'), { days: 60 });
    expect(due.assignments.length).toBeGreaterThan(1);
    expect(forDue.count()).toBe(1);
  });
});
