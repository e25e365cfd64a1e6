import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPending, scanDueSoon } from '../src/notifications/dispatcher.js';
import { buildWorld, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { drained, notificationsOf } from './support/notifications.js';

const ENV = { NOTIFICATION_INTERVAL_MS: '100' };

describe.each(testDatabaseFactories())('in-app notifications on $name', (factory) => {
  let database: TestDatabase;
  let w: World;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database, ENV);
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  const unread = async (who: Parameters<World['api']>[0]) => {
    const res = await w.api(who, 'GET', '/api/v1/me/notifications/unread-count');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.unread_count as number;
  };

  it('tells students of a published assignment and of its new due date, not while a draft', async () => {
    const id = await w.assignment({ title: 'Gauss law' }, 'draft');
    await drained(w);
    expect(
      (await notificationsOf(w, 'student')).notifications.some((n) => n.subject_title === 'Gauss law'),
    ).toBe(false);
    expect((await w.api('teacher', 'PUT', w.url(id), { status: 'published' })).statusCode).toBe(200);
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await w.api('teacher', 'PUT', w.url(id), { due_date: due })).statusCode).toBe(200);
    await drained(w);
    for (const who of ['student', 'student2'] as const) {
      const mine = (await notificationsOf(w, who)).notifications.filter(
        (n) => n.subject_title === 'Gauss law',
      );
      expect(mine.map((n) => n.change).sort()).toEqual(['due_date_changed', 'published']);
      expect(mine[0]).toMatchObject({
        kind: 'assignment',
        course_id: w.courseId,
        link: `/courses/${w.courseId}/assignments/${id}`,
        read: false,
      });
      expect(mine.find((n) => n.change === 'due_date_changed')?.due_date).toBe(due);
    }
    // Staff are not told of their own course's assignments.
    expect(
      (await notificationsOf(w, 'assistant')).notifications.some((n) => n.subject_title === 'Gauss law'),
    ).toBe(false);
  });

  it('tells the student of a grade, and the staff of a resubmission waiting for grading', async () => {
    const id = await w.assignment({ title: 'Faraday law', resubmit_after_grading: true });
    const first = await w.api('student', 'POST', w.url(id, '/submissions'), { content: 'first' });
    expect(first.statusCode, first.body).toBe(201);
    const submissionId = first.json().data.id as string;
    const graded = await w.api('teacher', 'PUT', w.url(id, `/submissions/${submissionId}/grade`), {
      score: 70,
      feedback: 'Good',
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(
      (await w.api('student', 'POST', w.url(id, '/submissions'), { content: 'second' })).statusCode,
    ).toBe(200);
    await drained(w);
    const student = (await notificationsOf(w, 'student')).notifications.filter(
      (n) => n.subject_title === 'Faraday law',
    );
    expect(student.map((n) => n.kind).sort()).toEqual(['assignment', 'grade']);
    const student2 = (await notificationsOf(w, 'student2')).notifications.filter(
      (n) => n.subject_title === 'Faraday law',
    );
    expect(student2.map((n) => n.kind)).toEqual(['assignment']);
    for (const who of ['teacher', 'assistant'] as const) {
      const staff = (await notificationsOf(w, who)).notifications.filter(
        (n) => n.subject_title === 'Faraday law',
      );
      expect(staff.map((n) => n.kind)).toEqual(['resubmission']);
    }
  });

  it('tells a student of a grade typed into the gradebook, with or without work handed in', async () => {
    const id = await w.assignment({ title: 'Ohm law' });
    const typed = await w.api(
      'teacher',
      'PUT',
      `/api/v1/courses/${w.courseId}/grades/${id}/${w.ids.student2}`,
      {
        score: 55,
        attempt: null,
      },
    );
    expect(typed.statusCode, typed.body).toBe(200);
    await drained(w);
    const grades = (await notificationsOf(w, 'student2')).notifications.filter(
      (n) => n.subject_title === 'Ohm law' && n.kind === 'grade',
    );
    expect(grades).toHaveLength(1);
    expect(
      (await notificationsOf(w, 'student')).notifications.some(
        (n) => n.subject_title === 'Ohm law' && n.kind === 'grade',
      ),
    ).toBe(false);
  });

  it('tells every member but the author of an announcement', async () => {
    const res = await w.api('teacher', 'POST', `/api/v1/courses/${w.courseId}/announcements`, {
      title: 'Lab moved',
      body: 'Room 204',
    });
    expect(res.statusCode, res.body).toBe(201);
    await drained(w);
    const told = async (who: Parameters<typeof notificationsOf>[1]) =>
      (await notificationsOf(w, who)).notifications.filter((n) => n.kind === 'announcement').length;
    expect([
      await told('student'),
      await told('student2'),
      await told('assistant'),
      await told('teacher'),
    ]).toEqual([1, 1, 1, 0]);
    expect(await told('outsider')).toBe(0);
  });

  it('lists unread first, marks one and all read, and keeps each user to their own', async () => {
    const before = await notificationsOf(w, 'student');
    expect(before.unread_count).toBeGreaterThanOrEqual(3);
    expect(await unread('student')).toBe(before.unread_count);
    const target = before.notifications[1];
    if (!target) throw new Error('no notification');
    const read = await w.api('student', 'POST', `/api/v1/me/notifications/${target.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ unread_count: before.unread_count - 1 });
    const after = await notificationsOf(w, 'student');
    expect(after.notifications.at(-1)?.id).toBe(target.id);
    expect(after.notifications.at(-1)?.read).toBe(true);

    const stolen = await w.api('student2', 'POST', `/api/v1/me/notifications/${target.id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('NOTIFICATION_NOT_FOUND');
    expect((await w.api(null, 'GET', '/api/v1/me/notifications')).statusCode).toBe(401);

    const all = await w.api('student', 'POST', '/api/v1/me/notifications/read');
    expect(all.json().data).toEqual({ marked_count: before.unread_count - 1 });
    expect(await unread('student')).toBe(0);
    expect(await unread('student2')).toBeGreaterThan(0);
  });

  it('follows each user’s choices per kind, and refuses an unknown kind', async () => {
    const initial = await w.api('student', 'GET', '/api/v1/me/notification-preferences');
    expect(initial.json().data).toMatchObject({ email_available: false });
    expect(initial.json().data.preferences).toContainEqual({ kind: 'grade', in_app: true, email: true });
    const saved = await w.api('student', 'PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'announcement', in_app: false, email: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.preferences).toContainEqual({
      kind: 'announcement',
      in_app: false,
      email: false,
    });
    expect(saved.json().data.preferences).toContainEqual({ kind: 'grade', in_app: true, email: true });
    const bad = await w.api('student', 'PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'gossip', in_app: true, email: false }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');

    await w.api('teacher', 'POST', `/api/v1/courses/${w.courseId}/announcements`, {
      title: 'Quiet',
      body: 'x',
    });
    await drained(w);
    const quiet = (n: { subject_title: string }) => n.subject_title === 'Quiet';
    expect((await notificationsOf(w, 'student')).notifications.some(quiet)).toBe(false);
    expect((await notificationsOf(w, 'student2')).notifications.some(quiet)).toBe(true);
  });

  it('reminds once per assignment and due date, only those who have not handed in', async () => {
    const id = await w.assignment({
      title: 'Due soon',
      due_date: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    expect((await w.api('student2', 'POST', w.url(id, '/submissions'), { content: 'done' })).statusCode).toBe(
      201,
    );
    // Two instances scanning at once queue one event between them.
    await Promise.all([scanDueSoon(w.t.app.db), scanDueSoon(w.t.app.db)]);
    await scanDueSoon(w.t.app.db);
    await dispatchPending(w.t.app.db, 'test-worker', false);
    await drained(w);
    const reminders = async (who: 'student' | 'student2') =>
      (await notificationsOf(w, who)).notifications.filter(
        (n) => n.kind === 'due_soon' && n.subject_title === 'Due soon',
      );
    expect(await reminders('student')).toHaveLength(1);
    expect(await reminders('student2')).toHaveLength(0);
  });

  it('does not remind a student whose extension moved their due date away', async () => {
    const id = await w.assignment({
      title: 'Due soon, extended',
      due_date: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    const extended = await w.api('teacher', 'PUT', w.url(id, `/extensions/${w.ids.student2}`), {
      due_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    await scanDueSoon(w.t.app.db);
    await dispatchPending(w.t.app.db, 'test-worker', false);
    await drained(w);
    const reminders = async (who: 'student' | 'student2') =>
      (await notificationsOf(w, who)).notifications.filter(
        (n) => n.kind === 'due_soon' && n.subject_title === 'Due soon, extended',
      );
    expect(await reminders('student')).toHaveLength(1);
    expect(await reminders('student2')).toHaveLength(0);
  });

  it('answers the request that caused a notification even when it cannot be queued', async () => {
    const db = w.t.app.db;
    await sql`alter table notification_events rename to notification_events_away`.execute(db);
    try {
      const res = await w.api('teacher', 'POST', `/api/v1/courses/${w.courseId}/announcements`, {
        title: 'Still posted',
        body: 'The outbox is gone',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(w.t.logs.lines.some((line) => line.msg === 'notification not queued')).toBe(true);
    } finally {
      await sql`alter table notification_events_away rename to notification_events`.execute(db);
    }
    const list = await w.api('student2', 'GET', `/api/v1/courses/${w.courseId}/announcements`);
    expect(list.json().data.announcements.some((a: { title: string }) => a.title === 'Still posted')).toBe(
      true,
    );
  });
});
