import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildWorld,
  cast,
  inDays,
  type Method,
  type Who,
  type World,
} from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

describe.each(testDatabaseFactories())('assignments on $name', (factory) => {
  let database: TestDatabase;
  let w: World;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database);
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  it('answers each role on each assignment endpoint as the access rules say', async () => {
    const published = await w.assignment();
    const draft = await w.assignment({ title: 'Unpublished' }, 'draft');
    const expected: [Method, () => string, () => unknown, Record<Who, number>][] = [
      [
        'POST',
        () => w.url(),
        () => ({ title: 'Matrix', due_date: inDays(3), max_score: 10 }),
        {
          admin: 201,
          teacher: 201,
          assistant: 201,
          student: 403,
          student2: 403,
          outsider: 403,
          otherTeacher: 404,
        },
      ],
      [
        'GET',
        () => w.url(),
        () => undefined,
        {
          admin: 200,
          teacher: 200,
          assistant: 200,
          student: 200,
          student2: 200,
          outsider: 404,
          otherTeacher: 404,
        },
      ],
      [
        'GET',
        () => w.url(published),
        () => undefined,
        {
          admin: 200,
          teacher: 200,
          assistant: 200,
          student: 200,
          student2: 200,
          outsider: 404,
          otherTeacher: 404,
        },
      ],
      [
        'GET',
        () => w.url(draft),
        () => undefined,
        {
          admin: 200,
          teacher: 200,
          assistant: 200,
          student: 404,
          student2: 404,
          outsider: 404,
          otherTeacher: 404,
        },
      ],
      [
        'PUT',
        () => w.url(published),
        () => ({ description: 'Edited' }),
        {
          admin: 200,
          teacher: 200,
          assistant: 200,
          student: 403,
          student2: 403,
          outsider: 403,
          otherTeacher: 404,
        },
      ],
    ];
    for (const [method, url, body, statuses] of expected) {
      const anonymous = await w.api(null, method, url(), body());
      expect(anonymous.statusCode, `${method} ${url()} anonymous`).toBe(401);
      for (const who of cast) {
        const res = await w.api(who, method, url(), body());
        expect(res.statusCode, `${method} ${url()} as ${who}: ${res.body}`).toBe(statuses[who]);
        if (res.statusCode === 403) expect(res.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
        if (res.statusCode === 404) {
          // Outsiders learn nothing about the course; members learn nothing about drafts.
          const code =
            who === 'outsider' || who === 'otherTeacher' ? 'COURSE_NOT_FOUND' : 'ASSIGNMENT_NOT_FOUND';
          expect(res.json().error.code).toBe(code);
        }
      }
    }
  });

  it('creates a draft with every contract field and answers them all back', async () => {
    const res = await w.api('teacher', 'POST', w.url(), {
      title: '  Gauss law  ',
      description: 'Flux through a sphere',
      due_date: '2031-03-01T12:00:00+02:00',
      max_score: 12.5,
      instructions: 'Use the divergence theorem',
      attachments: ['sphere.png', '题目.pdf'],
      allow_late: true,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      title: 'Gauss law',
      status: 'draft',
      description: 'Flux through a sphere',
      due_date: '2031-03-01T10:00:00.000Z',
      max_score: 12.5,
      instructions: 'Use the divergence theorem',
      attachments: ['sphere.png', '题目.pdf'],
      allow_late: true,
      submission_count: 0,
      course_id: w.courseId,
    });
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const detail = await w.api('teacher', 'GET', w.url(created.id));
    expect(detail.json().data).toEqual(created);

    const minimal = await w.api('teacher', 'POST', w.url(), {
      title: 'Min',
      due_date: inDays(1),
      max_score: 1,
    });
    expect(minimal.json().data).toMatchObject({
      description: '',
      instructions: '',
      attachments: [],
      allow_late: false,
    });
  });

  it('refuses invalid assignments with 400 VALIDATION_ERROR naming the field', async () => {
    const valid = { title: 'Valid', due_date: inDays(1), max_score: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: '   ' }, 'title'],
      [{ ...valid, title: 'x'.repeat(201) }, 'title'],
      [{ ...valid, title: 'nul\u0000' }, 'title'],
      [{ ...valid, description: 'nul\u0000' }, 'description'],
      [{ due_date: inDays(1), max_score: 10 }, 'title'],
      [{ ...valid, max_score: 0 }, 'max_score'],
      [{ ...valid, max_score: -5 }, 'max_score'],
      [{ ...valid, max_score: '10' }, 'max_score'],
      [{ ...valid, due_date: 'next friday' }, 'due_date'],
      [{ ...valid, due_date: '2030-01-01T00:00:00' }, 'due_date'],
      [{ ...valid, attachments: 'a.pdf' }, 'attachments'],
      [{ ...valid, attachments: ['ok.pdf', 'bad\u0000name'] }, 'attachments'],
      [{ ...valid, allow_late: 'yes' }, 'allow_late'],
    ];
    for (const [body, field] of cases) {
      const res = await w.api('teacher', 'POST', w.url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details).toContain(field);
    }
    const empty = await w.api('teacher', 'PUT', w.url(await w.assignment()), {});
    expect(empty.statusCode).toBe(400);
  });

  it('keeps SQL-looking and unicode text verbatim', async () => {
    const title = "Robert'); DROP TABLE assignments;-- 📐 ∇·E = ρ/ε₀";
    const id = await w.assignment({ title, description: "' OR 1=1 --", attachments: ['a\'b".pdf'] });
    const res = await w.api('student', 'GET', w.url(id));
    expect(res.json().data).toMatchObject({ title, description: "' OR 1=1 --", attachments: ['a\'b".pdf'] });
    expect((await w.api('teacher', 'GET', w.url())).statusCode).toBe(200);
  });

  it('shows students only published and closed assignments, staff everything', async () => {
    const fresh = await buildWorld(database);
    try {
      const draft = await fresh.assignment({ title: 'Draft', due_date: inDays(1) }, 'draft');
      const published = await fresh.assignment({ title: 'Published', due_date: inDays(2) });
      const closed = await fresh.assignment({ title: 'Closed', due_date: inDays(3) }, 'closed');
      const asStudent = (await fresh.api('student', 'GET', fresh.url())).json().data;
      expect(asStudent.assignments.map((a: { id: string }) => a.id)).toEqual([published, closed]);
      expect(asStudent.total).toBe(2);
      const asAssistant = (await fresh.api('assistant', 'GET', fresh.url())).json().data;
      expect(asAssistant.assignments.map((a: { id: string }) => a.id)).toEqual([draft, published, closed]);
      expect(asAssistant).toMatchObject({ total: 3, page: 1, limit: 20 });

      const drafts = await fresh.api('student', 'GET', `${fresh.url()}?status=draft`);
      expect(drafts.json().data).toMatchObject({ assignments: [], total: 0 });
      const paged = (await fresh.api('teacher', 'GET', `${fresh.url()}?limit=1&page=2`)).json().data;
      expect(paged).toMatchObject({ total: 3, page: 2, limit: 1 });
      expect(paged.assignments.map((a: { id: string }) => a.id)).toEqual([published]);
      expect((await fresh.api('teacher', 'GET', `${fresh.url()}?limit=101`)).statusCode).toBe(400);

      // Published back to draft (nobody submitted yet): gone from the students' view again.
      expect((await fresh.api('teacher', 'PUT', fresh.url(published), { status: 'draft' })).statusCode).toBe(
        200,
      );
      const after = (await fresh.api('student', 'GET', fresh.url())).json().data;
      expect(after.assignments.map((a: { id: string }) => a.id)).toEqual([closed]);
    } finally {
      await fresh.t.app.close();
    }
  });

  it('tells each student where they stand in the list (my_status), and staff nothing of the kind', async () => {
    const fresh = await buildWorld(database);
    try {
      const ahead = await fresh.assignment({ title: 'Ahead', due_date: inDays(5) });
      const handedIn = await fresh.assignment({ title: 'Handed in', due_date: inDays(6) });
      const graded = await fresh.assignment({ title: 'Graded', due_date: inDays(7) });
      const lateTaken = await fresh.assignment({
        title: 'Late taken',
        due_date: inDays(-1),
        allow_late: true,
      });
      const handedLate = await fresh.assignment({
        title: 'Handed late',
        due_date: inDays(-2),
        allow_late: true,
      });
      const noLate = await fresh.assignment({ title: 'No late', due_date: inDays(-3), allow_late: false });
      const closed = await fresh.assignment({ title: 'Closed', due_date: inDays(8) }, 'closed');
      for (const id of [handedIn, graded, handedLate]) {
        const res = await fresh.api('student', 'POST', fresh.url(id, '/submissions'), { content: 'my work' });
        expect(res.statusCode, id).toBe(201);
      }
      const mine = (await fresh.api('student', 'GET', fresh.url(graded))).json().data.my_submission;
      const grade = await fresh.api('teacher', 'PUT', fresh.url(graded, `/submissions/${mine.id}/grade`), {
        score: 90,
      });
      expect(grade.statusCode).toBe(200);

      const standing = async (who: Who) =>
        Object.fromEntries(
          (await fresh.api(who, 'GET', `${fresh.url()}?limit=100`))
            .json()
            .data.assignments.map((a: { id: string; my_status?: string }) => [a.id, a.my_status]),
        );
      expect(await standing('student')).toEqual({
        [ahead]: 'not_submitted',
        [handedIn]: 'submitted',
        [graded]: 'graded',
        [lateTaken]: 'overdue',
        [handedLate]: 'late',
        [noLate]: 'missing',
        [closed]: 'missing',
      });
      // Another student's work is not theirs.
      expect((await standing('student2'))[handedIn]).toBe('not_submitted');
      expect(Object.values(await standing('teacher')).every((status) => status === undefined)).toBe(true);
    } finally {
      await fresh.t.app.close();
    }
  });

  it('counts the students who submitted, in the list and the detail', async () => {
    const id = await w.assignment({ title: 'Counted' });
    const other = await w.assignment({ title: 'Not counted' });
    for (const who of ['student', 'student2', 'student'] as const) {
      const res = await w.api(who, 'POST', w.url(id, '/submissions'), { content: `work of ${who}` });
      expect(res.statusCode).toBeLessThan(300);
    }
    const list = (await w.api('teacher', 'GET', `${w.url()}?limit=100`)).json().data.assignments;
    const counts = Object.fromEntries(
      list.map((a: { id: string; submission_count: number }) => [a.id, a.submission_count]),
    );
    expect(counts[id]).toBe(2);
    expect(counts[other]).toBe(0);
    expect((await w.api('student', 'GET', w.url(id))).json().data.submission_count).toBe(2);
  });

  it('moves status only along draft -> published -> closed (and back as documented)', async () => {
    const id = await w.assignment({}, 'draft');
    const move = (status: string, who: Who = 'teacher') => w.api(who, 'PUT', w.url(id), { status });
    const refused = await move('closed');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.stringContaining('from draft'),
    });
    expect((await move('published')).json().data.status).toBe('published');
    expect((await move('published')).statusCode).toBe(200); // staying put is not a move
    expect((await move('closed', 'assistant')).json().data.status).toBe('closed');
    expect((await move('draft')).statusCode).toBe(400);
    expect((await move('archived')).statusCode).toBe(400);
    expect((await move('published', 'admin')).json().data.status).toBe('published');

    expect((await w.api('student', 'POST', w.url(id, '/submissions'), { content: 'done' })).statusCode).toBe(
      201,
    );
    const unpublish = await move('draft');
    expect(unpublish.statusCode).toBe(400);
    expect(unpublish.json().error.message).toContain('already submitted');
    expect((await w.api('student', 'GET', w.url(id))).statusCode).toBe(200);
  });

  it('edits fields, refusing a max_score below a score already given', async () => {
    const id = await w.assignment({ max_score: 50 });
    const edited = await w.api('assistant', 'PUT', w.url(id), {
      title: 'Renamed',
      due_date: '2032-01-01T00:00:00Z',
      allow_late: true,
      attachments: [],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Renamed',
      due_date: '2032-01-01T00:00:00.000Z',
      allow_late: true,
      attachments: [],
      max_score: 50,
      status: 'published',
    });
    const sub = await w.api('student', 'POST', w.url(id, '/submissions'), { content: 'answer' });
    const graded = await w.api('teacher', 'PUT', w.url(id, `/submissions/${sub.json().data.id}/grade`), {
      score: 40,
    });
    expect(graded.statusCode).toBe(200);
    const lower = await w.api('teacher', 'PUT', w.url(id), { max_score: 30 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.details).toContain('max_score');
    expect((await w.api('teacher', 'PUT', w.url(id), { max_score: 40 })).json().data.max_score).toBe(40);
  });

  it('answers ASSIGNMENT_NOT_FOUND for unknown ids and for assignments of another course', async () => {
    const unknown = await w.api('teacher', 'GET', w.url('0190aaaa-0000-7000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ASSIGNMENT_NOT_FOUND');
    const id = await w.assignment();
    const otherCourse = await w.t.app.db
      .selectFrom('courses')
      .select('id')
      .where('teacher_id', '=', w.ids.otherTeacher)
      .executeTakeFirstOrThrow();
    const crossed = await w.api('admin', 'GET', `/api/v1/courses/${otherCourse.id}/assignments/${id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error.code).toBe('ASSIGNMENT_NOT_FOUND');
    const edit = await w.api('admin', 'PUT', `/api/v1/courses/${otherCourse.id}/assignments/${id}`, {
      title: 'x',
    });
    expect(edit.json().error.code).toBe('ASSIGNMENT_NOT_FOUND');
  });
});
