import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { buildWorld, submitMultipart, type Who, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

describe.each(testDatabaseFactories())('submission attempts on $name', (factory) => {
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

  const submit = (who: Who, assignmentId: string, content: string) =>
    w.api(who, 'POST', w.url(assignmentId, '/submissions'), { content });
  const grade = (assignmentId: string, submissionId: string, body: Record<string, unknown>) =>
    w.api('teacher', 'PUT', w.url(assignmentId, `/submissions/${submissionId}/grade`), body);
  const attempts = async (who: Who, assignmentId: string, submissionId: string) =>
    w.api(who, 'GET', w.url(assignmentId, `/submissions/${submissionId}/attempts`));
  const dueYesterday = async (assignmentId: string) =>
    w.t.app.db
      .updateTable('assignments')
      .set({ due_date: new Date(Date.now() - 86_400_000).toISOString() })
      .where('id', '=', assignmentId)
      .execute();

  /** The first attempt as handed in two hours ago, and the due date an hour ago: between the two. */
  const dueBetween = async (assignmentId: string, submissionId: string) => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await w.t.app.db
      .updateTable('submissions')
      .set({ submitted_at: twoHoursAgo })
      .where('id', '=', submissionId)
      .execute();
    await w.t.app.db
      .updateTable('submission_attempts')
      .set({ submitted_at: twoHoursAgo })
      .where('submission_id', '=', submissionId)
      .execute();
    await w.t.app.db
      .updateTable('assignments')
      .set({ due_date: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', assignmentId)
      .execute();
  };

  it('keeps a graded attempt, its files and its feedback when the student resubmits', async () => {
    const id = await w.assignment();
    const first = await submitMultipart(w, 'student', id, [
      { name: 'content', value: 'attempt one' },
      { name: 'files', filename: 'report-v1.txt', data: 'first report' },
    ]);
    const sub = first.json().data;
    const graded = await grade(id, sub.id, { score: 92, feedback: 'Clear derivation', attempt: 1 });
    expect(graded.statusCode).toBe(200);
    expect(graded.json().data).toMatchObject({
      status: 'graded',
      graded: true,
      score: 92,
      graded_attempt: 1,
    });

    const second = await submitMultipart(w, 'student', id, [
      { name: 'content', value: 'attempt two' },
      { name: 'files', filename: 'report-v2.txt', data: 'second report' },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({
      attempt: 2,
      content: 'attempt two',
      status: 'submitted',
      graded: false,
      resubmitted_after_grading: true,
      score: 92,
      feedback: 'Clear derivation',
      graded_attempt: 1,
      attachments: [{ name: 'report-v2.txt' }],
    });

    for (const who of ['student', 'teacher', 'assistant'] as const) {
      const res = await attempts(who, id, sub.id);
      expect(res.statusCode, who).toBe(200);
      const list = res.json().data.attempts;
      expect(list).toMatchObject([
        { attempt: 1, content: 'attempt one', score: 92, feedback: 'Clear derivation', is_late: false },
        { attempt: 2, content: 'attempt two', score: null, feedback: null },
      ]);
      const oldFile = await w.api(who, 'GET', list[0].attachments[0].download_url);
      expect([oldFile.statusCode, oldFile.body]).toEqual([200, 'first report']);
    }
    for (const who of ['student2', 'outsider', 'otherTeacher'] as const) {
      const res = await attempts(who, id, sub.id);
      expect(res.statusCode, who).toBe(404);
    }
  });

  it('refuses to grade an attempt that a newer one has superseded, leaving every grade as it was', async () => {
    const id = await w.assignment();
    const sub = (await submit('student2', id, 'v1')).json().data;
    await submit('student2', id, 'v2');
    const stale = await grade(id, sub.id, { score: 50, feedback: 'read v1', attempt: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('ATTEMPT_SUPERSEDED');
    const beyond = await grade(id, sub.id, { score: 50, attempt: 3 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.code).toBe('VALIDATION_ERROR');
    const list = (await attempts('teacher', id, sub.id)).json().data.attempts;
    expect(list.map((a: { score: number | null }) => a.score)).toEqual([null, null]);

    const latest = await grade(id, sub.id, { score: 70 });
    expect(latest.json().data).toMatchObject({ attempt: 2, graded_attempt: 2, score: 70, status: 'graded' });
    const regraded = await grade(id, sub.id, { score: 75, attempt: 2 });
    expect(regraded.json().data.score).toBe(75);
    const after = (await attempts('teacher', id, sub.id)).json().data.attempts;
    expect(after.map((a: { score: number | null }) => a.score)).toEqual([null, 75]);
  });

  it('follows the assignment setting on resubmitting graded work', async () => {
    const id = await w.assignment({ resubmit_after_grading: false });
    const detail = (await w.api('teacher', 'GET', w.url(id))).json().data;
    expect(detail.resubmit_after_grading).toBe(false);
    const sub = (await submit('student', id, 'draft one')).json().data;
    // Not graded yet: a new attempt is still welcome.
    expect((await submit('student', id, 'draft two')).statusCode).toBe(200);
    await grade(id, sub.id, { score: 80 });
    const refused = await submit('student', id, 'after the grade');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('RESUBMISSION_NOT_ALLOWED');
    const list = (await attempts('student', id, sub.id)).json().data.attempts;
    expect(list.map((a: { content: string }) => a.content)).toEqual(['draft one', 'draft two']);

    // The teacher can open it again.
    expect((await w.api('teacher', 'PUT', w.url(id), { resubmit_after_grading: true })).statusCode).toBe(200);
    expect((await submit('student', id, 'after the grade')).json().data).toMatchObject({
      attempt: 3,
      resubmitted_after_grading: true,
    });
  });

  it('refuses a resubmission after the due date without touching the earlier attempts', async () => {
    const id = await w.assignment();
    const sub = (await submit('student', id, 'on time')).json().data;
    await grade(id, sub.id, { score: 64 });
    await dueYesterday(id);
    const late = await submit('student', id, 'too late');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ASSIGNMENT_OVERDUE');
    const now = (await w.api('student', 'GET', w.url(id, `/submissions/${sub.id}`))).json().data;
    expect(now).toMatchObject({ attempt: 1, content: 'on time', score: 64, status: 'graded' });
  });

  it('marks a late attempt late when late work is allowed, and the earlier one stays on time', async () => {
    const id = await w.assignment({ allow_late: true });
    const sub = (await submit('student2', id, 'on time')).json().data;
    // The due date falls between the two attempts: lateness is read against it (docs/adr/0128).
    await dueBetween(id, sub.id);
    const late = await submit('student2', id, 'late fix');
    expect(late.json().data).toMatchObject({ attempt: 2, is_late: true, status: 'late' });
    const list = (await attempts('teacher', id, sub.id)).json().data.attempts;
    expect(list.map((a: { is_late: boolean }) => a.is_late)).toEqual([false, true]);
  });
});

describe.each(testDatabaseFactories())('the attempts migration on $name', (factory) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await factory.create();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('carries graded submissions and their files over as attempts, losing nothing', async () => {
    const { db } = openDatabase(database.target, 2);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0004-simulations');
      expect(before.error).toBeUndefined();
      const now = new Date().toISOString();
      const user = (id: string, role: string) => ({
        id,
        username: id,
        name: `User ${id}`,
        email: `${id}@example.edu`,
        role,
        password_hash: 'x',
        must_change_password: 0,
        disabled: 0,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto('users')
        .values([user('t1', 'teacher'), user('s1', 'student'), user('s2', 'student')])
        .execute();
      await db
        .insertInto('courses')
        .values({
          id: 'c1',
          name: 'Electromagnetism',
          code: 'EM101',
          live_code: 'em101',
          semester: '2026-2027-1',
          description: '',
          syllabus: '',
          schedule: '[]',
          teacher_id: 't1',
          max_students: 10,
          student_count: 2,
          status: 'active',
          invite_code: 'ABCDEFGH',
          invite_expires_at: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      // The migration adds a column this row does not have yet, so write it without it.
      await db
        .insertInto('assignments')
        .values({
          id: 'a1',
          course_id: 'c1',
          title: 'Gauss',
          description: '',
          instructions: '',
          attachments: '[]',
          due_date: now,
          max_score: 100,
          allow_late: 0,
          status: 'published',
          created_by: 't1',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      const graded = {
        id: 'sub-graded',
        assignment_id: 'a1',
        student_id: 's1',
        content: 'third try',
        submitted_at: now,
        is_late: 1,
        attempt: 3,
        score: 88.5,
        feedback: '很好 — well argued',
        graded_by: 't1',
        graded_at: now,
      };
      const ungraded = {
        ...graded,
        id: 'sub-open',
        student_id: 's2',
        attempt: 1,
        is_late: 0,
        score: null,
        feedback: null,
        graded_by: null,
        graded_at: null,
      };
      await db
        .insertInto('submissions')
        .values([graded, ungraded] as never)
        .execute();
      await db
        .insertInto('stored_files')
        .values({
          id: 'f1',
          blob_key: 'k1',
          file_name: 'report.pdf',
          content_type: 'application/pdf',
          size: 10,
          sha256: 'h',
          created_at: now,
        })
        .execute();
      await db
        .insertInto('submission_files')
        .values({ submission_id: 'sub-graded', file_id: 'f1' } as never)
        .execute();

      expect(await migrateToLatest(db)).toContain('0005-submission-attempts');

      const attemptRows = await db
        .selectFrom('submission_attempts')
        .selectAll()
        .orderBy('submission_id')
        .execute();
      expect(
        attemptRows.map((r) => ({
          ...r,
          is_late: Number(r.is_late),
          attempt: Number(r.attempt),
          score: r.score === null ? null : Number(r.score),
        })),
      ).toEqual([
        {
          submission_id: 'sub-graded',
          attempt: 3,
          content: 'third try',
          submitted_at: now,
          is_late: 1,
          score: 88.5,
          feedback: '很好 — well argued',
          graded_by: 't1',
          graded_at: now,
        },
        {
          submission_id: 'sub-open',
          attempt: 1,
          content: 'third try',
          submitted_at: now,
          is_late: 0,
          score: null,
          feedback: null,
          graded_by: null,
          graded_at: null,
        },
      ]);
      const subs = await db
        .selectFrom('submissions')
        .select(['id', 'graded_attempt', 'score'])
        .orderBy('id')
        .execute();
      expect(
        subs.map((s) => [
          s.id,
          s.graded_attempt === null ? null : Number(s.graded_attempt),
          s.score === null ? null : Number(s.score),
        ]),
      ).toEqual([
        ['sub-graded', 3, 88.5],
        ['sub-open', null, null],
      ]);
      const links = await db.selectFrom('submission_files').selectAll().execute();
      expect(links.map((l) => [l.submission_id, l.file_id, Number(l.attempt)])).toEqual([
        ['sub-graded', 'f1', 3],
      ]);
      const assignment = await db
        .selectFrom('assignments')
        .select('resubmit_after_grading')
        .executeTakeFirstOrThrow();
      expect(Number(assignment.resubmit_after_grading)).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
