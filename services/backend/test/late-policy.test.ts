import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, inDays, type Who, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const penalty = { percent: 10, per: 'day', max_percent: 25 };

describe.each(testDatabaseFactories())('late policy and extensions on $name', (factory) => {
  let database: TestDatabase;
  let w: World;
  /** Due 2.5 days ago, late work taken until tomorrow at 10% a started day, at most 25%. */
  let lateOk: string;
  /** Due 3 days ago, cut-off yesterday. */
  let cutOff: string;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database);
    lateOk = await w.assignment({
      title: 'Faraday law',
      due_date: inDays(-2.5),
      allow_late: true,
      late_penalty: penalty,
      late_cutoff: inDays(1),
    });
    cutOff = await w.assignment({
      title: 'Lenz law',
      due_date: inDays(-3),
      allow_late: true,
      late_penalty: penalty,
      late_cutoff: inDays(-1),
    });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  const extend = (who: Who, assignmentId: string, studentId: string, due_date: string) =>
    w.api(who, 'PUT', w.url(assignmentId, `/extensions/${studentId}`), { due_date });

  it('keeps the policy on the assignment and refuses a cut-off before the due date', async () => {
    const read = (await w.api('student', 'GET', w.url(lateOk))).json().data;
    expect(read).toMatchObject({ allow_late: true, late_penalty: penalty, my_extended_due_date: null });
    expect(Date.parse(read.late_cutoff)).toBeGreaterThan(Date.now());
    const bad = await w.api('teacher', 'PUT', w.url(lateOk), { late_cutoff: inDays(-5) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(bad.json().error.details).toContain('late_cutoff');
    const created = await w.api('teacher', 'POST', w.url(), {
      title: 'Bad',
      due_date: inDays(2),
      max_score: 10,
      late_cutoff: inDays(1),
    });
    expect(created.statusCode).toBe(400);
    const tooMuch = await w.api('teacher', 'PUT', w.url(lateOk), {
      late_penalty: { percent: 150, per: 'week', max_percent: 10 },
    });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('refuses work after the final cut-off with LATE_CUTOFF_PASSED, and calls it missing', async () => {
    const res = await w.api('student', 'POST', w.url(cutOff, '/submissions'), { content: 'too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LATE_CUTOFF_PASSED');
    const list = (await w.api('student', 'GET', w.url())).json().data.assignments;
    const status = (id: string) => list.find((a: { id: string }) => a.id === id)?.my_status;
    expect(status(cutOff)).toBe('missing');
    expect(status(lateOk)).toBe('overdue');
  });

  it('lets those who grade grant, move and remove extensions; students only read their own', async () => {
    const denied = await extend('student', lateOk, w.ids.student2, inDays(3));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect((await extend('otherTeacher', lateOk, w.ids.student2, inDays(3))).json().error.code).toBe(
      'COURSE_NOT_FOUND',
    );
    const notStudent = await extend('teacher', lateOk, w.ids.outsider, inDays(3));
    expect(notStudent.statusCode).toBe(404);
    expect(notStudent.json().error.code).toBe('USER_NOT_FOUND');
    const earlier = await extend('teacher', lateOk, w.ids.student2, inDays(-4));
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().error.details).toContain('due_date');

    const granted = await extend('assistant', lateOk, w.ids.student2, inDays(1));
    expect(granted.statusCode).toBe(200);
    const moved = await extend('teacher', lateOk, w.ids.student2, inDays(2));
    expect(moved.statusCode).toBe(200);
    const ext = moved.json().data;
    expect(ext).toMatchObject({ student_id: w.ids.student2, granted_by: w.ids.teacher });
    // The cut-off moves as far as the due date moved: the late window stays 3.5 days.
    expect(Date.parse(ext.cutoff) - Date.parse(ext.due_date)).toBeCloseTo(3.5 * 86_400_000, -4);

    const staffList = (await w.api('teacher', 'GET', w.url(lateOk, '/extensions'))).json().data.extensions;
    expect(staffList).toHaveLength(1);
    expect((await w.api('student', 'GET', w.url(lateOk, '/extensions'))).json().data.extensions).toEqual([]);
    const own = (await w.api('student2', 'GET', w.url(lateOk))).json().data;
    expect(own.my_extended_due_date).toBe(ext.due_date);
    const ownList = (await w.api('student2', 'GET', w.url())).json().data.assignments;
    expect(ownList.find((a: { id: string }) => a.id === lateOk)).toMatchObject({
      my_status: 'not_submitted',
      my_extended_due_date: ext.due_date,
    });

    // A student with an extension past the cut-off may still hand in: their cut-off moved too.
    await extend('teacher', cutOff, w.ids.student2, inDays(0.5));
    const inTime = await w.api('student2', 'POST', w.url(cutOff, '/submissions'), { content: 'mine' });
    expect(inTime.statusCode).toBe(201);
    expect(inTime.json().data).toMatchObject({ is_late: false, late_by_seconds: 0 });

    const removed = await w.api('teacher', 'DELETE', w.url(cutOff, `/extensions/${w.ids.student2}`));
    expect(removed.statusCode).toBe(200);
    const again = await w.api('teacher', 'DELETE', w.url(cutOff, `/extensions/${w.ids.student2}`));
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('NOT_FOUND');
  });

  it('applies the penalty to the grade at read time: raw and final in the submission and gradebook', async () => {
    const late = await w.api('student', 'POST', w.url(lateOk, '/submissions'), { content: 'late work' });
    expect(late.statusCode).toBe(201);
    const submission = late.json().data;
    // 2.5 days late: three started days at 10% is 30%, capped at 25%.
    expect(submission).toMatchObject({ is_late: true, status: 'late', late_penalty_percent: 25 });
    expect(submission.late_by_seconds).toBeGreaterThan(2.4 * 86_400);
    expect(submission.late_by_seconds).toBeLessThan(2.6 * 86_400);
    const graded = await w.api('teacher', 'PUT', w.url(lateOk, `/submissions/${submission.id}/grade`), {
      score: 81,
    });
    expect(graded.json().data).toMatchObject({ score: 81, final_score: 60.75, late_penalty_percent: 25 });

    const onTime = (await w.api('student2', 'POST', w.url(lateOk, '/submissions'), { content: 'x' })).json()
      .data;
    expect(onTime).toMatchObject({ is_late: false, late_by_seconds: 0 });
    await w.api('teacher', 'PUT', w.url(lateOk, `/submissions/${onTime.id}/grade`), { score: 90 });

    const book = (await w.api('teacher', 'GET', `/api/v1/courses/${w.courseId}/grades`)).json().data;
    const column = book.assignments.findIndex((a: { id: string }) => a.id === lateOk);
    const cell = (id: string) =>
      book.students.find((s: { student_id: string }) => s.student_id === id).grades[column];
    expect(cell(w.ids.student)).toMatchObject({
      status: 'graded',
      score: 60.75,
      raw_score: 81,
      late_penalty: 20.25,
      late_penalty_percent: 25,
      extended_due_date: null,
    });
    expect(cell(w.ids.student2)).toMatchObject({
      score: 90,
      raw_score: 90,
      late_penalty: 0,
      late_by_seconds: 0,
    });
    expect(cell(w.ids.student2).extended_due_date).not.toBeNull();
    const total = book.students.find(
      (s: { student_id: string }) => s.student_id === w.ids.student,
    ).total_score;
    expect(total).toBe(60.8);

    const csv = await w.api('teacher', 'GET', `/api/v1/courses/${w.courseId}/grades.csv`);
    const [header, ...lines] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toContain('Faraday law (raw, before late penalty)');
    expect(lines.some((line) => line.includes(',60.75,81,'))).toBe(true);

    // Removing the penalty gives the raw grade back, with nothing stored to undo.
    await w.api('teacher', 'PUT', w.url(lateOk), { late_penalty: null });
    const after = (await w.api('student', 'GET', w.url(lateOk))).json().data.my_submission;
    expect(after).toMatchObject({ score: 81, final_score: 81, late_penalty_percent: 0, is_late: true });
  });

  it("shows a student's extended due date in their calendar", async () => {
    const ext = (await extend('teacher', lateOk, w.ids.student2, inDays(5))).json().data;
    const mine = (await w.api('student2', 'GET', '/api/v1/me/calendar')).json().data.items;
    expect(mine.find((i: { assignment_id: string }) => i.assignment_id === lateOk)?.due_date).toBe(
      ext.due_date,
    );
    const theirs = (await w.api('student', 'GET', '/api/v1/me/calendar')).json().data.items;
    expect(theirs.find((i: { assignment_id: string }) => i.assignment_id === lateOk)?.due_date).not.toBe(
      ext.due_date,
    );
  });

  it('takes two grants of one extension at the same instant without a server error: one row, the last write', async () => {
    const fresh = await w.assignment({ title: 'Ampère law', due_date: inDays(1), allow_late: true });
    const answers = await Promise.all(
      [2, 3, 4, 5].map((days) =>
        extend(days % 2 === 0 ? 'teacher' : 'assistant', fresh, w.ids.student, inDays(days)),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const list = (await w.api('teacher', 'GET', w.url(fresh, '/extensions'))).json().data.extensions;
    expect(list).toHaveLength(1);
  });
});
