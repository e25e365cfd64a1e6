import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { GradeChangesTable } from '../db/schema.js';

export type GradeChangeRow = Insertable<GradeChangesTable>;

export async function recordGradeChanges(trx: Db, rows: readonly GradeChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('grade_changes')
    .values([...rows])
    .execute();
}

/** Sets the grade of a student who handed nothing in (replacing an earlier one). */
export async function putGradebookEntry(
  trx: Db,
  entry: { assignment_id: string; student_id: string; score: number; graded_by: string; graded_at: string },
): Promise<void> {
  await trx
    .deleteFrom('gradebook_entries')
    .where('assignment_id', '=', entry.assignment_id)
    .where('student_id', '=', entry.student_id)
    .execute();
  await trx.insertInto('gradebook_entries').values(entry).execute();
}

/** A cell's audit trail with the names of who changed it, newest first. */
export function gradeChangesOf(db: Db, assignmentId: string, studentId: string) {
  return db
    .selectFrom('grade_changes as g')
    .leftJoin('users as u', 'u.id', 'g.changed_by')
    .selectAll('g')
    .select('u.name as changed_by_name')
    .where('g.assignment_id', '=', assignmentId)
    .where('g.student_id', '=', studentId)
    .orderBy('g.changed_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
}

/** Replaces the course's categories and their assignments, in the caller's transaction. */
export async function replaceCategories(
  trx: Db,
  courseId: string,
  categories: readonly { id: string; name: string; weight: number; assignment_ids: readonly string[] }[],
): Promise<void> {
  // assignment_categories rows go with their category (on delete cascade is not relied on: SQLite
  // enforces foreign keys only when asked).
  const old = trx.selectFrom('grade_categories').select('id').where('course_id', '=', courseId);
  await trx.deleteFrom('assignment_categories').where('category_id', 'in', old).execute();
  await trx.deleteFrom('grade_categories').where('course_id', '=', courseId).execute();
  if (categories.length === 0) return;
  await trx
    .insertInto('grade_categories')
    .values(
      categories.map((c, position) => ({
        id: c.id,
        course_id: courseId,
        name: c.name,
        weight: c.weight,
        position,
      })),
    )
    .execute();
  const members = categories.flatMap((c) =>
    c.assignment_ids.map((assignment_id) => ({ assignment_id, category_id: c.id })),
  );
  if (members.length > 0) await trx.insertInto('assignment_categories').values(members).execute();
}
