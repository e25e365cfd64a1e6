import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/shared/ids.js';

/** Small builders of database rows for tests whose subject is not the row's own API. */

export async function userIdOf(db: Db, username: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function buildCourse(
  db: Db,
  fields: { teacherId: string; name?: string; code?: string; maxStudents?: number; status?: string },
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const code = fields.code ?? `C${id.slice(-8)}`;
  await db
    .insertInto('courses')
    .values({
      id,
      name: fields.name ?? `Course ${code}`,
      code,
      live_code: code.toLowerCase(),
      semester: '2025-2026-1',
      description: '',
      syllabus: '',
      schedule: '[]',
      teacher_id: fields.teacherId,
      max_students: fields.maxStudents ?? 100,
      student_count: 0,
      status: fields.status ?? 'active',
      invite_code: null,
      invite_expires_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return id;
}

export async function addMember(
  db: Db,
  courseId: string,
  userId: string,
  role: 'assistant' | 'student',
): Promise<void> {
  await db
    .insertInto('course_members')
    .values({ course_id: courseId, user_id: userId, role, joined_at: new Date().toISOString() })
    .execute();
  if (role === 'student') {
    await db
      .updateTable('courses')
      .set((eb) => ({ student_count: eb('student_count', '+', 1) }))
      .where('id', '=', courseId)
      .execute();
  }
}
