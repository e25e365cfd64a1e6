import type { Db } from '../db/database.js';

export interface MemberRow {
  id: string;
  username: string;
  name: string;
  email: string;
  role: string;
  joined_at: string;
}

export function listMemberRows(db: Db, courseId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('course_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.username', 'u.name', 'u.email', 'm.role', 'm.joined_at'])
    .where('m.course_id', '=', courseId)
    .orderBy('m.role')
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

export async function memberRoleOf(db: Db, courseId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('course_members')
    .select('role')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export async function insertMember(
  db: Db,
  member: { courseId: string; userId: string; role: 'assistant' | 'student'; joinedAt: string },
): Promise<void> {
  await db
    .insertInto('course_members')
    .values({
      course_id: member.courseId,
      user_id: member.userId,
      role: member.role,
      joined_at: member.joinedAt,
    })
    .execute();
}

export async function deleteMember(db: Db, courseId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('course_members')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Takes one seat if one is free: a single conditional UPDATE, so concurrent joins can never
 * push the count past max_students on any of the three databases. False when the course is full.
 */
export async function takeSeat(db: Db, courseId: string): Promise<boolean> {
  const result = await db
    .updateTable('courses')
    .set((eb) => ({ student_count: eb('student_count', '+', 1) }))
    .where('id', '=', courseId)
    .whereRef('student_count', '<', 'max_students')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseSeat(db: Db, courseId: string): Promise<void> {
  await db
    .updateTable('courses')
    .set((eb) => ({ student_count: eb('student_count', '-', 1) }))
    .where('id', '=', courseId)
    .where('student_count', '>', 0)
    .execute();
}
