import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, inDays, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

describe.each(testDatabaseFactories())('gradebook CSV export and import on $name', (factory) => {
  let database: TestDatabase;
  let w: World;
  let gauss: string;
  let ampere: string;
  let student2Name: string;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database);
    gauss = await w.assignment({ title: 'Gauss', max_score: 50, due_date: inDays(3) });
    ampere = await w.assignment({ title: '=Ampère', max_score: 30, due_date: inDays(9) });
    const sub = (await w.api('student', 'POST', w.url(gauss, '/submissions'), { content: 'flux' })).json()
      .data;
    await w.api('teacher', 'PUT', w.url(gauss, `/submissions/${sub.id}/grade`), { score: 40 });
    const book = (await w.api('teacher', 'GET', `/api/v1/courses/${w.courseId}/grades`)).json().data;
    student2Name = book.students.find(
      (s: { student_id: string }) => s.student_id === w.ids.student2,
    ).username;
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  const base = () => `/api/v1/courses/${w.courseId}/grades`;
  const preview = (csv: string, who: 'teacher' | 'assistant' | 'student' = 'teacher') =>
    w.api(who, 'POST', `${base()}/import/preview`, { csv });
  const apply = (csv: string, fingerprint: string) =>
    w.api('teacher', 'POST', `${base()}/import`, { csv, fingerprint });
  const scores = async () => {
    const book = (await w.api('teacher', 'GET', base())).json().data;
    return Object.fromEntries(
      book.students.map((s: { username: string; grades: { score: number | null }[] }) => [
        s.username,
        s.grades.map((g) => g.score),
      ]),
    );
  };

  it('exports as grades-<course code>-<date>.csv, and importing the export unchanged changes nothing', async () => {
    const res = await w.api('teacher', 'GET', `${base()}.csv`);
    const course = (await w.api('teacher', 'GET', `/api/v1/courses/${w.courseId}`)).json().data;
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`grades-${course.code}-${day}.csv`);
    const judged = await preview(res.body);
    expect(judged.statusCode, judged.body).toBe(200);
    expect(judged.json().data).toMatchObject({
      changes: [],
      errors: [],
      ignored_columns: ['name', 'enrolled', 'total', 'max_total', 'percentage', 'course_total'],
    });
    expect(judged.json().data.unchanged_count).toBe(4);
  });

  it('previews changes and problems per row without writing, and refuses to apply a file with problems', async () => {
    const csv = [
      'username,Gauss (/50),"\'=Ampère (/30)",notes',
      'student,45,',
      `${student2Name},abc,31`,
      'nobody,10,10',
      'STUDENT,1,1',
    ].join('\r\n');
    const before = await scores();
    const res = await preview(csv, 'assistant');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.changes).toEqual([
      {
        row: 2,
        username: 'student',
        student_name: 'Demo Student',
        assignment_id: gauss,
        assignment_title: 'Gauss',
        old_score: 40,
        new_score: 45,
      },
    ]);
    expect(data.errors).toEqual([
      { row: 3, username: student2Name, column: 'Gauss (/50)', problem: 'not_a_number', value: 'abc' },
      { row: 3, username: student2Name, column: "'=Ampère (/30)", problem: 'out_of_range', value: '31' },
      { row: 4, username: 'nobody', column: null, problem: 'unknown_student', value: 'nobody' },
      { row: 5, username: 'STUDENT', column: null, problem: 'duplicate_student', value: 'STUDENT' },
    ]);
    expect(data.ignored_columns).toEqual(['notes']);
    expect(await scores()).toEqual(before);
    const refused = await apply(csv, data.fingerprint);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('GRADE_IMPORT_INVALID');
    expect(await scores()).toEqual(before);
    const student = await preview(csv, 'student');
    expect(student.statusCode).toBe(403);
    expect(student.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('applies exactly what was previewed in one go, audited as an import', async () => {
    const csv = `username,Gauss,=Ampère\nstudent,45,12.5\n${student2Name},,30\n`;
    const judged = (await preview(csv)).json().data;
    expect(judged.changes).toHaveLength(3);
    const res = await apply(csv, judged.fingerprint);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ applied_count: 3 });
    expect((await scores()).student).toEqual([45, 12.5]);
    expect((await scores())[student2Name]).toEqual([null, 30]);
    const changes = (await w.api('teacher', 'GET', `${base()}/${ampere}/${w.ids.student2}/history`)).json()
      .data.changes;
    expect(changes).toMatchObject([
      { source: 'import', old_score: null, new_score: 30, changed_by: w.ids.teacher },
    ]);
    const again = (await preview(csv)).json().data;
    expect(again.changes).toEqual([]);
  });

  it('refuses a stale preview: the gradebook changed between preview and apply', async () => {
    const csv = 'username,Gauss\nstudent,33\n';
    const judged = (await preview(csv)).json().data;
    await w.api('teacher', 'PUT', `${base()}/${gauss}/${w.ids.student}`, { score: 34, attempt: 1 });
    const res = await apply(csv, judged.fingerprint);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('GRADE_IMPORT_STALE');
    expect((await scores()).student[0]).toBe(34);
    const tampered = await apply('username,Gauss\nstudent,3\n', judged.fingerprint);
    expect(tampered.json().error.code).toBe('GRADE_IMPORT_STALE');
    expect((await scores()).student[0]).toBe(34);
  });

  it('documents the editing routes and their errors in OpenAPI', async () => {
    const doc = (await w.t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = (path: string, method: string) => doc.paths[`/api/v1/courses/{course_id}${path}`]?.[method];
    const codes = (path: string, method: string, status: string) =>
      JSON.stringify(op(path, method)?.responses?.[status] ?? null);
    expect(codes('/grades/import', 'post', '409')).toContain('GRADE_IMPORT_STALE');
    expect(codes('/grades/import', 'post', '400')).toContain('GRADE_IMPORT_INVALID');
    expect(codes('/grades/{assignment_id}/{student_id}', 'put', '409')).toContain('GRADED_BY_RUBRIC');
    expect(codes('/grades/{assignment_id}/{student_id}', 'put', '409')).toContain('ATTEMPT_SUPERSEDED');
    expect(codes('/grades/{assignment_id}/{student_id}', 'put', '403')).toContain('INSUFFICIENT_PERMISSIONS');
    expect(op('/grades/{assignment_id}/{student_id}/history', 'get')).toBeDefined();
    expect(codes('/grade-categories', 'put', '404')).toContain('ASSIGNMENT_NOT_FOUND');
    expect(op('/grades/import/preview', 'post')).toBeDefined();
  });

  it('answers a file it cannot read with a validation error, never a 500', async () => {
    for (const csv of ['name,Gauss\nx,1\n', 'username,"Gauss\nstudent,1']) {
      const res = await preview(csv);
      expect(res.statusCode, csv).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
