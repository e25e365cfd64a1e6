import {
  type AssignmentStatus,
  type assignmentSchema,
  type MyAssignmentStatus,
  previewOf,
  type submissionAttemptSchema,
  type submissionSchema,
} from '@faraday/contracts';
import type { z } from 'zod';
import type { AssignmentWithCount } from './assignments.repository.js';
import {
  effectiveCutoff,
  effectiveDueDate,
  type LatePolicyColumns,
  lateBySeconds,
  latePenaltyOf,
  penaltyFor,
} from './late-policy.js';
import type {
  SubmissionAttemptRow,
  SubmissionFileRow,
  SubmissionRow,
  SubmissionWithStudent,
} from './submissions.repository.js';

export type AssignmentView = z.infer<typeof assignmentSchema>;
export type SubmissionView = z.infer<typeof submissionSchema>;
export type SubmissionAttemptView = z.infer<typeof submissionAttemptSchema>;

/** Attachment names are stored as JSON text; a damaged value shows as no attachments, not a 500. */
function parseNames(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toAssignmentView(row: AssignmentWithCount): AssignmentView {
  return {
    id: row.id,
    course_id: row.course_id,
    title: row.title,
    description: row.description,
    due_date: row.due_date,
    max_score: Number(row.max_score),
    status: row.status as AssignmentStatus,
    submission_count: row.submission_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
    instructions: row.instructions,
    attachments: parseNames(row.attachments),
    allow_late: Number(row.allow_late) === 1,
    resubmit_after_grading: Number(row.resubmit_after_grading) === 1,
    late_penalty: latePenaltyOf(row),
    late_cutoff: row.late_cutoff,
    kind: row.kind === 'quiz' ? 'quiz' : 'submission',
  };
}

/** A handed-in assignment's state: graded when the latest attempt has the grade, else late or submitted. */
export function handedInStatusOf(submission: {
  attempt: number | string;
  graded_attempt: number | string | null;
  is_late: number | string | null;
}): 'graded' | 'late' | 'submitted' {
  const graded =
    submission.graded_attempt !== null && Number(submission.graded_attempt) === Number(submission.attempt);
  if (graded) return 'graded';
  return Number(submission.is_late) === 1 ? 'late' : 'submitted';
}

/**
 * Where a student stands on an assignment at `now`, from their submission (if any): the latest
 * attempt's status, late read against their own due date (an extension moves it); before any,
 * whether a hand-in is still taken (as submissions.service's lateness decides it).
 */
export function myStatusOf(
  assignment: Pick<AssignmentWithCount, 'status'> & LatePolicyColumns,
  submission: Pick<SubmissionRow, 'attempt' | 'graded_attempt' | 'submitted_at'> | undefined,
  now: string,
  extension: string | null = null,
): MyAssignmentStatus {
  const due = effectiveDueDate(assignment.due_date, extension);
  if (submission) {
    return handedInStatusOf({ ...submission, is_late: submission.submitted_at > due ? 1 : 0 });
  }
  if (assignment.status === 'closed') return 'missing';
  if (now <= due) return 'not_submitted';
  const cutoff = effectiveCutoff(assignment, extension);
  return Number(assignment.allow_late) === 1 && (cutoff === null || now <= cutoff) ? 'overdue' : 'missing';
}

export function submissionFileUrl(
  courseId: string,
  row: { assignment_id: string; id: string },
  fileId: string,
) {
  return `/api/v1/courses/${courseId}/assignments/${row.assignment_id}/submissions/${row.id}/files/${fileId}`;
}

function fileViews(
  courseId: string,
  row: { assignment_id: string; id: string },
  attempt: number,
  files: readonly SubmissionFileRow[],
) {
  return files
    .filter((file) => file.submission_id === row.id && Number(file.attempt) === attempt)
    .map((file) => {
      const download_url = submissionFileUrl(courseId, row, file.id);
      return {
        id: file.id,
        name: file.file_name,
        content_type: file.content_type,
        // bigint columns come back as strings on MySQL and PostgreSQL.
        size: Number(file.size),
        download_url,
        preview_url: previewOf(file.content_type, file.file_name) ? `${download_url}/preview` : null,
      };
    });
}

function gradeOf(row: {
  score: number | null;
  feedback: string | null;
  graded_by: string | null;
  graded_at: string | null;
}) {
  return {
    score: row.score === null ? null : Number(row.score),
    feedback: row.feedback,
    graded_by: row.graded_by,
    graded_at: row.graded_at,
  };
}

/** The submission's current state, as docs/adr/0018-submissions-keep-every-attempt.md defines it. */
export function toSubmissionView(
  courseId: string,
  row: SubmissionWithStudent,
  files: readonly SubmissionFileRow[],
): SubmissionView {
  const attempt = Number(row.attempt);
  const gradedAttempt = row.graded_attempt === null ? null : Number(row.graded_attempt);
  const graded = gradedAttempt === attempt;
  const due = effectiveDueDate(row.due_date, row.extended_due_date);
  const late = lateBySeconds(row.submitted_at, due);
  const isLate = late > 0;
  const grade = gradeOf(row);
  // Before any grade, the percent says what the penalty will take from the latest attempt.
  const penalty = penaltyFor(
    row,
    row.extended_due_date,
    row.graded_submitted_at ?? row.submitted_at,
    grade.score,
  );
  return {
    id: row.id,
    assignment_id: row.assignment_id,
    student_id: row.student_id,
    student_name: row.student_name,
    student_username: row.student_username,
    content: row.content,
    attachments: fileViews(courseId, row, attempt, files),
    submitted_at: row.submitted_at,
    is_late: isLate,
    attempt,
    status: graded ? 'graded' : isLate ? 'late' : 'submitted',
    graded,
    graded_attempt: gradedAttempt,
    resubmitted_after_grading: gradedAttempt !== null && gradedAttempt < attempt,
    ...grade,
    due_date: due,
    late_by_seconds: late,
    graded_late_by_seconds: row.graded_submitted_at === null ? 0 : penalty.late_by_seconds,
    late_penalty_percent: penalty.percent,
    final_score: penalty.final,
  };
}

export function toAttemptView(
  courseId: string,
  submission: SubmissionWithStudent,
  row: SubmissionAttemptRow,
  files: readonly SubmissionFileRow[],
): SubmissionAttemptView {
  const attempt = Number(row.attempt);
  const grade = gradeOf(row);
  const penalty = penaltyFor(submission, submission.extended_due_date, row.submitted_at, grade.score);
  return {
    attempt,
    content: row.content,
    attachments: fileViews(courseId, submission, attempt, files),
    submitted_at: row.submitted_at,
    is_late: penalty.late_by_seconds > 0,
    ...grade,
    due_date: effectiveDueDate(submission.due_date, submission.extended_due_date),
    late_by_seconds: penalty.late_by_seconds,
    late_penalty_percent: penalty.percent,
    final_score: penalty.final,
  };
}
