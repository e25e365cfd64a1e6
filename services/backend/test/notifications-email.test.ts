import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { buildWorld, FAST, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { drained, eventually, notificationsOf } from './support/notifications.js';
import { startSmtpServer } from './support/smtp.js';

describe.each(testDatabaseFactories())('notification e-mail on $name', (factory) => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let w: World;
  let second: TestApp;

  beforeAll(async () => {
    database = await factory.create();
    smtp = await startSmtpServer();
    const env = {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Faraday <courses@faraday.test>',
      NOTIFICATION_EMAIL_BATCH_SEC: '2',
      NOTIFICATION_INTERVAL_MS: '50',
    };
    // Two backend instances on one database: each event and each e-mail must go out once.
    w = await buildWorld(database, env);
    second = await buildTestApp(database, { ...FAST, ...env });
  });

  afterAll(async () => {
    await second?.app.close();
    await w?.t.app.close();
    await smtp?.close();
    await database?.drop();
  });

  const emailOf = async (who: 'student' | 'student2') =>
    (
      await w.t.app.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', w.ids[who])
        .executeTakeFirstOrThrow()
    ).email;

  it('sends each student one digest for many grades, once across two instances', async () => {
    const grades = 6;
    for (let i = 1; i <= grades; i++) {
      const id = await w.assignment({ title: `Problem set ${i}` });
      const sub = await w.api('student', 'POST', w.url(id, '/submissions'), { content: `answer ${i}` });
      expect(sub.statusCode, sub.body).toBe(201);
      const graded = await w.api('teacher', 'PUT', w.url(id, `/submissions/${sub.json().data.id}/grade`), {
        score: 80 + i,
      });
      expect(graded.statusCode, graded.body).toBe(200);
    }
    await drained(w);
    const address = await emailOf('student');
    const mine = await eventually(async () => {
      const found = smtp.mails.filter((m) => m.to.includes(address));
      expect(found.length).toBeGreaterThan(0);
      // Every e-mail state settled: nothing left pending or being sent.
      const open = await w.t.app.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', w.ids.student)
        .where('email_state', 'in', ['pending', 'sending'])
        .execute();
      expect(open).toEqual([]);
      return found;
    });
    // Let another pass of both instances run: nothing more may be sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = smtp.mails.filter((m) => m.to.includes(address));
    expect(all).toHaveLength(mine.length);
    const text = all.map((m) => m.raw).join('\n');
    for (let i = 1; i <= grades; i++) {
      expect(text.split(`Graded: Problem set ${i} `).length - 1, `grade ${i} in exactly one message`).toBe(1);
    }
    // Six grades and six new assignments, well inside one batch window: one or two messages, not twelve.
    expect(all.length).toBeLessThanOrEqual(2);
    expect(all[0]?.raw).toContain('From: Faraday <courses@faraday.test>');
    expect(all[0]?.raw).toMatch(/Subject: Faraday: \d+ new notifications/);
    // In the app each grade is listed once, though two dispatchers ran.
    const listed = (await notificationsOf(w, 'student')).notifications.filter((n) => n.kind === 'grade');
    expect(listed).toHaveLength(grades);
  });

  it('sends no e-mail of a kind the user turned off, and still lists it in the app', async () => {
    const off = await w.api('student2', 'PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ kind: 'announcement', in_app: true, email: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.email_available).toBe(true);
    const address = await emailOf('student2');
    const before = smtp.mails.filter((m) => m.to.includes(address)).length;
    const res = await w.api('teacher', 'POST', `/api/v1/courses/${w.courseId}/announcements`, {
      title: 'Not by mail',
      body: 'x',
    });
    expect(res.statusCode).toBe(201);
    await drained(w);
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(smtp.mails.filter((m) => m.to.includes(address))).toHaveLength(before);
    expect(
      (await notificationsOf(w, 'student2')).notifications.some((n) => n.subject_title === 'Not by mail'),
    ).toBe(true);
    // The student who kept the default gets it by mail.
    const student = await emailOf('student');
    await eventually(async () => {
      expect(smtp.mails.some((m) => m.to.includes(student) && m.raw.includes('Not by mail'))).toBe(true);
    });
  });
});
