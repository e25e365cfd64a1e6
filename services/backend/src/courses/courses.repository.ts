import { type Insertable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { Principal } from '../auth/principal.js';
import { compiledPerShape } from '../db/compiled-once.js';
import { type Db, isPostgres, isSqlite } from '../db/database.js';
import { containsPattern, likeIgnoringCase } from '../db/like.js';
import { ReusedWhileUnchanged } from '../db/reused-while-unchanged.js';
import type { CoursesTable } from '../db/schema.js';
import type { CourseRow } from './course-access.js';

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

/**
 * Course counts, reused while the database is unchanged (SQLite; elsewhere every call reads):
 * paging through one list asks for the same total on every page. An admin's count walks every
 * live course or every match (10,000 courses: 544 µs of a page-200 list's 987 µs), a caller's
 * own few are cheap but counted the same way. Keys name the count: an index phrase, or a list
 * shape with its caller and search.
 */
const recentCounts = new ReusedWhileUnchanged<number>(1_000);

/** How many courses an admin's search matches: the index holds live courses only. */
function countAllMatching(db: Db, phrase: string): Promise<number> {
  return recentCounts.get(db, `index/${phrase}`, async () => {
    const result = await sql<{
      n: number;
    }>`select count(*) as n from course_search where course_search match ${phrase}`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  });
}

/** What a course list shows of each course: never the syllabus, schedule or invite. */
const SUMMARY_COLUMNS = [
  'c.id',
  'c.name',
  'c.code',
  'c.semester',
  'c.description',
  'c.teacher_id',
  'c.student_count',
  'c.max_students',
  'c.status',
  'c.created_at',
  'c.updated_at',
] as const;

type SummaryColumn = (typeof SUMMARY_COLUMNS)[number] extends `c.${infer Column}` ? Column : never;
export type CourseSummaryRow = Pick<CourseRow, SummaryColumn>;
export type CourseListRow = CourseSummaryRow & { teacher_name: string };

/**
 * The form of a course-list query. Every list request runs one, so each form is compiled once
 * (db/compiled-once.ts) and only bound to the caller, the search and the page.
 */
interface ListShape {
  /** An admin sees every live course; anyone else the courses they teach or belong to. */
  admin: boolean;
  /** No search, SQLite's trigram index (admins), or a LIKE over name and code. */
  search: 'none' | 'index' | 'like';
  /** Walk the newest-first index and stop at the page, rather than sort every match. */
  walkNewestFirst: boolean;
}

const shapeKey = (shape: ListShape) => `${shape.admin}/${shape.search}/${shape.walkNewestFirst}`;

/** A course whose name or code contains the search (`search` is the LIKE pattern). */
const nameOrCode = (table: 'c' | 'v', search: string) =>
  sql<boolean>`(${likeIgnoringCase(sql.ref(`${table}.name`), search)} or ${likeIgnoringCase(sql.ref(`${table}.code`), search)})`;

/**
 * The live courses a caller may see that match the search, as (id, created_at). Non-admins start
 * from their own few courses (ownMatching), so no database walks every course; an admin's search
 * on SQLite asks the trigram index. `search` is the index phrase or the LIKE pattern, as the
 * shape says.
 */
function visibleCourses(db: Db, shape: ListShape, userId: string, search: string) {
  if (shape.admin) {
    let all = db.selectFrom('courses as c').where('c.deleted_at', 'is', null);
    // `rowid + 0` keeps the planner from driving the query from the matches, so it walks the
    // newest-first index and stops once it has the page.
    const rowid = shape.walkNewestFirst ? sql`c.rowid + 0` : sql`c.rowid`;
    if (shape.search === 'index')
      all = all.where(
        sql<boolean>`${rowid} in (select rowid from course_search where course_search match ${search})`,
      );
    else if (shape.search === 'like') all = all.where(nameOrCode('c', search));
    return all.select(['c.id', 'c.created_at']).as('v');
  }
  return ownMatching(db, shape, userId, search, false).select(['v.id', 'v.created_at']).as('v');
}

/** What a non-admin's own courses are ordered and searched by (see pageOfOwnCourses). */
const OWN_KEY_COLUMNS = ['c.id', 'c.created_at', 'c.name', 'c.code'] as const;

/**
 * The live courses a non-admin teaches or belongs to, with their summary columns (`whole`) or only
 * the columns a list orders and searches them by: the taught ones
 * by teacher, the others by membership (a course the caller teaches and also belongs to comes
 * from the first half only). Each half is an index range, so no database plans a pass over every
 * course (PostgreSQL hash-joined a scan of all 10,000 against `c.id in (…)`, estimating 100 ids).
 * On PostgreSQL `offset 0` keeps a search from being pushed into the halves: it cannot estimate
 * `lower(name) like '%…%'`, guesses a handful of rows and then scans every course testing it
 * (8.6 ms for a student of 200 against 3.3 ms filtering that student's rows; pgbench 311 → 896/s).
 */
function ownCourses(db: Db, userId: string, whole = true) {
  const columns = whole ? SUMMARY_COLUMNS : OWN_KEY_COLUMNS;
  const taught = db
    .selectFrom('courses as c')
    .select(columns)
    .where('c.teacher_id', '=', userId)
    .where('c.deleted_at', 'is', null);
  const joined = db
    .selectFrom('course_members as m')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .select(columns)
    .where('m.user_id', '=', userId)
    .where('c.teacher_id', '<>', userId)
    .where('c.deleted_at', 'is', null);
  const both = taught.unionAll(joined);
  return isPostgres(db) ? both.offset(sql.lit(0)) : both;
}

/** A non-admin's own courses (as `v`) that match the search. */
function ownMatching(db: Db, shape: ListShape, userId: string, search: string, whole = true) {
  return db
    .selectFrom(ownCourses(db, userId, whole).as('v'))
    .$if(shape.search !== 'none', (q) => q.where(nameOrCode('v', search)));
}

/**
 * One page, newest first, with the teacher's name. A non-admin's own courses are few: they are
 * read in one query, with a window count over the same rows for the total, and only the page's
 * rows look up their teacher (a correlated lookup by key: a join let PostgreSQL hash a scan of
 * every user). An admin's are many: the page's ids are chosen first (an index-only walk), only
 * those rows are read and joined to their teacher, and the total is counted apart.
 * `student_count` is a column, so no per-row count. PostgreSQL has the whole rows from its heap
 * scan anyway, and the page's lookups by key made it slower (a teacher's list 2,262–2,467 lists/s
 * as keys against 2,438–2,566 whole, in turns); MySQL keeps whole rows, as before, unmeasured.
 * SQLite: ownPageOnSqlite.
 */
const pageOfOwnCourses = compiledPerShape(
  shapeKey,
  (db: Db, shape: ListShape, userId: string, search: string, offset: number, limit: number) => {
    const counted = ownMatching(db, shape, userId, search)
      .selectAll('v')
      .select((eb) => eb.fn.countAll<number | string>().over().as('total'));
    return db
      .selectFrom(newestFirst(counted, offset, limit).as('p'))
      .selectAll('p')
      .select(teacherName('p.teacher_id'))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc');
  },
);

/**
 * A non-admin's page on SQLite: their own courses as keys, the page cut from those, and only the
 * page's rows read whole, with no total (counted apart when the page is full). SQLite copies every
 * column of every row into the sort's and a window's tables: reading the rows whole was most of a
 * teacher's list (208 µs against 163 µs as keys, for 50 courses), and the window count over the
 * keys half of what was left (a teacher's page 79 of 156 µs; with the count apart, 135 µs both).
 */
const ownPageOnSqlite = compiledPerShape(
  shapeKey,
  (db: Db, shape: ListShape, userId: string, search: string, offset: number, limit: number) => {
    const keys = ownMatching(db, shape, userId, search, false).select(['v.id', 'v.created_at']);
    return db
      .selectFrom(newestFirst(keys, offset, limit).as('p'))
      .innerJoin('courses as c', 'c.id', 'p.id')
      .select(SUMMARY_COLUMNS)
      .select(teacherName('c.teacher_id'))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc');
  },
);

/** A non-admin's own courses (`v`), newest first, cut to the page. */
function newestFirst<DB extends { v: { id: string; created_at: string } }, O>(
  courses: SelectQueryBuilder<DB, 'v', O>,
  offset: number,
  limit: number,
) {
  return courses.orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').offset(offset).limit(limit);
}

/** The course's teacher's name, looked up by key: every course has its teacher (a foreign key). */
const teacherName = (teacherId: 'p.teacher_id' | 'c.teacher_id') =>
  sql<string>`(select t.name from users as t where t.id = ${sql.ref(teacherId)})`.as('teacher_name');

const pageOfAllCourses = compiledPerShape(
  shapeKey,
  (db: Db, shape: ListShape, userId: string, search: string, offset: number, limit: number) => {
    const page = db
      .selectFrom(visibleCourses(db, shape, userId, search))
      .select('v.id')
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .offset(offset)
      .limit(limit);
    return db
      .selectFrom(page.as('p'))
      .innerJoin('courses as c', 'c.id', 'p.id')
      .innerJoin('users as t', 't.id', 'c.teacher_id')
      .select(SUMMARY_COLUMNS)
      .select('t.name as teacher_name')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc');
  },
);

const countOfCourses = compiledPerShape(
  shapeKey,
  (db: Db, shape: ListShape, userId: string, search: string) =>
    db
      .selectFrom(visibleCourses(db, shape, userId, search))
      .select((eb) => eb.fn.countAll<number | string>().as('n')),
);

/**
 * Matches per page position above which walking the newest-first index beats sorting every
 * match (measured on 10,000 courses: 1,250 matches 1.0 ms walking vs 3.1 ms sorting; 183
 * matches 0.9 vs 0.7 ms).
 */
const DENSE_MATCHES = 4;

/** One page of the courses a caller may see, newest first, with the teacher's name, and their total. */
export async function listVisibleCourses(
  db: Db,
  principal: Principal,
  filter: CourseListFilter,
): Promise<{ rows: CourseListRow[]; total: number }> {
  const admin = principal.role === 'admin';
  const phrase = admin ? searchIndexPhrase(db, filter.search) : undefined;
  const search: ListShape['search'] = phrase !== undefined ? 'index' : filter.search ? 'like' : 'none';
  const searchValue = phrase ?? (filter.search ? containsPattern(filter.search) : '');
  const shape = (walkNewestFirst = false): ListShape => ({ admin, search, walkNewestFirst });
  const page = (walkNewestFirst = false) =>
    pageOfAllCourses(db, shape(walkNewestFirst), principal.userId, searchValue, filter.offset, filter.limit);
  const count = () =>
    recentCounts.get(db, `${shapeKey(shape())}/${principal.userId}/${searchValue}`, async () => {
      const [row] = await countOfCourses(db, shape(), principal.userId, searchValue);
      return Number(row?.n ?? 0);
    });

  const own = [shape(), principal.userId, searchValue, filter.offset, filter.limit] as const;
  if (!admin && isSqlite(db)) {
    const rows = await ownPageOnSqlite(db, ...own);
    // A page short of its limit is the last: the courses before it and on it are all there are.
    const last = rows.length < filter.limit && (rows.length > 0 || filter.offset === 0);
    return { rows, total: last ? filter.offset + rows.length : await count() };
  }
  if (!admin) {
    const paged = await pageOfOwnCourses(db, ...own);
    const rows = paged.map(({ total: _total, ...row }) => row);
    // A page past the end has no row to carry the total.
    if (paged.length === 0 && filter.offset > 0) return { rows, total: await count() };
    return { rows, total: Number(paged[0]?.total ?? 0) };
  }
  if (phrase === undefined) {
    const [rows, total] = await Promise.all([page(), count()]);
    return { rows, total };
  }
  const total = await countAllMatching(db, phrase);
  if (total <= filter.offset) return { rows: [], total };
  return { rows: await page(total > DENSE_MATCHES * (filter.offset + filter.limit)), total };
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
