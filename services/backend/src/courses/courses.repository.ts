import { type Insertable, sql, type Updateable } from 'kysely';
import type { Principal } from '../auth/principal.js';
import { type Db, isSqlite } from '../db/database.js';
import { containsIgnoringCase } from '../db/like.js';
import type { CoursesTable } from '../db/schema.js';
import type { CourseRow } from './course-access.js';

export type CourseListRow = CourseRow & { teacher_name: string };

export interface CourseListFilter {
  search?: string | undefined;
  offset: number;
  limit: number;
}

export async function insertCourse(db: Db, course: Insertable<CoursesTable>): Promise<void> {
  await db.insertInto('courses').values(course).execute();
}

export async function updateCourse(db: Db, id: string, changes: Updateable<CoursesTable>): Promise<void> {
  await db.updateTable('courses').set(changes).where('id', '=', id).execute();
}

export function findLiveCourseByCode(db: Db, code: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('courses').select('id').where('live_code', '=', code.toLowerCase()).executeTakeFirst();
}

export function findLiveCourseByInviteCode(db: Db, inviteCode: string): Promise<CourseRow | undefined> {
  return db
    .selectFrom('courses')
    .selectAll()
    .where('invite_code', '=', inviteCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Shorter searches cannot use the trigram index (it matches runs of three characters). */
const TRIGRAM = 3;

/** The search as a phrase for SQLite's course-search index, when that index can answer it. */
function searchIndexPhrase(db: Db, search: string | undefined): string | undefined {
  if (!search || !isSqlite(db) || [...search].length < TRIGRAM) return undefined;
  return `"${search.replaceAll('"', '""')}"`;
}

/** How many courses an admin's search matches: the index holds live courses only. */
async function countAllMatching(db: Db, phrase: string): Promise<number> {
  const result = await sql<{
    n: number;
  }>`select count(*) as n from course_search where course_search match ${phrase}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The live courses a caller may see (admin: all; others: those they teach or belong to) that
 * match the search, as (id, created_at). Non-admins start from their own few course ids
 * (memberships by user and courses by teacher, both index ranges) joined to courses, so no
 * database walks every course; an admin's search on SQLite asks the trigram index.
 */
function visibleCourses(db: Db, principal: Principal, search: string | undefined, walkNewestFirst = false) {
  const nameOrCode = (text: string) =>
    sql<boolean>`(${containsIgnoringCase(sql.ref('c.name'), text)} or ${containsIgnoringCase(sql.ref('c.code'), text)})`;
  if (principal.role === 'admin') {
    let all = db.selectFrom('courses as c').where('c.deleted_at', 'is', null);
    const phrase = searchIndexPhrase(db, search);
    // `rowid + 0` keeps the planner from driving the query from the matches, so it walks the
    // newest-first index and stops once it has the page.
    const rowid = walkNewestFirst ? sql`c.rowid + 0` : sql`c.rowid`;
    if (phrase !== undefined)
      all = all.where(
        sql<boolean>`${rowid} in (select rowid from course_search where course_search match ${phrase})`,
      );
    else if (search) all = all.where(nameOrCode(search));
    return all.select(['c.id', 'c.created_at']).as('v');
  }
  const me = principal.userId;
  const mine = db
    .selectFrom('course_members as m')
    .select('m.course_id')
    .where('m.user_id', '=', me)
    .union(db.selectFrom('courses as t').select('t.id as course_id').where('t.teacher_id', '=', me));
  let own = db
    .selectFrom(mine.as('mine'))
    .innerJoin('courses as c', 'c.id', 'mine.course_id')
    .where('c.deleted_at', 'is', null);
  if (search) own = own.where(nameOrCode(search));
  return own.select(['c.id', 'c.created_at']).as('v');
}

/**
 * Matches per page position above which walking the newest-first index beats sorting every
 * match (measured on 10,000 courses: 1,250 matches 1.0 ms walking vs 3.1 ms sorting; 183
 * matches 0.9 vs 0.7 ms).
 */
const DENSE_MATCHES = 4;

/**
 * One page of the courses a caller may see, newest first, with the teacher's name, and their
 * total. The page's ids are chosen first (an index-only walk), and only those rows are read
 * and joined to their teacher. `student_count` is a column, so no per-row count.
 */
export async function listVisibleCourses(
  db: Db,
  principal: Principal,
  filter: CourseListFilter,
): Promise<{ rows: CourseListRow[]; total: number }> {
  const visible = (walkNewestFirst = false) => visibleCourses(db, principal, filter.search, walkNewestFirst);
  // A non-admin's own courses are few, so one query gives the page and, by a window count over
  // the same rows, the total; an admin's are many, and counting them apart is cheaper.
  const windowed = principal.role !== 'admin';
  const rowsOfPage = (walkNewestFirst = false) => {
    const page = db
      .selectFrom(visible(walkNewestFirst))
      .select('v.id')
      .$if(windowed, (q) => q.select((eb) => eb.fn.countAll<number | string>().over().as('total')))
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit);
    return db
      .selectFrom(page.as('p'))
      .innerJoin('courses as c', 'c.id', 'p.id')
      .innerJoin('users as t', 't.id', 'c.teacher_id')
      .selectAll('c')
      .select('t.name as teacher_name')
      .$if(windowed, (q) => q.select('p.total'))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
  };
  const countVisible = async () =>
    Number(
      (
        await db
          .selectFrom(visible())
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  if (windowed) {
    const paged = await rowsOfPage();
    const rows = paged.map(({ total: _total, ...row }) => row);
    // A page past the end has no row to carry the total.
    if (paged.length === 0 && filter.offset > 0) return { rows, total: await countVisible() };
    return { rows, total: Number(paged[0]?.total ?? 0) };
  }
  const indexedSearch = searchIndexPhrase(db, filter.search);
  if (indexedSearch === undefined) {
    const [rows, total] = await Promise.all([rowsOfPage(), countVisible()]);
    return { rows, total };
  }
  const total = await countAllMatching(db, indexedSearch);
  if (total <= filter.offset) return { rows: [], total };
  return { rows: await rowsOfPage(total > DENSE_MATCHES * (filter.offset + filter.limit)), total };
}

export async function teacherNameOf(db: Db, teacherId: string): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', teacherId).executeTakeFirst();
  return row?.name ?? '';
}

export function listAssistants(
  db: Db,
  courseId: string,
): Promise<{ id: string; name: string; email: string }[]> {
  return db
    .selectFrom('course_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where('m.course_id', '=', courseId)
    .where('m.role', '=', 'assistant')
    .orderBy('u.name')
    .execute();
}
