import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support/app.js';
import { buildWorld, FAST, inDays, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

interface Item {
  assignment_id: string;
  title: string;
  course_code: string;
  due_date: string;
  assignment_status: string;
  role: string;
  status: string | null;
}

/** What a calendar program reads from the feed, through a maintained RFC 5545 parser. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const lastModified = vevent.getFirstPropertyValue('last-modified') as ICAL.Time;
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      lastModified: lastModified.toJSDate().toISOString(),
      url: String(vevent.getFirstPropertyValue('url')),
      stamp: vevent.getFirstPropertyValue('dtstamp') !== null,
    };
  });
}

describe.each(testDatabaseFactories())('calendar on $name', (factory) => {
  let database: TestDatabase;
  let w: World;
  let published: string;
  let draft: string;
  let later: string;
  // Commas, semicolons, a backslash and Chinese: escaping and folding at 75 octets both matter.
  const longTitle =
    '电磁学作业：高斯定律, 安培定律; 法拉第定律 \\ 麦克斯韦方程组的推导与应用（第三章全部习题）';

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database);
    published = await w.assignment({ title: longTitle, due_date: inDays(3) });
    draft = await w.assignment({ title: 'Draft work', due_date: inDays(4) }, 'draft');
    later = await w.assignment({ title: 'Far ahead', due_date: inDays(200) });
    await w.api('student', 'POST', w.url(published, '/submissions'), { content: 'my answer' });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  const calendar = async (who: 'teacher' | 'assistant' | 'student' | 'outsider', query = '') => {
    const res = await w.api(who, 'GET', `/api/v1/me/calendar${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { from: string; to: string; items: Item[] };
  };
  const feedApi = (who: 'teacher' | 'student', method: 'GET' | 'POST' | 'DELETE') =>
    w.t.app.inject({ method, url: '/api/v1/me/calendar-feed', headers: w.headers[who] });
  const newFeed = async (who: 'teacher' | 'student') => {
    const res = await feedApi(who, 'POST');
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { url: string; created_at: string; active: true };
  };
  const fetchFeed = (url: string) => w.t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it("lists the staff's work with drafts and the student's published work with their own state", async () => {
    const staff = await calendar('teacher');
    expect(staff.items.map((i) => i.assignment_id)).toEqual([published, draft]);
    expect(staff.items[1]).toMatchObject({ assignment_status: 'draft', role: 'teacher', status: null });
    expect((await calendar('assistant')).items.map((i) => [i.assignment_id, i.role])).toEqual([
      [published, 'assistant'],
      [draft, 'assistant'],
    ]);

    const mine = await calendar('student');
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      assignment_id: published,
      title: longTitle,
      role: 'student',
      status: 'submitted',
      assignment_status: 'published',
    });
    expect((await calendar('outsider')).items).toEqual([]);
  });

  it('answers the window asked for, and refuses a reversed, too wide or malformed one', async () => {
    const from = inDays(100);
    const to = inDays(300);
    const far = await calendar('student', `?from=${from}&to=${to}`);
    expect(far).toMatchObject({ from, to });
    expect(far.items.map((i) => i.assignment_id)).toEqual([later]);

    for (const query of [`?from=${to}&to=${from}`, `?from=${inDays(-10)}&to=${inDays(500)}`, '?from=soon']) {
      const res = await w.api('student', 'GET', `/api/v1/me/calendar${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await w.api(null, 'GET', '/api/v1/me/calendar')).statusCode).toBe(401);
  });

  it('publishes an RFC 5545 feed by a secret URL that needs no sign-in, with published work only', async () => {
    expect((await feedApi('student', 'GET')).json().data).toEqual({ active: false, created_at: null });
    const feed = await newFeed('student');
    expect(feed.url).toMatch(/^http:\/\/[^/]+\/api\/v1\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feedApi('student', 'GET')).json().data).toEqual({
      active: true,
      created_at: feed.created_at,
    });

    const res = await fetchFeed(feed.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Every line ends in CRLF and none is longer than 75 octets.
    expect(res.body.endsWith('\r\n')).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line, 'utf8')))).toBeLessThanOrEqual(75);
    expect(res.body).not.toMatch(/[^\r]\n/);

    const events = parseFeed(res.body);
    expect(events.map((e) => e.uid)).toEqual([
      `assignment-${published}@faraday`,
      `assignment-${later}@faraday`,
    ]);
    const first = events[0];
    expect(first?.summary).toMatch(/^C\S*: /);
    expect(first?.summary.endsWith(`: ${longTitle}`)).toBe(true);
    expect(first?.url).toMatch(new RegExp(`/courses/${w.courseId}/assignments/${published}$`));
    expect(first?.description).toContain(first?.url);
    expect(first?.stamp).toBe(true);
    const student = await calendar('student');
    expect(first?.start).toBe(student.items[0]?.due_date.replace(/\.\d{3}Z$/, '.000Z'));
  });

  it('shows a changed due date under the same UID with a newer LAST-MODIFIED', async () => {
    const feed = await newFeed('teacher');
    const before = parseFeed((await fetchFeed(feed.url)).body).find((e) => e.uid.includes(published));
    const moved = new Date(Math.floor(Date.parse(inDays(20)) / 1000) * 1000).toISOString();
    const res = await w.api('teacher', 'PUT', w.url(published), { due_date: moved });
    expect(res.statusCode, res.body).toBe(200);
    const after = parseFeed((await fetchFeed(feed.url)).body).find((e) => e.uid.includes(published));
    expect(after?.start).toBe(moved);
    expect(after?.start).not.toBe(before?.start);
    expect(Date.parse(after?.lastModified ?? '')).toBeGreaterThanOrEqual(
      Date.parse(before?.lastModified ?? ''),
    );
    // The teacher's feed leaves the draft out: subscribers get what students can see.
    const uids = parseFeed((await fetchFeed(feed.url)).body).map((e) => e.uid);
    expect(uids.some((uid) => uid.includes(draft))).toBe(false);
  });

  it('keeps only a hash of the secret; rotating and revoking end the old URL with a 404 envelope', async () => {
    const first = await newFeed('student');
    const secret =
      new URL(first.url).pathname
        .split('/')
        .pop()
        ?.replace(/\.ics$/, '') ?? '';
    const rows = await w.t.app.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', w.ids.student)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret);

    const second = await newFeed('student');
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(first.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ success: false, error: { code: 'CALENDAR_FEED_NOT_FOUND' } });
    expect((await fetchFeed(second.url)).statusCode).toBe(200);

    const revoked = await feedApi('student', 'DELETE');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await fetchFeed(second.url)).json().error.code).toBe('CALENDAR_FEED_NOT_FOUND');
    expect((await feedApi('student', 'GET')).json().data.active).toBe(false);
    const again = await feedApi('student', 'DELETE');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('CALENDAR_FEED_NOT_FOUND');
    // The URL is the credential: no log line of these requests carries it.
    expect(JSON.stringify(w.t.logs.lines)).not.toContain(secret);
    expect(JSON.stringify(w.t.logs.lines)).toContain('/api/v1/me/calendar-feed');
    const guessed = await w.t.app.inject({
      method: 'GET',
      url: `/api/v1/calendar/feeds/${'A'.repeat(43)}.ics`,
    });
    expect(guessed.statusCode).toBe(404);
  });

  it('stops answering the feed of a disabled account', async () => {
    const feed = await newFeed('teacher');
    await w.t.app.db.updateTable('users').set({ disabled: 1 }).where('id', '=', w.ids.teacher).execute();
    try {
      expect((await fetchFeed(feed.url)).json().error.code).toBe('CALENDAR_FEED_NOT_FOUND');
    } finally {
      await w.t.app.db.updateTable('users').set({ disabled: 0 }).where('id', '=', w.ids.teacher).execute();
    }
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
  });

  it('limits feed fetches per client address', async () => {
    const limited = await buildTestApp(database, { ...FAST, CALENDAR_FEED_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const url = `/api/v1/calendar/feeds/${'B'.repeat(43)}.ics`;
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1)
        codes.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.app.close();
    }
  });

  it("moves a student's event to their extension, with a newer LAST-MODIFIED so calendars refetch it", async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await w.t.app.db
      .updateTable('assignments')
      .set({ updated_at: hourAgo })
      .where('id', '=', published)
      .execute();
    const feed = await newFeed('student');
    const before = parseFeed((await fetchFeed(feed.url)).body).find((e) => e.uid.includes(published));
    const extended = new Date(Math.floor(Date.parse(inDays(30)) / 1000) * 1000).toISOString();
    const res = await w.api('teacher', 'PUT', w.url(published, `/extensions/${w.ids.student}`), {
      due_date: extended,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = parseFeed((await fetchFeed(feed.url)).body).find((e) => e.uid.includes(published));
    expect(after?.uid).toBe(before?.uid);
    expect(after?.start).toBe(extended);
    expect(Date.parse(after?.lastModified ?? '')).toBeGreaterThan(Date.parse(before?.lastModified ?? ''));
  });
});
