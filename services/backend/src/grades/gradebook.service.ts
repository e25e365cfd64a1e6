import type { GradeStatus, gradebookSchema } from '@faraday/contracts';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { gradebookAssignments, gradebookStudents, gradebookSubmissions } from './gradebook.repository.js';

export type Gradebook = z.infer<typeof gradebookSchema>;
type SubmissionCell = Awaited<ReturnType<typeof gradebookSubmissions>>[number];

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function cellStatus(submission: SubmissionCell | undefined): GradeStatus {
  if (!submission) return 'missing';
  if (
    submission.graded_attempt !== null &&
    Number(submission.graded_attempt) === Number(submission.attempt)
  ) {
    return 'graded';
  }
  return Number(submission.is_late) === 1 ? 'late' : 'submitted';
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
  const [assignments, students, submissions] = await Promise.all([
    gradebookAssignments(db, courseId),
    gradebookStudents(db, courseId, only),
    gradebookSubmissions(db, courseId, only),
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
        const submission = byKey.get(`${student.id}/${a.id}`);
        const score =
          submission?.score === null || submission === undefined ? null : Number(submission.score);
        if (score !== null) {
          total += score;
          gradedMax += Number(a.max_score);
        }
        return {
          assignment_id: a.id,
          status: cellStatus(submission),
          score,
          max_score: Number(a.max_score),
          submission_id: submission?.id ?? null,
          attempt: submission ? Number(submission.attempt) : null,
          resubmitted_after_grading:
            submission !== undefined &&
            submission.graded_attempt !== null &&
            Number(submission.graded_attempt) < Number(submission.attempt),
        };
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
