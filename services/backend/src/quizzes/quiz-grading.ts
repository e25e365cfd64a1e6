import { AppError, type CustomQuestion } from '@faraday/contracts';
import type { AssignmentWithCount } from '../assignments/assignments.repository.js';
import { findExtension } from '../assignments/extensions.repository.js';
import { effectiveDueDate } from '../assignments/late-policy.js';
import { advanceSubmission, insertAttempt, insertSubmission } from '../assignments/submissions.repository.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, retryTransient } from '../db/transient-errors.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import type {
  CallContext,
  CheckResult,
  EngineQuestion,
  ExerciseAnswer,
  ExerciseClient,
} from './exercise-client.js';
import {
  itemsOf,
  markSubmitted,
  type QuizAttemptRow,
  type QuizItemRow,
  type QuizQuestionRow,
  questionsOf,
  storeItemResult,
} from './quizzes.repository.js';

/**
 * Handing in and grading a quiz attempt (docs/adr/0145). The attempt and its answers are
 * committed first, with the gradebook's submission attempt, in one transaction; grading follows
 * and only writes results. Grading is a pure function of what is stored (seed, answer, question),
 * so it can run again (after an outage, or on a teacher's request) and gives the same score.
 */

export function engineQuestion(row: QuizQuestionRow): EngineQuestion {
  if (row.template) return { id: row.id, template: row.template };
  return { id: row.id, custom: JSON.parse(row.definition ?? 'null') as CustomQuestion };
}

/**
 * Marks the attempt submitted with these answers (position → answer; the saved ones stay for
 * the rest) and records it as the student's next submission attempt for the gradebook. Answers
 * false when the attempt was already submitted (a double click, or the server's auto-submit).
 */
export async function storeSubmission(
  db: Db,
  assignment: AssignmentWithCount,
  attempt: QuizAttemptRow,
  answers: ReadonlyMap<number, ExerciseAnswer>,
  auto: boolean,
): Promise<boolean> {
  const at = isoNow();
  const due = effectiveDueDate(
    assignment.due_date,
    await findExtension(db, assignment.id, attempt.student_id),
  );
  const write = () =>
    db
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx: Db) => {
        const changes = { submitted_at: at, auto_submitted: auto ? 1 : 0 };
        if (!(await markSubmitted(trx, attempt.id, changes))) return false;
        for (const [position, answer] of answers)
          await storeItemResult(trx, attempt.id, position, { answer: JSON.stringify(answer) });
        const fields = { content: '', submitted_at: at, is_late: at > due ? 1 : 0 };
        const advanced = await advanceSubmission(trx, assignment.id, attempt.student_id, fields);
        const id = advanced?.id ?? newId();
        const number = advanced ? Number(advanced.attempt) : 1;
        if (!advanced)
          await insertSubmission(trx, {
            id,
            assignment_id: assignment.id,
            student_id: attempt.student_id,
            ...fields,
            attempt: number,
          });
        await insertAttempt(trx, { submission_id: id, attempt: number, ...fields });
        await trx
          .updateTable('quiz_attempts')
          .set({ submission_attempt: number })
          .where('id', '=', attempt.id)
          .execute();
        return true;
      });
  try {
    return await retryTransient(write);
  } catch (error) {
    // Two attempts of one student handed in at once, both their first submission: the loser
    // becomes the next attempt of the winner's submission.
    if (!isUniqueViolation(error)) throw error;
    return retryTransient(write);
  }
}

interface Graded {
  position: number;
  correct: number;
  earned: number;
  result: CheckResult | null;
}

async function gradeItem(
  engine: ExerciseClient,
  call: CallContext,
  item: QuizItemRow,
  question: QuizQuestionRow,
): Promise<Graded> {
  const none = { position: item.position, correct: 0, earned: 0, result: null };
  if (item.answer === null) return none;
  try {
    const answer = JSON.parse(item.answer) as ExerciseAnswer;
    const result = await engine.check(call, engineQuestion(question), item.seed, answer);
    const earned = Math.round(Number(question.points) * (result.score ?? 0) * 1000) / 1000;
    return { position: item.position, correct: result.correct ? 1 : 0, earned, result };
  } catch (error) {
    // A saved answer the engine cannot read (only an auto-submitted one can be: a submission's
    // answers are read before they are stored) scores nothing, like no answer.
    if (error instanceof AppError && error.code === 'EXERCISE_ANSWER_INVALID') return none;
    throw error;
  }
}

/**
 * Grades a submitted attempt from what is stored and writes the results, the attempt's score and
 * the gradebook grade (on its submission attempt; shown when it is the latest one).
 */
export async function gradeAttempt(
  db: Db,
  engine: ExerciseClient,
  call: CallContext,
  attempt: QuizAttemptRow,
): Promise<void> {
  if (attempt.submitted_at === null)
    throw new AppError('VALIDATION_ERROR', 'The attempt is not submitted yet');
  const [items, questions] = await Promise.all([
    itemsOf(db, attempt.id),
    questionsOf(db, attempt.assignment_id),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const graded = await Promise.all(
    items.map((item) => gradeItem(engine, call, item, byId.get(item.question_id)!)),
  );
  const score = Math.round(graded.reduce((sum, g) => sum + g.earned, 0) * 1000) / 1000;
  const at = isoNow();
  await retryTransient(() =>
    db.transaction().execute(async (trx: Db) => {
      for (const g of graded)
        await storeItemResult(trx, attempt.id, g.position, {
          correct: g.correct,
          earned: g.earned,
          result: g.result ? JSON.stringify(g.result) : null,
        });
      await trx
        .updateTable('quiz_attempts')
        .set({ score, graded_at: at })
        .where('id', '=', attempt.id)
        .execute();
      const number = attempt.submission_attempt;
      if (number === null) return;
      const submission = await trx
        .selectFrom('submissions')
        .select('id')
        .where('assignment_id', '=', attempt.assignment_id)
        .where('student_id', '=', attempt.student_id)
        .executeTakeFirst();
      if (!submission) return;
      const grade = { score, feedback: '', graded_by: null, graded_at: at };
      await trx
        .updateTable('submission_attempts')
        .set(grade)
        .where('submission_id', '=', submission.id)
        .where('attempt', '=', number)
        .execute();
      await trx
        .updateTable('submissions')
        .set({ ...grade, graded_attempt: number })
        .where('id', '=', submission.id)
        .where('attempt', '=', number)
        .execute();
    }),
  );
}
