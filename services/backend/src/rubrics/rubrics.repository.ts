import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { RubricSelectionsTable, RubricsTable } from '../db/schema.js';

export type RubricRow = Selectable<RubricsTable>;
export type RubricSelectionRow = Selectable<RubricSelectionsTable>;

export function findRubric(db: Db, courseId: string, rubricId: string): Promise<RubricRow | undefined> {
  return db
    .selectFrom('rubrics')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('id', '=', rubricId)
    .executeTakeFirst();
}

export function rubricsOfCourse(db: Db, courseId: string): Promise<RubricRow[]> {
  return db
    .selectFrom('rubrics')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

/** For each rubric: whether a grade has used it, and the assignments it is attached to (two queries). */
export async function usageOf(
  db: Db,
  rubricIds: readonly string[],
): Promise<{ used: Set<string>; attached: Map<string, string[]> }> {
  if (rubricIds.length === 0) return { used: new Set(), attached: new Map() };
  const [used, attached] = await Promise.all([
    db
      .selectFrom('rubric_selections')
      .select('rubric_id')
      .distinct()
      .where('rubric_id', 'in', [...rubricIds])
      .execute(),
    db
      .selectFrom('assignment_rubrics')
      .select(['rubric_id', 'assignment_id'])
      .where('rubric_id', 'in', [...rubricIds])
      .orderBy('assignment_id')
      .execute(),
  ]);
  const byRubric = new Map<string, string[]>();
  for (const row of attached)
    byRubric.set(row.rubric_id, [...(byRubric.get(row.rubric_id) ?? []), row.assignment_id]);
  return { used: new Set(used.map((row) => row.rubric_id)), attached: byRubric };
}

export async function isRubricUsed(db: Db, rubricId: string): Promise<boolean> {
  const row = await db
    .selectFrom('rubric_selections')
    .select('rubric_id')
    .where('rubric_id', '=', rubricId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRubric(db: Db, row: Insertable<RubricsTable>): Promise<void> {
  await db.insertInto('rubrics').values(row).execute();
}

export async function updateRubricRow(
  db: Db,
  rubricId: string,
  fields: { title: string; criteria: string; updated_at: string },
): Promise<void> {
  await db.updateTable('rubrics').set(fields).where('id', '=', rubricId).execute();
}

export async function deleteRubricRow(db: Db, rubricId: string): Promise<void> {
  await db.deleteFrom('assignment_rubrics').where('rubric_id', '=', rubricId).execute();
  await db.deleteFrom('rubrics').where('id', '=', rubricId).execute();
}

/** The rubric attached to an assignment, if any. */
export function attachedRubric(db: Db, assignmentId: string): Promise<RubricRow | undefined> {
  return db
    .selectFrom('assignment_rubrics as ar')
    .innerJoin('rubrics as r', 'r.id', 'ar.rubric_id')
    .selectAll('r')
    .where('ar.assignment_id', '=', assignmentId)
    .executeTakeFirst();
}

/** Attaches (replacing any other) or, with null, detaches the assignment's rubric. */
export async function setAttachment(trx: Db, assignmentId: string, rubricId: string | null): Promise<void> {
  await trx.deleteFrom('assignment_rubrics').where('assignment_id', '=', assignmentId).execute();
  if (rubricId !== null) {
    await trx
      .insertInto('assignment_rubrics')
      .values({ assignment_id: assignmentId, rubric_id: rubricId })
      .execute();
  }
}

/** The filled rubric of one attempt: replaces whatever an earlier grade of it chose. */
export async function replaceSelections(
  trx: Db,
  submissionId: string,
  attempt: number,
  rows: readonly Insertable<RubricSelectionsTable>[],
): Promise<void> {
  await trx
    .deleteFrom('rubric_selections')
    .where('submission_id', '=', submissionId)
    .where('attempt', '=', attempt)
    .execute();
  if (rows.length > 0)
    await trx
      .insertInto('rubric_selections')
      .values([...rows])
      .execute();
}

export function selectionsOf(db: Db, submissionId: string, attempt: number): Promise<RubricSelectionRow[]> {
  return db
    .selectFrom('rubric_selections')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where('attempt', '=', attempt)
    .execute();
}

export function rubricById(db: Db, rubricId: string): Promise<RubricRow | undefined> {
  return db.selectFrom('rubrics').selectAll().where('id', '=', rubricId).executeTakeFirst();
}
