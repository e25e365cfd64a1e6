import type { AssignmentStatus } from '@faraday/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AssignmentsTable } from '../db/schema.js';

export type AssignmentRow = Selectable<AssignmentsTable>;
export type AssignmentWithCount = AssignmentRow & { submission_count: number };

export interface AssignmentListFilter {
  courseId: string;
  statuses: readonly AssignmentStatus[];
  offset: number;
  limit: number;
}

/**
 * Assignments with their submission count in the same query: a correlated count per row, which
 * the unique (assignment_id, student_id) index answers without touching the submissions table.
 */
function selectWithCount(db: Db) {
  return db
    .selectFrom('assignments as a')
    .selectAll('a')
    .select((eb) =>
      eb
        .selectFrom('submissions as s')
        .whereRef('s.assignment_id', '=', 'a.id')
        .select((count) => count.fn.countAll<number | string>().as('n'))
        .as('submission_count'),
    );
}

function withNumericCount(row: AssignmentRow & { submission_count: number | string | null }) {
  return { ...row, submission_count: Number(row.submission_count ?? 0) };
}

export async function insertAssignment(db: Db, row: Insertable<AssignmentsTable>): Promise<void> {
  await db.insertInto('assignments').values(row).execute();
}

export async function findAssignment(
  db: Db,
  courseId: string,
  assignmentId: string,
): Promise<AssignmentWithCount | undefined> {
  const row = await selectWithCount(db)
    .where('a.id', '=', assignmentId)
    .where('a.course_id', '=', courseId)
    .executeTakeFirst();
  return row && withNumericCount(row);
}

export async function listAssignments(
  db: Db,
  filter: AssignmentListFilter,
): Promise<{ rows: AssignmentWithCount[]; total: number }> {
  const [rows, count] = await Promise.all([
    selectWithCount(db)
      .where('a.course_id', '=', filter.courseId)
      .where('a.status', 'in', [...filter.statuses])
      .orderBy('a.due_date')
      .orderBy('a.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    db
      .selectFrom('assignments')
      .where('course_id', '=', filter.courseId)
      .where('status', 'in', [...filter.statuses])
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(withNumericCount), total: Number(count.n) };
}

/**
 * Applies the changes only while the assignment is still in `expectedStatus`, so a status move
 * decided on a stale read cannot land; answers whether it did.
 */
export async function updateAssignmentRow(
  db: Db,
  assignmentId: string,
  expectedStatus: string,
  changes: Updateable<AssignmentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('assignments')
    .set(changes)
    .where('id', '=', assignmentId)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The highest score given so far, or null when nothing is graded. */
export async function highestScore(db: Db, assignmentId: string): Promise<number | null> {
  const row = await db
    .selectFrom('submissions')
    .where('assignment_id', '=', assignmentId)
    .select((eb) => eb.fn.max('score').as('top'))
    .executeTakeFirst();
  return row?.top == null ? null : Number(row.top);
}

export async function countSubmissions(db: Db, assignmentId: string): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .where('assignment_id', '=', assignmentId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
