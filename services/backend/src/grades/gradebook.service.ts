import type { GradeStatus, gradebookSchema } from '@faraday/contracts';
import type { z } from 'zod';
import { extensionsOfCourse } from '../assignments/extensions.repository.js';
import { effectiveDueDate, lateBySeconds, penaltyFor } from '../assignments/late-policy.js';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import {
  gradebookAssignments,
  gradebookCategories,
  gradebookEntries,
  gradebookStudents,
  gradebookSubmissions,
  rubricGradedAssignments,
} from './gradebook.repository.js';

export type Gradebook = z.infer<typeof gradebookSchema>;
type SubmissionCell = Awaited<ReturnType<typeof gradebookSubmissions>>[number];
type AssignmentColumn = Awaited<ReturnType<typeof gradebookAssignments>>[number];

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function cellStatus(submission: SubmissionCell | undefined, lateBy: number): GradeStatus {
  if (!submission) return 'missing';
  if (
    submission.graded_attempt !== null &&
    Number(submission.graded_attempt) === Number(submission.attempt)
  ) {
    return 'graded';
  }
  return lateBy > 0 ? 'late' : 'submitted';
}

/**
 * One cell: `score` is the final grade (after the late penalty, docs/adr/0128) so totals add
 * what the student is given; raw_score is the grade as the grader gave it.
 */
function gradeCell(
  a: AssignmentColumn,
  submission: SubmissionCell | undefined,
  extension: string | null,
  entry: number | undefined,
) {
  const graded = submission !== undefined && submission.score !== null;
  // A grade typed for work never handed in (docs/adr/0129) has no hand-in time, so no penalty.
  const raw = graded ? Number(submission.score) : (entry ?? null);
  const penalty = penaltyFor(a, extension, graded ? submission.graded_submitted_at : null, raw);
  const lateBy = submission
    ? lateBySeconds(submission.submitted_at, effectiveDueDate(a.due_date, extension))
    : 0;
  const entered = !graded && entry !== undefined;
  return {
    assignment_id: a.id,
    status: cellStatus(submission, lateBy),
    score: penalty.final,
    raw_score: raw,
    late_penalty: penalty.deducted,
    late_penalty_percent: penalty.percent,
    late_by_seconds: lateBy,
    extended_due_date: extension,
    max_score: Number(a.max_score),
    submission_id: submission?.id ?? null,
    attempt: submission ? Number(submission.attempt) : null,
    resubmitted_after_grading:
      submission !== undefined &&
      ((submission.graded_attempt !== null &&
        Number(submission.graded_attempt) < Number(submission.attempt)) ||
        entered),
    entered,
  };
}

/**
 * The course total in percent: with categories, each category's score over its maximum, weighted
 * (categories with nothing to count drop out and the others' weights are rescaled, as Canvas
 * does); without, the points total over every maximum. Assignments outside every category do not
 * count once the course has categories.
 */
function courseTotal(
  cells: readonly { score: number | null; max_score: number; category_id: string | null }[],
  categories: readonly { id: string; weight: number }[],
): number | null {
  if (categories.length === 0) {
    const max = cells.reduce((sum, c) => sum + c.max_score, 0);
    return max > 0 ? oneDecimal((cells.reduce((sum, c) => sum + (c.score ?? 0), 0) / max) * 100) : null;
  }
  let weighted = 0;
  let weights = 0;
  for (const category of categories) {
    const inIt = cells.filter((c) => c.category_id === category.id);
    const max = inIt.reduce((sum, c) => sum + c.max_score, 0);
    if (max === 0 || category.weight === 0) continue;
    weighted += (category.weight * inIt.reduce((sum, c) => sum + (c.score ?? 0), 0)) / max;
    weights += category.weight;
  }
  return weights > 0 ? oneDecimal((weighted / weights) * 100) : null;
}

/**
 * Students × published (and closed) assignments, as docs/adr/0019-gradebook-and-work-queues.md defines it:
 * each cell shows the latest graded attempt's score (or, for a student who handed nothing in,
 * the grade given in the gradebook: docs/adr/0129); the total adds those up, missing work
 * counting 0. Staff see every student (current, and former ones whose work is kept); a student
 * sees only their own row.
 */
export async function courseGradebook(db: Db, principal: Principal, courseId: string): Promise<Gradebook> {
  return (await gradebookWithCourse(db, principal, courseId)).book;
}

/** The gradebook and the name its CSV is saved under: grades-<course code>-<YYYY-MM-DD>.csv. */
export async function gradebookWithCourse(db: Db, principal: Principal, courseId: string, now = new Date()) {
  const access = await accessCourse(db, principal, courseId);
  const book = await loadGradebook(db, courseId, access.role === 'student' ? principal.userId : undefined);
  const code = access.course.code.replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return { book, fileName: `grades-${code}-${now.toISOString().slice(0, 10)}.csv` };
}

/** The gradebook of a course whose access was checked; `only` narrows it to one student. */
export async function loadGradebook(db: Db, courseId: string, only?: string): Promise<Gradebook> {
  const [assignments, students, submissions, entries, { categories, categoryOf }, byRubric, extensions] =
    await Promise.all([
      gradebookAssignments(db, courseId),
      gradebookStudents(db, courseId, only),
      gradebookSubmissions(db, courseId, only),
      gradebookEntries(db, courseId, only),
      gradebookCategories(db, courseId),
      rubricGradedAssignments(db, courseId),
      extensionsOfCourse(db, courseId, only),
    ]);
  const byKey = new Map(submissions.map((s) => [`${s.student_id}/${s.assignment_id}`, s]));
  const entryOf = new Map(entries.map((e) => [`${e.student_id}/${e.assignment_id}`, Number(e.score)]));
  const maxTotal = assignments.reduce((sum, a) => sum + Number(a.max_score), 0);
  return {
    course_id: courseId,
    categories,
    assignments: assignments.map((a) => ({
      id: a.id,
      title: a.title,
      due_date: a.due_date,
      max_score: Number(a.max_score),
      status: a.status as 'published' | 'closed',
      category_id: categoryOf.get(a.id) ?? null,
      graded_by_rubric: byRubric.has(a.id),
    })),
    students: students.map((student) => {
      let total = 0;
      let gradedMax = 0;
      const grades = assignments.map((a) => {
        const key = `${student.id}/${a.id}`;
        const cell = gradeCell(a, byKey.get(key), extensions.get(key) ?? null, entryOf.get(key));
        if (cell.score !== null) {
          total += cell.score;
          gradedMax += Number(a.max_score);
        }
        return cell;
      });
      const cells = grades.map((g) => ({ ...g, category_id: categoryOf.get(g.assignment_id) ?? null }));
      return {
        student_id: student.id,
        username: student.username,
        name: student.name,
        enrolled: student.joined_at !== null,
        joined_at: student.joined_at,
        grades,
        total_score: oneDecimal(total),
        max_total: maxTotal,
        percentage: maxTotal > 0 ? oneDecimal((total / maxTotal) * 100) : null,
        graded_percentage: gradedMax > 0 ? oneDecimal((total / gradedMax) * 100) : null,
        course_total: courseTotal(cells, categories),
      };
    }),
  };
}
