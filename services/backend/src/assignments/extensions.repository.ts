import type { Db } from '../db/database.js';
import { isUniqueViolation, retryTransient } from '../db/transient-errors.js';

export interface ExtensionRow {
  assignment_id: string;
  student_id: string;
  student_name: string;
  student_username: string;
  due_date: string;
  granted_by: string;
  granted_at: string;
}

function selectExtensions(db: Db) {
  return db
    .selectFrom('assignment_extensions as x')
    .innerJoin('users as u', 'u.id', 'x.student_id')
    .select([
      'x.assignment_id',
      'x.student_id',
      'u.name as student_name',
      'u.username as student_username',
      'x.due_date',
      'x.granted_by',
      'x.granted_at',
    ]);
}

export function listExtensionRows(db: Db, assignmentId: string, studentId?: string): Promise<ExtensionRow[]> {
  let query = selectExtensions(db).where('x.assignment_id', '=', assignmentId);
  if (studentId !== undefined) query = query.where('x.student_id', '=', studentId);
  return query.orderBy('u.name').orderBy('u.username').execute();
}

export async function findExtension(db: Db, assignmentId: string, studentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('assignment_extensions')
    .select('due_date')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row?.due_date ?? null;
}

/** A student's extensions on the given assignments, by assignment id (one query for a page). */
export async function extensionsOfStudent(
  db: Db,
  studentId: string,
  assignmentIds: readonly string[],
): Promise<Map<string, string>> {
  if (assignmentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('assignment_extensions')
    .select(['assignment_id', 'due_date'])
    .where('student_id', '=', studentId)
    .where('assignment_id', 'in', [...assignmentIds])
    .execute();
  return new Map(rows.map((row) => [row.assignment_id, row.due_date]));
}

/** Every extension on a course's assignments, keyed student/assignment (the gradebook). */
export async function extensionsOfCourse(
  db: Db,
  courseId: string,
  studentId?: string,
): Promise<Map<string, string>> {
  let query = db
    .selectFrom('assignment_extensions as x')
    .innerJoin('assignments as a', 'a.id', 'x.assignment_id')
    .select(['x.assignment_id', 'x.student_id', 'x.due_date'])
    .where('a.course_id', '=', courseId);
  if (studentId !== undefined) query = query.where('x.student_id', '=', studentId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [`${row.student_id}/${row.assignment_id}`, row.due_date]));
}

/**
 * Grants or moves the extension: one row per (assignment, student). Two graders granting at the
 * same instant can both find no row: the insert that loses moves the row the other wrote (the
 * last write wins), and a deadlock between them (MariaDB's gap locks) runs again; never a 500.
 */
export async function putExtensionRow(
  db: Db,
  row: {
    assignment_id: string;
    student_id: string;
    due_date: string;
    granted_by: string;
    granted_at: string;
  },
): Promise<void> {
  const move = () =>
    db
      .updateTable('assignment_extensions')
      .set({ due_date: row.due_date, granted_by: row.granted_by, granted_at: row.granted_at })
      .where('assignment_id', '=', row.assignment_id)
      .where('student_id', '=', row.student_id)
      .executeTakeFirst();
  await retryTransient(async () => {
    if (Number((await move()).numUpdatedRows) > 0) return;
    try {
      await db.insertInto('assignment_extensions').values(row).execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await move();
    }
  });
}

export async function deleteExtensionRow(db: Db, assignmentId: string, studentId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('assignment_extensions')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function isStudentOf(db: Db, courseId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('course_members')
    .select('user_id')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .where('role', '=', 'student')
    .executeTakeFirst();
  return row !== undefined;
}
