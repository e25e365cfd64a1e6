import type { AssignmentStatus, assignmentSchema, submissionSchema } from '@faraday/contracts';
import type { z } from 'zod';
import type { AssignmentWithCount } from './assignments.repository.js';
import type { SubmissionFileRow, SubmissionWithStudent } from './submissions.repository.js';

export type AssignmentView = z.infer<typeof assignmentSchema>;
export type SubmissionView = z.infer<typeof submissionSchema>;

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
  };
}

export function submissionFileUrl(
  courseId: string,
  row: { assignment_id: string; id: string },
  fileId: string,
) {
  return `/api/v1/courses/${courseId}/assignments/${row.assignment_id}/submissions/${row.id}/files/${fileId}`;
}

export function toSubmissionView(
  courseId: string,
  row: SubmissionWithStudent,
  files: readonly SubmissionFileRow[],
): SubmissionView {
  return {
    id: row.id,
    assignment_id: row.assignment_id,
    student_id: row.student_id,
    student_name: row.student_name,
    student_username: row.student_username,
    content: row.content,
    attachments: files
      .filter((file) => file.submission_id === row.id)
      .map((file) => ({
        id: file.id,
        name: file.file_name,
        content_type: file.content_type,
        // bigint columns come back as strings on MySQL and PostgreSQL.
        size: Number(file.size),
        download_url: submissionFileUrl(courseId, row, file.id),
      })),
    submitted_at: row.submitted_at,
    is_late: Number(row.is_late) === 1,
    attempt: Number(row.attempt),
    score: row.score === null ? null : Number(row.score),
    feedback: row.feedback,
    graded_by: row.graded_by,
    graded_at: row.graded_at,
  };
}
