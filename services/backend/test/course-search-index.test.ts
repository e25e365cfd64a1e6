import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

// The trigram search index exists on SQLite only (migration 0010); the others search with LIKE.
const sqlite = testDatabaseFactories().find((factory) => factory.name === 'sqlite');

describe("SQLite's course-search index", () => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    database = await (sqlite as NonNullable<typeof sqlite>).create();
    t = await buildTestApp(database);
    admin = bearer(await loginAs(t.app, 'admin'));
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const search = async (app: TestApp, text: string, paging = '') =>
    (
      await app.app.inject({
        method: 'GET',
        url: `/api/v1/courses?search=${encodeURIComponent(text)}${paging}`,
        headers: admin,
      })
    ).json().data as { total: number; courses: { code: string }[] };

  it('pages the same newest-first order whether it walks the index or sorts the matches', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++) {
      const code = `WALK-${i}`;
      codes.push(code);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/courses',
        headers: admin,
        payload: { name: `Walkable optics ${i}`, code, semester: '2026-2027-1' },
      });
    }
    // 7 matches: a page of 20 sorts them all; a page of 1 is dense enough to walk the index.
    const sorted = await search(t, 'Walkable optics', '&limit=20');
    expect(sorted.total).toBe(7);
    expect(sorted.courses.map((c) => c.code)).toEqual([...codes].reverse());
    const walked = [];
    for (let page = 1; page <= 7; page++) {
      const one = await search(t, 'Walkable optics', `&limit=1&page=${page}`);
      expect(one.total).toBe(7);
      walked.push(...one.courses.map((c) => c.code));
    }
    expect(walked).toEqual(sorted.courses.map((c) => c.code));
    expect(await search(t, 'Walkable optics', '&limit=1&page=8')).toMatchObject({ total: 7, courses: [] });
    expect(await search(t, 'Unmatched phrase')).toMatchObject({ total: 0, courses: [] });
  });

  it('is rebuilt at start when it no longer agrees with the courses', async () => {
    for (const code of ['IDX-1', 'IDX-2'])
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/courses',
        headers: admin,
        payload: { name: `Indexed optics ${code}`, code, semester: '2026-2027-1' },
      });
    expect((await search(t, 'Indexed optics')).total).toBe(2);
    // What a VACUUM that renumbered rowids would look like to the index: an entry gone astray.
    const row = await sql<{ rowid: number; name: string; code: string }>`
      select rowid, name, code from courses where code = 'IDX-1'`.execute(t.app.db);
    const { rowid, name, code } = row.rows[0] as { rowid: number; name: string; code: string };
    await sql`insert into course_search (course_search, rowid, name, code) values ('delete', ${rowid}, ${name}, ${code})`.execute(
      t.app.db,
    );
    expect((await search(t, 'Indexed optics')).total).toBe(1);

    const restarted = await buildTestApp(database);
    try {
      const found = await search(restarted, 'Indexed optics');
      expect(found.total).toBe(2);
      expect(found.courses.map((c) => c.code).sort()).toEqual(['IDX-1', 'IDX-2']);
      expect(
        restarted.logs.lines.some((line) => /course search index out of step/.test(String(line.msg))),
      ).toBe(true);
    } finally {
      await restarted.app.close();
    }
  });

  it("counts an admin's search again after any change, made here or by another connection", async () => {
    const create = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/courses',
        headers: admin,
        payload: { name: `Counted optics ${code}`, code, semester: '2026-2027-1' },
      });
    await create('CNT-1');
    // Asked twice: the second total may be the kept count, and must be the same.
    expect((await search(t, 'Counted optics')).total).toBe(1);
    expect((await search(t, 'Counted optics')).total).toBe(1);
    await create('CNT-2');
    expect((await search(t, 'Counted optics')).total).toBe(2);
    // Another process on the same file (a second backend, a sweep worker) removes one.
    const other = new SQLite((database.target as { file: string }).file);
    try {
      other.prepare(`update courses set deleted_at = '2026-01-01T00:00:00.000Z' where code = 'CNT-1'`).run();
    } finally {
      other.close();
    }
    const after = await search(t, 'Counted optics');
    expect(after.total).toBe(1);
    expect(after.courses.map((c) => c.code)).toEqual(['CNT-2']);
  });

  it('counts every list again after any change, made here or by another connection', async () => {
    const teacher = bearer(await loginAs(t.app, 'teacher'));
    // One course a page, so every page is full and its total is counted (and may be kept).
    const total = async (headers: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/courses?limit=1', headers })).json().data
        .total as number;
    const create = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/courses',
        headers: teacher,
        payload: { name: `Totalled ${code}`, code, semester: '2026-2027-1' },
      });
    await create('TOT-1');
    await create('TOT-2');
    const [all, taught] = [await total(admin), await total(teacher)];
    expect(await total(admin)).toBe(all);
    expect(await total(teacher)).toBe(taught);
    await create('TOT-3');
    expect([await total(admin), await total(teacher)]).toEqual([all + 1, taught + 1]);
    const other = new SQLite((database.target as { file: string }).file);
    try {
      other.prepare(`update courses set deleted_at = '2026-01-01T00:00:00.000Z' where code = 'TOT-1'`).run();
    } finally {
      other.close();
    }
    expect([await total(admin), await total(teacher)]).toEqual([all, taught]);
  });
});
