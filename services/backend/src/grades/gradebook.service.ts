import type { GradeStatus, gradebookSchema } from '@faraday/contracts';
import type { z } from 'zod';
import { extensionsOfCourse } from '../assignments/extensions.repository.js';
import { effectiveDueDate, lateBySeconds, penaltyFor } from '../assignments/late-policy.js';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { gradebookAssignments, gradebookStudents, gradebookSubmissions } from './gradebook.repository.js';

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
function gradeCell(a: AssignmentColumn, submission: SubmissionCell | undefined, extension: string | null) {
  const raw = submission?.score === null || submission === undefined ? null : Number(submission.score);
  const penalty = penaltyFor(a, extension, submission?.graded_submitted_at ?? null, raw);
  const lateBy = submission
    ? lateBySeconds(submission.submitted_at, effectiveDueDate(a.due_date, extension))
    : 0;
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
      submission.graded_attempt !== null &&
      Number(submission.graded_attempt) < Number(submission.attempt),
  };
}

/**
 * Students × published (and closed) assignments, as docs/adr/0019-gradebook-and-work-queues.md defines it:
 * each cell shows the latest graded attempt's score; the total adds those up, missing work
 * counting 0. Staff see every student (current, and former ones whose work is kept); a student
 * sees only their own row.
 */
export async function courseGradebook(db: Db, principal: Principal, courseId: string): Promise<Gradebook> {
  const access = await accessCourse(db, principal, courseId);
  const only = access.role === 'student' ? principal.userId : undefined;
  const [assignments, students, submissions, extensions] = await Promise.all([
    gradebookAssignments(db, courseId),
    gradebookStudents(db, courseId, only),
    gradebookSubmissions(db, courseId, only),
    extensionsOfCourse(db, courseId, only),
  ]);
  const byKey = new Map(submissions.map((s) => [`${s.student_id}/${s.assignment_id}`, s]));
  const maxTotal = assignments.reduce((sum, a) => sum + Number(a.max_score), 0);
  return {
    course_id: courseId,
    assignments: assignments.map((a) => ({
      id: a.id,
      title: a.title,
      due_date: a.due_date,
      max_score: Number(a.max_score),
      status: a.status as 'published' | 'closed',
    })),
    students: students.map((student) => {
      let total = 0;
      let gradedMax = 0;
      const grades = assignments.map((a) => {
        const key = `${student.id}/${a.id}`;
        const cell = gradeCell(a, byKey.get(key), extensions.get(key) ?? null);
        if (cell.score !== null) {
          total += cell.score;
          gradedMax += Number(a.max_score);
        }
        return cell;
      });
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
      };
    }),
  };
}
