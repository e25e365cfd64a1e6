import { MAX_ANNOUNCEMENT_BODY } from '@faraday/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { type CoursePeople, courseWithPeople, upload } from './support/resources.js';

const ENV = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

type Auth = { authorization: string };
interface AnnouncementBody {
  id: string;
  title: string;
  body: string;
  pinned: boolean;
  read: boolean;
  attachment: { id: string; name: string; download_url: string } | null;
  author_name: string | null;
  course_name?: string;
}

describe.each(testDatabaseFactories())('announcements on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let c: CoursePeople;
  let other: CoursePeople;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, ENV);
    c = await courseWithPeople(t);
    other = await courseWithPeople(t);
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const base = (courseId = c.courseId) => `/api/v1/courses/${courseId}/announcements`;
  const post = (
    auth: Auth | Record<string, never>,
    payload: Record<string, unknown>,
    courseId = c.courseId,
  ) => t.app.inject({ method: 'POST', url: base(courseId), headers: auth, payload });
  const list = async (auth: Auth, courseId = c.courseId) => {
    const res = await t.app.inject({ method: 'GET', url: base(courseId), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { announcements: AnnouncementBody[]; total: number; unread_count: number };
  };
  const unreadOnDashboard = async (auth: Auth) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/unread-announcements', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { announcements: AnnouncementBody[]; total: number };
  };
  const created = async (auth: Auth, payload: Record<string, unknown>, courseId = c.courseId) => {
    const res = await post(auth, payload, courseId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as AnnouncementBody;
  };

  it('posts, lists pinned first then unread then newest, and marks read on opening', async () => {
    const first = await created(c.as.teacher, { title: 'Welcome', body: '# Hello\n\nRead **chapter 1**.' });
    expect(first).toMatchObject({ title: 'Welcome', pinned: false, read: true, attachment: null });
    const second = await created(c.as.assistant, { title: 'Lab moved', body: 'Room 204 on *Friday*.' });
    const pinned = await created(c.as.teacher, { title: 'Exam rules', body: 'No phones.', pinned: true });

    const before = await list(c.as.student);
    expect(before.announcements.map((a) => a.title)).toEqual(['Exam rules', 'Lab moved', 'Welcome']);
    expect(before.announcements.every((a) => !a.read)).toBe(true);
    expect(before).toMatchObject({ total: 3, unread_count: 3 });
    expect(before.announcements[2]?.body).toBe('# Hello\n\nRead **chapter 1**.');

    const dashboard = await unreadOnDashboard(c.as.student);
    expect(dashboard.announcements.map((a) => a.id).slice(0, 3)).toEqual([pinned.id, second.id, first.id]);
    expect(dashboard.announcements[0]?.course_name).toMatch(/^Course /);

    const read = await t.app.inject({ method: 'POST', url: `${base()}/read`, headers: c.as.student });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ marked_count: 3 });
    const again = await t.app.inject({ method: 'POST', url: `${base()}/read`, headers: c.as.student });
    expect(again.json().data).toEqual({ marked_count: 0 });
    const after = await list(c.as.student);
    expect(after.unread_count).toBe(0);
    expect(after.announcements.every((a) => a.read)).toBe(true);
    expect((await unreadOnDashboard(c.as.student)).total).toBe(0);

    // A later post is unread again, and comes before older read ones (but after the pinned one).
    const latest = await created(c.as.teacher, { title: 'Homework 2', body: 'Due Monday.' });
    const next = await list(c.as.student);
    expect(next.announcements.map((a) => [a.title, a.read])).toEqual([
      ['Exam rules', true],
      ['Homework 2', false],
      ['Lab moved', true],
      ['Welcome', true],
    ]);
    expect((await unreadOnDashboard(c.as.student)).announcements.map((a) => a.id)).toEqual([latest.id]);
    // Another student's markers are their own.
    expect((await list(c.as.teacherAsStudent)).unread_count).toBe(4);
  });

  it('edits, pins and unpins without marking it unread again, and deletes', async () => {
    const a = await created(c.as.teacher, { title: 'Draft title', body: 'First words.' });
    await t.app.inject({ method: 'POST', url: `${base()}/read`, headers: c.as.student });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${a.id}`,
      headers: c.as.assistant,
      payload: { title: 'Final title', body: 'Better words.', pinned: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ title: 'Final title', body: 'Better words.', pinned: true });
    const seen = (await list(c.as.student)).announcements;
    expect(seen[0]).toMatchObject({ id: a.id, pinned: true, read: true });

    const unpin = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${a.id}`,
      headers: c.as.teacher,
      payload: { pinned: false },
    });
    expect(unpin.json().data).toMatchObject({ pinned: false, title: 'Final title' });
    // Pinning is not an edit: updated_at stays where the last change of content put it.
    expect(unpin.json().data.updated_at).toBe(edit.json().data.updated_at);

    const empty = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${a.id}`,
      headers: c.as.teacher,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_ERROR');

    const removed = await t.app.inject({ method: 'DELETE', url: `${base()}/${a.id}`, headers: c.as.teacher });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(c.as.student)).announcements.map((x) => x.id)).not.toContain(a.id);
    const twice = await t.app.inject({ method: 'DELETE', url: `${base()}/${a.id}`, headers: c.as.teacher });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error.code).toBe('ANNOUNCEMENT_NOT_FOUND');
    const editGone = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${a.id}`,
      headers: c.as.teacher,
      payload: { pinned: true },
    });
    expect(editGone.json().error.code).toBe('ANNOUNCEMENT_NOT_FOUND');
  });

  it('attaches a resource of the same course and refuses one of another course', async () => {
    const mine = await upload(t.app, c.courseId, c.as.teacher, {
      file: { filename: 'syllabus.txt', data: Buffer.from('week 1') },
    });
    const theirs = await upload(t.app, other.courseId, other.as.teacher, {
      file: { filename: 'other.txt', data: Buffer.from('not yours') },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const mineId = mine.json().data.id as string;

    const withFile = await created(c.as.teacher, {
      title: 'Syllabus',
      body: 'Attached.',
      resource_id: mineId,
    });
    expect(withFile.attachment).toEqual({
      id: mineId,
      name: 'Notes',
      file_name: 'syllabus.txt',
      download_url: `/api/v1/resources/${mineId}/download`,
    });

    for (const resource_id of [theirs.json().data.id as string, 'no-such-resource']) {
      const refused = await post(c.as.teacher, { title: 'Wrong file', body: 'x', resource_id });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: 'body.resource_id: no resource of this course has this id',
      });
      const edit = await t.app.inject({
        method: 'PUT',
        url: `${base()}/${withFile.id}`,
        headers: c.as.teacher,
        payload: { resource_id },
      });
      expect(edit.statusCode, edit.body).toBe(400);
    }

    // Deleting the resource leaves the announcement without an attachment.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/resources/${mineId}`,
      headers: c.as.teacher,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const after = (await list(c.as.student)).announcements.find((a) => a.id === withFile.id);
    expect(after?.attachment).toBeNull();
  });

  it('lets only staff change announcements and only members read them', async () => {
    const a = await created(c.as.teacher, { title: 'Staff only', body: 'Hello.' });
    for (const who of ['student', 'teacherAsStudent'] as const) {
      const refused = await post(c.as[who], { title: 'Mine', body: 'x' });
      expect(refused.statusCode, `${who}: ${refused.body}`).toBe(403);
      expect(refused.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: `${base()}/${a.id}`,
          headers: c.as[who],
          ...(method === 'PUT' ? { payload: { pinned: true } } : {}),
        });
        expect(res.statusCode, `${who} ${method}`).toBe(403);
      }
    }
    // Strangers learn nothing: the course does not exist for them.
    for (const who of ['outsider', 'otherTeacher'] as const) {
      const read = await t.app.inject({ method: 'GET', url: base(), headers: c.as[who] });
      expect(read.statusCode, who).toBe(404);
      expect(read.json().error.code).toBe('COURSE_NOT_FOUND');
      const mark = await t.app.inject({ method: 'POST', url: `${base()}/read`, headers: c.as[who] });
      expect(mark.json().error.code).toBe('COURSE_NOT_FOUND');
      expect((await unreadOnDashboard(c.as[who])).announcements.map((x) => x.id)).not.toContain(a.id);
    }
    const otherPost = await post(c.as.otherTeacher, { title: 'Intruder', body: 'x' });
    expect(otherPost.json().error.code).toBe('COURSE_NOT_FOUND');
    // An announcement id of another course is not found under this one.
    const elsewhere = await created(other.as.teacher, { title: 'Other course', body: 'x' }, other.courseId);
    const crossed = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/${elsewhere.id}`,
      headers: c.as.teacher,
    });
    expect(crossed.json().error.code).toBe('ANNOUNCEMENT_NOT_FOUND');
    const admin = await post(c.as.admin, { title: 'From the office', body: 'x' });
    expect(admin.statusCode).toBe(201);
    const anonymous = await t.app.inject({ method: 'GET', url: base() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses oversized and malformed announcements with the envelope, storing nothing', async () => {
    const before = (await list(c.as.teacher)).total;
    const tooLong = await post(c.as.teacher, { title: 'Long', body: 'x'.repeat(MAX_ANNOUNCEMENT_BODY + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(tooLong.json().error.details).toContain('body.body');

    const huge = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...c.as.teacher, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Huge', body: 'y'.repeat(400_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });

    for (const payload of [
      { title: '', body: 'x' },
      { title: 'x', body: '   ' },
      { title: 'a\nb', body: 'x' },
    ]) {
      const res = await post(c.as.teacher, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const exactly = await post(c.as.teacher, { title: 'Max', body: 'z'.repeat(MAX_ANNOUNCEMENT_BODY) });
    expect(exactly.statusCode, exactly.body.slice(0, 200)).toBe(201);
    expect((await list(c.as.teacher)).total).toBe(before + 1);
  });
});
