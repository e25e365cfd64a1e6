import { AppError, type quizAnswersRequestSchema } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AssignmentWithCount } from '../assignments/assignments.repository.js';
import { isStaff } from '../assignments/assignments.service.js';
import { findExtension } from '../assignments/extensions.repository.js';
import { effectiveDueDate } from '../assignments/late-policy.js';
import { lateness } from '../assignments/submissions.service.js';
import type { Principal } from '../auth/principal.js';
import { accessCourse, type CourseAccess } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow, MINUTE_MS } from '../shared/time.js';
import type { CallContext, ExerciseAnswer, ExerciseClient, ExerciseView } from './exercise-client.js';
import { engineQuestion, gradeAttempt, storeSubmission } from './quiz-grading.js';
import { type QuizAttemptView, summaryOf, toAttemptView } from './quiz-views.js';
import {
  attemptsOf,
  findAttempt,
  insertAttempt,
  itemsOf,
  type QuizAttemptRow,
  questionsOf,
  saveAnswers,
} from './quizzes.repository.js';
import { quizAssignment } from './quizzes.service.js';

type Answers = z.output<typeof quizAnswersRequestSchema>['answers'];

/** What every attempt call needs: the database, the engine, and the request's trace and log. */
export interface AttemptContext {
  db: Db;
  engine: ExerciseClient;
  call: CallContext;
  log: FastifyBaseLogger;
}

const expired = (row: QuizAttemptRow, at: string) => row.deadline_at !== null && at > row.deadline_at;

/**
 * Grades right after storing; an engine that cannot answer leaves the attempt stored and
 * "submitted", to be graded by POST …/grade (nothing handed in is lost).
 */
async function gradeQuietly(ctx: AttemptContext, attemptId: string, assignmentId: string): Promise<void> {
  const row = await findAttempt(ctx.db, assignmentId, attemptId);
  if (!row) return;
  try {
    await gradeAttempt(ctx.db, ctx.engine, ctx.call, row);
  } catch (error) {
    ctx.log.warn({ err: error, attempt_id: attemptId }, 'quiz attempt stored but not graded');
  }
}

/**
 * The server hands in an attempt whose time ran out, with the answers saved before it did
 * (docs/adr/0145: the time limit is enforced here, never trusted to the browser).
 */
async function closeIfExpired(ctx: AttemptContext, assignment: AssignmentWithCount, row: QuizAttemptRow) {
  if (row.submitted_at !== null || !expired(row, isoNow())) return false;
  if (await storeSubmission(ctx.db, assignment, row, new Map(), true))
    await gradeQuietly(ctx, row.id, assignment.id);
  return true;
}

async function attemptView(
  db: Db,
  assignment: AssignmentWithCount,
  attemptId: string,
): Promise<QuizAttemptView> {
  const row = await findAttempt(db, assignment.id, attemptId);
  if (!row) throw new AppError('NOT_FOUND', 'Attempt not found');
  const [items, questions] = await Promise.all([itemsOf(db, row.id), questionsOf(db, assignment.id)]);
  return toAttemptView(row, Number(assignment.max_score), items, questions);
}

/** The attempt if the caller may see it: its student, or the course's staff (else 404). */
type AttemptIds = { courseId: string; assignmentId: string; attemptId: string };

async function visibleAttempt(ctx: AttemptContext, principal: Principal, ids: AttemptIds) {
  const access = await accessCourse(ctx.db, principal, ids.courseId);
  const assignment = await quizAssignment(ctx.db, access, ids.assignmentId);
  const found = await findAttempt(ctx.db, ids.assignmentId, ids.attemptId);
  if (!found || (!isStaff(access) && found.student_id !== principal.userId))
    throw new AppError('NOT_FOUND', 'Attempt not found');
  const closed = await closeIfExpired(ctx, assignment, found);
  const row = closed ? ((await findAttempt(ctx.db, ids.assignmentId, ids.attemptId)) ?? found) : found;
  return { access, assignment, row };
}

