import type { Insertable, Updateable } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
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

/**
 * The courses a caller may see (admin: all live ones; others: those they teach or belong to),
 * newest first, with the teacher's name. `student_count` is a column, so no per-row count.
 */
export async function listVisibleCourses(
  db: Db,
  principal: Principal,
  filter: CourseListFilter,
): Promise<{ rows: CourseListRow[]; total: number }> {
  let visible = db.selectFrom('courses as c').where('c.deleted_at', 'is', null);
  if (principal.role !== 'admin') {
    const me = principal.userId;
    // One IN over the ids of the caller's courses (memberships by user, taught by teacher_id,
    // both index ranges): the planner starts from those few ids instead of testing every course.
    visible = visible.where('c.id', 'in', (eb) =>
      eb
        .selectFrom('course_members as m')
        .select('m.course_id')
        .where('m.user_id', '=', me)
        .union(eb.selectFrom('courses as t').select('t.id as course_id').where('t.teacher_id', '=', me)),
    );
  }
  if (filter.search) {
    const text = filter.search;
    visible = visible.where((eb) =>
      eb.or([containsIgnoringCase(eb.ref('c.name'), text), containsIgnoringCase(eb.ref('c.code'), text)]),
    );
  }
  const [rows, count] = await Promise.all([
    visible
      .innerJoin('users as t', 't.id', 'c.teacher_id')
      .selectAll('c')
      .select('t.name as teacher_name')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    visible.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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
