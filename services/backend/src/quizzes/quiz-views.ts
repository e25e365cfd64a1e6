import type { quizAttemptSchema, quizResultsSchema } from '@faraday/contracts';
import type { z } from 'zod';
import type { CheckResult, ExerciseAnswer, ExerciseView } from './exercise-client.js';
import type { QuizAttemptRow, QuizItemRow, QuizQuestionRow } from './quizzes.repository.js';

export type QuizAttemptView = z.infer<typeof quizAttemptSchema>;
export type QuizResultsView = z.infer<typeof quizResultsSchema>;

const parsed = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export function attemptStatus(row: QuizAttemptRow): QuizAttemptView['status'] {
  if (row.graded_at !== null) return 'graded';
  return row.submitted_at !== null ? 'submitted' : 'open';
}

/**
 * An attempt as its student and the staff see it. Until it is graded an item carries the view
 * and the student's own answer only: no correctness, feedback or solution (docs/adr/0145).
 */
export function toAttemptView(
  row: QuizAttemptRow,
  maxScore: number,
  items: QuizItemRow[],
  questions: QuizQuestionRow[],
): QuizAttemptView {
  const points = new Map(questions.map((q) => [q.id, Number(q.points)]));
  const graded = row.graded_at !== null;
  return {
    ...summaryOf(row, maxScore),
    items: items.map((item) => ({
      position: item.position,
      points: points.get(item.question_id) ?? 0,
      view: JSON.parse(item.view) as ExerciseView,
      answer: parsed<ExerciseAnswer>(item.answer),
      correct: graded && item.correct !== null ? Number(item.correct) === 1 : null,
      earned: graded && item.earned !== null ? Number(item.earned) : null,
      result: graded ? parsed<CheckResult>(item.result) : null,
    })),
  };
}

export function summaryOf(row: QuizAttemptRow, maxScore: number): Omit<QuizAttemptView, 'items'> {
  return {
    id: row.id,
    assignment_id: row.assignment_id,
    student_id: row.student_id,
    attempt: Number(row.attempt),
    status: attemptStatus(row),
    started_at: row.started_at,
    deadline_at: row.deadline_at,
    submitted_at: row.submitted_at,
    auto_submitted: Number(row.auto_submitted) === 1,
    score: row.graded_at !== null && row.score !== null ? Number(row.score) : null,
    max_score: maxScore,
  };
}

/** A choice's text without the "b) " its solution starts with. */
const choiceText = (solution: string) => solution.replace(/^[a-h]\)\s*/, '');

/** Per question: the share right, the feedback given, and for choices how often each option was picked. */
export function toResultsView(
  assignmentId: string,
  questions: QuizQuestionRow[],
  items: QuizItemRow[],
  kindOf: (q: QuizQuestionRow) => 'numeric' | 'choice' | 'formula',
): QuizResultsView {
  const attempts = new Set(items.map((i) => i.attempt_id));
  return {
    assignment_id: assignmentId,
    attempts_graded: attempts.size,
    questions: questions.map((q) => {
      const mine = items.filter((i) => i.question_id === q.id);
      const correct = mine.filter((i) => Number(i.correct) === 1).length;
      const codes: Record<string, number> = {};
      const chosen = new Map<string, number>();
      let right: string | undefined;
      for (const item of mine) {
        const result = parsed<CheckResult>(item.result);
        const code = result?.feedback.code ?? 'unanswered';
        codes[code] = (codes[code] ?? 0) + 1;
        if (result) right ??= choiceText(result.solution.en);
        const answer = parsed<ExerciseAnswer>(item.answer);
        if (answer?.kind !== 'choice') continue;
        const view = JSON.parse(item.view) as ExerciseView;
        const text = view.choices?.find((c) => c.id === answer.choice)?.text.en;
        if (text !== undefined) chosen.set(text, (chosen.get(text) ?? 0) + 1);
      }
      const kind = kindOf(q);
      const first = mine[0] ? (JSON.parse(mine[0].view) as ExerciseView) : undefined;
      const options = first?.choices?.map((c) => c.text.en) ?? [];
      return {
        position: q.position,
        points: Number(q.points),
        kind,
        template: q.template,
        graded: mine.length,
        answered: mine.filter((i) => i.answer !== null).length,
        correct,
        share_correct: mine.length === 0 ? null : Math.round((correct / mine.length) * 1000) / 1000,
        ...(kind === 'choice'
          ? {
              choices: options.map((text) => ({
                text,
                correct: text === right,
                chosen: chosen.get(text) ?? 0,
              })),
            }
          : {}),
        feedback_codes: codes,
      };
    }),
  };
}
