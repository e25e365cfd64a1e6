import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editGradeCell } from '../src/grades/grade-edits.service.js';
import { buildWorld, inDays, type Who, type World } from './support/assignments-fixtures.js';
import { principalFor } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { failOnInsert } from './support/faults.js';

interface Cell {
  assignment_id: string;
  status: string;
  score: number | null;
  attempt: number | null;
  entered: boolean;
  resubmitted_after_grading: boolean;
}

describe.each(testDatabaseFactories())('editable gradebook cells on $name', (factory) => {
  let database: TestDatabase;
  let w: World;
  let gauss: string;
  let ampere: string;
  let submissionId: string;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database);
    gauss = await w.assignment({ title: 'Gauss', max_score: 50, due_date: inDays(3) });
    ampere = await w.assignment({ title: 'Ampère', max_score: 30, due_date: inDays(9) });
    submissionId = (await w.api('student', 'POST', w.url(gauss, '/submissions'), { content: 'E·dA' })).json()
      .data.id;
    await w.api('teacher', 'PUT', w.url(gauss, `/submissions/${submissionId}/grade`), {
      score: 20,
      feedback: 'Check the flux sign',
    });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  const cellUrl = (assignment: string, student: string, rest = '') =>
    `/api/v1/courses/${w.courseId}/grades/${assignment}/${student}${rest}`;
  const edit = (who: Who, assignment: string, student: string, body: unknown) =>
    w.api(who, 'PUT', cellUrl(assignment, student), body);
  const history = async (assignment: string, student: string) =>
    (await w.api('teacher', 'GET', cellUrl(assignment, student, '/history'))).json().data.changes;
  const rowOf = async (who: Who, student: string) => {
    const book = (await w.api(who, 'GET', `/api/v1/courses/${w.courseId}/grades`)).json().data;
    return book.students.find((s: { student_id: string }) => s.student_id === student);
  };
  const cellOf = async (assignment: string, student: string): Promise<Cell> =>
    (await rowOf('teacher', student)).grades.find((g: Cell) => g.assignment_id === assignment);
  const expectError = (
    res: { statusCode: number; json(): { error: { code: string } } },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    expect(res.json().error.code).toBe(code);
  };

  it("makes a typed grade the latest attempt's grade, keeps its feedback, and audits who and when", async () => {
    const res = await edit('teacher', gauss, w.ids.student, { score: 42.5, attempt: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ student_id: w.ids.student, total_score: 42.5 });
    const attempts = (
      await w.api('teacher', 'GET', w.url(gauss, `/submissions/${submissionId}/attempts`))
    ).json().data.attempts;
    expect(attempts[0]).toMatchObject({
      score: 42.5,
      feedback: 'Check the flux sign',
      graded_by: w.ids.teacher,
    });
    expect(await edit('assistant', gauss, w.ids.student, { score: 44, attempt: 1 })).toHaveProperty(
      'statusCode',
      200,
    );
    const changes = await history(gauss, w.ids.student);
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({
      old_score: 42.5,
      new_score: 44,
      attempt: 1,
      source: 'cell',
      changed_by: w.ids.assistant,
    });
    expect(changes[1]).toMatchObject({
      old_score: 20,
      new_score: 42.5,
      changed_by: w.ids.teacher,
      changed_by_name: 'Demo Teacher',
    });
    expect(Date.parse(changes[0].changed_at)).toBeGreaterThanOrEqual(Date.parse(changes[1].changed_at));
    expect((await rowOf('student', w.ids.student)).grades[0]).toMatchObject({ score: 44, status: 'graded' });
  });

  it('gives a student who handed nothing in a grade, flagged when they then hand in work', async () => {
    const res = await edit('teacher', ampere, w.ids.student2, { score: 0, attempt: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cellOf(ampere, w.ids.student2)).toMatchObject({
      status: 'missing',
      score: 0,
      entered: true,
      attempt: null,
      resubmitted_after_grading: false,
    });
    expect((await history(ampere, w.ids.student2))[0]).toMatchObject({
      attempt: null,
      old_score: null,
      new_score: 0,
    });
    await w.api('student2', 'POST', w.url(ampere, '/submissions'), { content: 'late but here' });
    expect(await cellOf(ampere, w.ids.student2)).toMatchObject({
      status: 'submitted',
      score: 0,
      attempt: 1,
      resubmitted_after_grading: true,
    });
    // The teacher's view is stale: the attempt they did not see is not graded blindly.
    expectError(
      await edit('teacher', ampere, w.ids.student2, { score: 25, attempt: null }),
      409,
      'ATTEMPT_SUPERSEDED',
    );
    expect((await edit('teacher', ampere, w.ids.student2, { score: 25, attempt: 1 })).statusCode).toBe(200);
    expect(await cellOf(ampere, w.ids.student2)).toMatchObject({
      status: 'graded',
      score: 25,
      entered: false,
    });
  });

  it('refuses students, outsiders, scores out of range, unknown cells and rubric-graded work', async () => {
    expectError(
      await edit('student', gauss, w.ids.student, { score: 50, attempt: 1 }),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    expectError(
      await w.api('student', 'GET', cellUrl(gauss, w.ids.student, '/history')),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    expectError(
      await edit('otherTeacher', gauss, w.ids.student, { score: 1, attempt: 1 }),
      404,
      'COURSE_NOT_FOUND',
    );
    expectError(
      await edit('teacher', gauss, w.ids.student, { score: 50.5, attempt: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await edit('teacher', gauss, w.ids.student, { score: -1, attempt: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await edit('teacher', gauss, w.ids.student, { score: 'ten', attempt: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await edit('teacher', gauss, w.ids.student, { score: 10, attempt: 2 }),
      409,
      'ATTEMPT_SUPERSEDED',
    );
    expectError(
      await edit('teacher', gauss, w.ids.outsider, { score: 10, attempt: null }),
      404,
      'USER_NOT_FOUND',
    );
    const draft = await w.assignment({ title: 'Draft' }, 'draft');
    expectError(
      await edit('teacher', draft, w.ids.student, { score: 10, attempt: null }),
      404,
      'ASSIGNMENT_NOT_FOUND',
    );
    const rubric = await w.api('teacher', 'POST', `/api/v1/courses/${w.courseId}/rubrics`, {
      title: 'Lab',
      criteria: [
        {
          title: 'Method',
          levels: [
            { title: 'None', points: 0 },
            { title: 'All', points: 10 },
          ],
        },
      ],
    });
    const graded = await w.assignment({ title: 'Lab report', max_score: 10 });
    await w.api('teacher', 'PUT', w.url(graded, '/rubric'), { rubric_id: rubric.json().data.id });
    expectError(
      await edit('teacher', graded, w.ids.student, { score: 5, attempt: null }),
      409,
      'GRADED_BY_RUBRIC',
    );
    expect(
      (await rowOf('teacher', w.ids.student)).grades.find((g: Cell) => g.assignment_id === graded),
    ).toMatchObject({
      score: null,
    });
  });

  it('writes no grade when its audit row cannot be written (one transaction)', async () => {
    const before = await cellOf(gauss, w.ids.student);
    const me = (await w.api('teacher', 'GET', '/api/v1/auth/me')).json().data;
    const principal = principalFor({
      id: me.id,
      username: 'teacher',
      role: 'teacher',
      permissions: me.permissions,
    });
    const ids = { courseId: w.courseId, assignmentId: gauss, studentId: w.ids.student };
    await expect(
      editGradeCell(failOnInsert(w.t.app.db, 'grade_changes', 1), principal, ids, { score: 1, attempt: 1 }),
    ).rejects.toThrow('injected failure');
    expect((await cellOf(gauss, w.ids.student)).score).toBe(before.score);
    const entryIds = { ...ids, assignmentId: ampere, studentId: w.ids.student };
    await expect(
      editGradeCell(failOnInsert(w.t.app.db, 'grade_changes', 1), principal, entryIds, {
        score: 3,
        attempt: null,
      }),
    ).rejects.toThrow('injected failure');
    expect(await cellOf(ampere, w.ids.student)).toMatchObject({ score: null, entered: false });
  });

  it('weights categories into a course total (teacher only) and refuses an assignment in two', async () => {
    const categories = `/api/v1/courses/${w.courseId}/grade-categories`;
    const body = {
      categories: [
        { name: 'Homework', weight: 40, assignment_ids: [gauss] },
        { name: '考试', weight: 60, assignment_ids: [ampere] },
      ],
    };
    expectError(await w.api('assistant', 'PUT', categories, body), 403, 'INSUFFICIENT_PERMISSIONS');
    const twice = {
      categories: [
        { name: 'A', weight: 1, assignment_ids: [gauss] },
        { name: 'B', weight: 1, assignment_ids: [gauss] },
      ],
    };
    expectError(await w.api('teacher', 'PUT', categories, twice), 400, 'VALIDATION_ERROR');
    const foreign = { categories: [{ name: 'A', weight: 1, assignment_ids: ['no-such-assignment'] }] };
    expectError(await w.api('teacher', 'PUT', categories, foreign), 404, 'ASSIGNMENT_NOT_FOUND');
    const set = await w.api('teacher', 'PUT', categories, body);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.categories).toMatchObject([
      { name: 'Homework', weight: 40, assignment_ids: [gauss] },
      { name: '考试', weight: 60, assignment_ids: [ampere] },
    ]);
    // student: Gauss 44/50 (88 %) at 40, Ampère nothing (0 %) at 60 -> 35.2 %
    expect(await rowOf('teacher', w.ids.student)).toMatchObject({ course_total: 35.2 });
    // student2: Gauss nothing (0 %), Ampère 25/30 (83.33 %) at 60 -> 50 %
    const other = await rowOf('student2', w.ids.student2);
    expect(other).toMatchObject({ course_total: 50 });
    const book = (await w.api('student', 'GET', `/api/v1/courses/${w.courseId}/grades`)).json().data;
    expect(book.categories.map((c: { name: string }) => c.name)).toEqual(['Homework', '考试']);
    expect(book.assignments.find((a: { id: string }) => a.id === gauss).category_id).toBe(
      book.categories[0].id,
    );
    expect((await w.api('teacher', 'PUT', categories, { categories: [] })).statusCode).toBe(200);
    expect(await rowOf('teacher', w.ids.student)).toMatchObject({
      course_total: (await rowOf('teacher', w.ids.student)).percentage,
    });
  });
});
