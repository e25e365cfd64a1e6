import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { QuizAttemptItemsTable, QuizAttemptsTable, QuizQuestionsTable } from '../db/schema.js';

export type QuizQuestionRow = Selectable<QuizQuestionsTable>;
export type QuizAttemptRow = Selectable<QuizAttemptsTable>;
export type QuizItemRow = Selectable<QuizAttemptItemsTable>;

export function questionsOf(db: Db, assignmentId: string): Promise<QuizQuestionRow[]> {
  return db
    .selectFrom('quiz_questions')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('position')
    .execute();
}

export async function countAttempts(db: Db, assignmentId: string, studentId?: string): Promise<number> {
  let query = db.selectFrom('quiz_attempts').where('assignment_id', '=', assignmentId);
  if (studentId !== undefined) query = query.where('student_id', '=', studentId);
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replaces the questions (the caller has checked that nobody has started the quiz). */
export async function replaceQuestions(
  trx: Db,
  assignmentId: string,
  rows: readonly Insertable<QuizQuestionsTable>[],
): Promise<void> {
  await trx.deleteFrom('quiz_questions').where('assignment_id', '=', assignmentId).execute();
  await trx
    .insertInto('quiz_questions')
    .values([...rows])
    .execute();
}

export function attemptsOf(db: Db, assignmentId: string, studentId?: string): Promise<QuizAttemptRow[]> {
  let query = db.selectFrom('quiz_attempts').selectAll().where('assignment_id', '=', assignmentId);
  if (studentId !== undefined) query = query.where('student_id', '=', studentId);
  return query.orderBy('student_id').orderBy('attempt').execute();
}

export function findAttempt(
  db: Db,
  assignmentId: string,
  attemptId: string,
): Promise<QuizAttemptRow | undefined> {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('id', '=', attemptId)
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
}

export function itemsOf(db: Db, attemptId: string): Promise<QuizItemRow[]> {
  return db
    .selectFrom('quiz_attempt_items')
    .selectAll()
    .where('attempt_id', '=', attemptId)
    .orderBy('position')
    .execute();
}

export async function insertAttempt(
  trx: Db,
  attempt: Insertable<QuizAttemptsTable>,
  items: readonly Insertable<QuizAttemptItemsTable>[],
): Promise<void> {
  await trx.insertInto('quiz_attempts').values(attempt).execute();
  await trx
    .insertInto('quiz_attempt_items')
    .values([...items])
    .execute();
}

/**
 * Saves answers while the attempt is open: each write is conditional on the attempt being
 * unsubmitted in the same statement, so no save can land on an attempt already handed in.
 * Answers how many were written.
 */
export async function saveAnswers(
  trx: Db,
  attemptId: string,
  answers: readonly { position: number; answer: string }[],
): Promise<number> {
  let written = 0;
  for (const { position, answer } of answers) {
    const result = await trx
      .updateTable('quiz_attempt_items')
      .set({ answer })
      .where('attempt_id', '=', attemptId)
      .where('position', '=', position)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('quiz_attempts')
            .select('id')
            .where('id', '=', attemptId)
            .where('submitted_at', 'is', null),
        ),
      )
      .executeTakeFirst();
    written += Number(result.numUpdatedRows);
  }
  return written;
}

/** Marks the attempt submitted if it is still open; answers whether this call did. */
export async function markSubmitted(trx: Db, attemptId: string, changes: Updateable<QuizAttemptsTable>) {
  const result = await trx
    .updateTable('quiz_attempts')
    .set(changes)
    .where('id', '=', attemptId)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function storeItemResult(
  trx: Db,
  attemptId: string,
  position: number,
  changes: Updateable<QuizAttemptItemsTable>,
): Promise<void> {
  await trx
    .updateTable('quiz_attempt_items')
    .set(changes)
    .where('attempt_id', '=', attemptId)
    .where('position', '=', position)
    .execute();
}

/** Every item of the graded attempts of a quiz, for the teacher's per-question results. */
export function gradedItems(db: Db, assignmentId: string): Promise<QuizItemRow[]> {
  return db
    .selectFrom('quiz_attempt_items as i')
    .innerJoin('quiz_attempts as a', 'a.id', 'i.attempt_id')
    .selectAll('i')
    .where('a.assignment_id', '=', assignmentId)
    .where('a.graded_at', 'is not', null)
    .execute();
}
