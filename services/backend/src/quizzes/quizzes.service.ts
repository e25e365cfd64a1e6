import {
  AppError,
  type putQuizRequestSchema,
  type quizBankQuerySchema,
  type quizSchema,
} from '@faraday/contracts';
import type { z } from 'zod';
import type { AssignmentWithCount } from '../assignments/assignments.repository.js';
import { isStaff, visibleAssignment } from '../assignments/assignments.service.js';
import type { Principal } from '../auth/principal.js';
import { accessCourse, assertMayChange, type CourseAccess } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import type { CallContext, ExerciseClient } from './exercise-client.js';
import { engineQuestion } from './quiz-grading.js';
import { type QuizResultsView, toResultsView } from './quiz-views.js';
import {
  countAttempts,
  gradedItems,
  type QuizQuestionRow,
  questionsOf,
  replaceQuestions,
} from './quizzes.repository.js';

type QuizView = z.infer<typeof quizSchema>;
type QuestionKind = 'numeric' | 'choice' | 'formula';

/** The student id a staff preview draws for: any fixed name, never a real user's id. */
const PREVIEW_STUDENT = 'preview';

export function kindOf(q: QuizQuestionRow): QuestionKind {
  if (q.template) return q.template.split(':')[0] as QuestionKind;
  return (JSON.parse(q.definition ?? '{}') as { kind: QuestionKind }).kind;
}

function assertStaff(access: CourseAccess): void {
  if (!isStaff(access)) throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only the course staff build quizzes');
}

/** The quiz assignment the caller may see; any other kind is a VALIDATION_ERROR, not a 404. */
export async function quizAssignment(db: Db, access: CourseAccess, assignmentId: string) {
  const assignment = await visibleAssignment(db, access, assignmentId);
  if (assignment.kind !== 'quiz')
    throw new AppError('VALIDATION_ERROR', 'This assignment is not a quiz', { details: 'kind: submission' });
  return assignment;
}

/** The bank's checked templates (explanations are not graded), filtered for the teacher's picker. */
export async function quizBank(
  db: Db,
  engine: ExerciseClient,
  call: CallContext,
  principal: Principal,
  courseId: string,
  query: z.output<typeof quizBankQuerySchema>,
) {
  assertStaff(await accessCourse(db, principal, courseId));
  const all = (await engine.templates(call)).filter((t) => t.kind !== 'explain');
  const topics = [...new Set(all.map((t) => t.topic))].sort();
  const templates = all.filter(
    (t) =>
      (!query.topic || t.topic === query.topic) &&
      (!query.kind || t.kind === query.kind) &&
      (query.difficulty === undefined || t.difficulty === query.difficulty),
  );
  return { templates, topics };
}

async function quizView(
  engine: ExerciseClient,
  call: CallContext,
  assignment: AssignmentWithCount,
  questions: QuizQuestionRow[],
  staff: boolean,
): Promise<QuizView> {
  // Staff see each question as a student would: drawn for a preview student, so a broken
  // definition shows when the quiz is saved, not when a student opens it.
  const previews = staff
    ? await Promise.all(questions.map((q) => engine.draw(call, engineQuestion(q), PREVIEW_STUDENT, 0)))
    : [];
  return {
    assignment_id: assignment.id,
    attempts_allowed: Number(assignment.quiz_attempts_allowed),
    time_limit_minutes:
      assignment.quiz_time_limit_minutes === null ? null : Number(assignment.quiz_time_limit_minutes),
    total_points: questions.reduce((sum, q) => sum + Number(q.points), 0),
    questions: questions.map((q, i) => ({
      id: q.id,
      position: q.position,
      points: Number(q.points),
      kind: kindOf(q),
      template: q.template,
      ...(staff && q.definition ? { custom: JSON.parse(q.definition) } : {}),
      ...(staff ? { preview: previews[i]!.view } : {}),
    })),
  };
}

export async function getQuiz(
  db: Db,
  engine: ExerciseClient,
  call: CallContext,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<QuizView> {
  const access = await accessCourse(db, principal, courseId);
  const assignment = await quizAssignment(db, access, assignmentId);
  return quizView(engine, call, assignment, await questionsOf(db, assignmentId), isStaff(access));
}

/**
 * Sets a quiz's questions and settings; its max_score becomes the sum of the points. Refused
 * with QUIZ_HAS_ATTEMPTS once a student has started it: their instances were drawn from these
 * questions, and grading must read the questions they saw.
 */
export async function putQuiz(
  db: Db,
  engine: ExerciseClient,
  call: CallContext,
  principal: Principal,
  ids: { courseId: string; assignmentId: string },
  input: z.output<typeof putQuizRequestSchema>,
): Promise<QuizView> {
  const access = await accessCourse(db, principal, ids.courseId);
  assertMayChange(access, 'content');
  const assignment = await quizAssignment(db, access, ids.assignmentId);
  if ((await countAttempts(db, assignment.id)) > 0) throw new AppError('QUIZ_HAS_ATTEMPTS');
  const rows: QuizQuestionRow[] = input.questions.map((q, i) => ({
    id: newId(),
    assignment_id: assignment.id,
    position: i + 1,
    points: q.points,
    template: 'template' in q ? q.template : null,
    definition: 'custom' in q ? JSON.stringify(q.custom) : null,
  }));
  // Every question drawn once before anything is saved: an unknown template or a definition the
  // engine cannot draw is the teacher's 400 now, with the question's position in the details.
  await Promise.all(
    rows.map((row) =>
      engine.draw(call, engineQuestion(row), PREVIEW_STUDENT, 0).catch((error: unknown) => {
        if (error instanceof AppError && (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND'))
          throw new AppError(
            'VALIDATION_ERROR',
            `Question ${row.position} cannot be drawn: ${error.message}`,
            {
              details: `questions.${row.position - 1}: ${error.details ?? error.message}`,
            },
          );
        throw error;
      }),
    ),
  );
  const total = rows.reduce((sum, q) => sum + q.points, 0);
  await db.transaction().execute(async (trx: Db) => {
    await replaceQuestions(trx, assignment.id, rows);
    await trx
      .updateTable('assignments')
      .set({
        quiz_attempts_allowed: input.attempts_allowed,
        quiz_time_limit_minutes: input.time_limit_minutes,
        max_score: total,
        updated_at: isoNow(),
      })
      .where('id', '=', assignment.id)
      .execute();
  });
  const updated = {
    ...assignment,
    quiz_attempts_allowed: input.attempts_allowed,
    quiz_time_limit_minutes: input.time_limit_minutes,
  };
  return quizView(engine, call, updated, rows, true);
}

/** The teacher's per-question results over every graded attempt. */
export async function quizResults(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<QuizResultsView> {
  const access = await accessCourse(db, principal, courseId);
  assertStaff(access);
  await quizAssignment(db, access, assignmentId);
  const [questions, items] = await Promise.all([
    questionsOf(db, assignmentId),
    gradedItems(db, assignmentId),
  ]);
  return toResultsView(assignmentId, questions, items, kindOf);
}