/** Answers sent for an attempt already handed in: too late if the server closed it, else a repeat. */
function assertOpen(row: QuizAttemptRow): void {
  if (row.submitted_at === null) return;
  if (Number(row.auto_submitted) === 1) throw new AppError('QUIZ_TIME_UP');
  throw new AppError('VALIDATION_ERROR', 'The attempt is already submitted', {
    details: 'attempt: submitted',
  });
}

function studentOnly(access: CourseAccess): void {
  if (access.role !== 'student')
    throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only students of the course take quizzes');
}

/**
 * Starts the student's next attempt, or answers the one still open (a reload, a second tab).
 * Each question is drawn for (student, question, attempt): the same numbers whenever redrawn.
 */
export async function startAttempt(
  ctx: AttemptContext,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<{ attempt: QuizAttemptView; created: boolean }> {
  const access = await accessCourse(ctx.db, principal, courseId);
  studentOnly(access);
  const assignment = await quizAssignment(ctx.db, access, assignmentId);
  const at = isoNow();
  const extension = await findExtension(ctx.db, assignmentId, principal.userId);
  lateness(assignment, at, extension);
  const mine = await attemptsOf(ctx.db, assignmentId, principal.userId);
  for (const row of mine) await closeIfExpired(ctx, assignment, row);
  const open = mine.find((row) => row.submitted_at === null && !expired(row, at));
  if (open) return { attempt: await attemptView(ctx.db, assignment, open.id), created: false };
  if (mine.length >= Number(assignment.quiz_attempts_allowed)) throw new AppError('QUIZ_ATTEMPTS_USED');
  const questions = await questionsOf(ctx.db, assignmentId);
  if (questions.length === 0) throw new AppError('VALIDATION_ERROR', 'The quiz has no questions yet');
  const number = mine.length + 1;
  const drawn = await Promise.all(
    questions.map((q) => ctx.engine.draw(ctx.call, engineQuestion(q), principal.userId, number)),
  );
  const limit = assignment.quiz_time_limit_minutes;
  let deadline = limit === null ? null : new Date(Date.parse(at) + Number(limit) * MINUTE_MS).toISOString();
  // Without late work, the student's due date (their extension, else the quiz's) ends every attempt too.
  const due = effectiveDueDate(assignment.due_date, extension);
  if (Number(assignment.allow_late) !== 1 && (deadline === null || deadline > due)) deadline = due;
  const id = newId();
  try {
    await ctx.db.transaction().execute((trx: Db) =>
      insertAttempt(
        trx,
        {
          id,
          assignment_id: assignmentId,
          student_id: principal.userId,
          attempt: number,
          started_at: at,
          deadline_at: deadline,
        },
        questions.map((q, i) => ({
          attempt_id: id,
          question_id: q.id,
          position: q.position,
          seed: drawn[i]!.seed,
          view: JSON.stringify(drawn[i]!.view),
        })),
      ),
    );
  } catch (error) {
    // A second start raced this one and took the number: answer the attempt it opened.
    const again = (await attemptsOf(ctx.db, assignmentId, principal.userId)).find(
      (r) => r.attempt === number,
    );
    if (!again) throw error;
    return { attempt: await attemptView(ctx.db, assignment, again.id), created: false };
  }
  return { attempt: await attemptView(ctx.db, assignment, id), created: true };
}

export async function listAttempts(
  ctx: AttemptContext,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  studentId: string | undefined,
) {
  const access = await accessCourse(ctx.db, principal, courseId);
  const assignment = await quizAssignment(ctx.db, access, assignmentId);
  const who = isStaff(access) ? studentId : principal.userId;
  for (const row of await attemptsOf(ctx.db, assignmentId, who)) await closeIfExpired(ctx, assignment, row);
  const rows = await attemptsOf(ctx.db, assignmentId, who);
  const allowed = Number(assignment.quiz_attempts_allowed);
  return {
    attempts: rows.map((row) => summaryOf(row, Number(assignment.max_score))),
    attempts_allowed: allowed,
    attempts_left: isStaff(access) ? allowed : Math.max(0, allowed - rows.length),
  };
}

export async function getAttempt(
  ctx: AttemptContext,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  id: string,
) {
  const { assignment } = await visibleAttempt(ctx, principal, { courseId, assignmentId, attemptId: id });
  return attemptView(ctx.db, assignment, id);
}

/**
 * An answer must be of its question's kind and readable by the engine (unit, size, symbols):
 * else 400 EXERCISE_ANSWER_INVALID naming the question, and nothing is stored. An engine that
 * cannot answer now does not block the student: the answer is stored and read when graded.
 */
async function assertReadable(ctx: AttemptContext, row: QuizAttemptRow, answers: Answers, dryRun: boolean) {
  const [items, questions] = await Promise.all([
    itemsOf(ctx.db, row.id),
    questionsOf(ctx.db, row.assignment_id),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  await Promise.all(
    answers.map(async ({ position, answer }) => {
      const item = items.find((i) => i.position === position);
      if (!item)
        throw new AppError('VALIDATION_ERROR', `The quiz has no question ${position}`, {
          details: `answers: position ${position}`,
        });
      const view = JSON.parse(item.view) as ExerciseView;
      if (answer.kind !== view.kind)
        throw new AppError(
          'EXERCISE_ANSWER_INVALID',
          `Question ${position} takes a ${view.kind} answer, not ${answer.kind}`,
          {
            details: `question ${position}: wrong-type`,
          },
        );
      if (dryRun) return;
      try {
        await ctx.engine.check(ctx.call, engineQuestion(byId.get(item.question_id)!), item.seed, answer);
      } catch (error) {
        if (error instanceof AppError && error.code === 'EXERCISE_ANSWER_INVALID')
          throw new AppError('EXERCISE_ANSWER_INVALID', `Question ${position}: ${error.message}`, {
            details: `question ${position}: ${error.details ?? 'invalid'}`,
          });
        ctx.log.warn({ err: error }, 'quiz answer not read before storing; it is read when graded');
      }
    }),
  );
}

/** Saves answers of an open attempt, unchecked and ungraded (what an auto-submit hands in). */
export async function saveAttemptAnswers(
  ctx: AttemptContext,
  principal: Principal,
  ids: AttemptIds,
  answers: Answers,
) {
  const { access, assignment, row } = await visibleAttempt(ctx, principal, ids);
  studentOnly(access);
  assertOpen(row);
  await assertReadable(ctx, row, answers, true);
  const rows = answers.map((a) => ({ position: a.position, answer: JSON.stringify(a.answer) }));
  await ctx.db.transaction().execute((trx: Db) => saveAnswers(trx, row.id, rows));
  return attemptView(ctx.db, assignment, row.id);
}

/**
 * Hands in an attempt: the answers are read (a bad one is a 400 and nothing changes), stored with
 * the attempt in one transaction, then graded. Submitting again answers the attempt as it is.
 * After the time limit the answers sent are refused (QUIZ_TIME_UP) and the attempt is handed in
 * with those saved in time.
 */
export async function submitAttempt(
  ctx: AttemptContext,
  principal: Principal,
  ids: AttemptIds,
  answers: Answers,
): Promise<QuizAttemptView> {
  const { access, assignment, row } = await visibleAttempt(ctx, principal, ids);
  studentOnly(access);
  // A repeated submit (a double click) answers the attempt as it is; one after the time is up is refused.
  if (Number(row.auto_submitted) === 1) assertOpen(row);
  if (row.submitted_at === null) {
    await assertReadable(ctx, row, answers, false);
    const map = new Map<number, ExerciseAnswer>(answers.map((a) => [a.position, a.answer]));
    if (await storeSubmission(ctx.db, assignment, row, map, false))
      await gradeQuietly(ctx, row.id, assignment.id);
  }
  return attemptView(ctx.db, assignment, row.id);
}

/** Staff: grade a submitted attempt again from what is stored; the same answers give the same score. */
export async function regradeAttempt(ctx: AttemptContext, principal: Principal, ids: AttemptIds) {
  const { access, assignment, row } = await visibleAttempt(ctx, principal, ids);
  if (!isStaff(access)) throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only the course staff grade again');
  await gradeAttempt(ctx.db, ctx.engine, ctx.call, row);
  return attemptView(ctx.db, assignment, row.id);
}
