import type { dueAssignmentsSchema, GradeStatus, gradingQueueSchema } from '@faraday/contracts';
import type { z } from 'zod';
import { handedInStatusOf } from '../assignments/assignment-views.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
import { DAY_MS } from '../shared/time.js';
import { dueAssignmentsOf, gradingQueuePage } from './queues.repository.js';

/** What waits for the caller's grading across their courses, newest first. */
export async function gradingQueue(
  db: Db,
  principal: Principal,
  query: { page: number; limit: number },
): Promise<z.infer<typeof gradingQueueSchema>> {
  const rows = await gradingQueuePage(db, principal.userId, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  // The window count comes with every row; a page past the end has no row to carry it.
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && query.page > 1) {
    const first = await gradingQueuePage(db, principal.userId, { offset: 0, limit: 1 });
    total = first[0] ? Number(first[0].total) : 0;
  }
  return {
    submissions: rows.map((row) => ({
      submission_id: row.submission_id,
      course_id: row.course_id,
      course_name: row.course_name,
      assignment_id: row.assignment_id,
      assignment_title: row.assignment_title,
      student_id: row.student_id,
      student_name: row.student_name,
      attempt: Number(row.attempt),
      submitted_at: row.submitted_at,
      is_late: Number(row.is_late) === 1,
      resubmitted_after_grading: row.graded_attempt !== null,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** A student's own state of an assignment, from their submission row (null fields: none yet). */
export function studentStatusOf(row: {
  submission_id: string | null;
  attempt: number | string | null;
  is_late: number | string | null;
  graded_attempt: number | string | null;
}): GradeStatus {
  if (row.submission_id === null || row.attempt === null) return 'missing';
  return handedInStatusOf({ ...row, attempt: row.attempt });
}

/** The student's published assignments due in the next `days` days, with their own state. */
export async function dueAssignments(
  db: Db,
  principal: Principal,
  query: { days: number },
  now: Date = new Date(),
): Promise<z.infer<typeof dueAssignmentsSchema>> {
  const to = new Date(now.getTime() + query.days * DAY_MS);
  const rows = await dueAssignmentsOf(db, principal.userId, now.toISOString(), to.toISOString());
  return {
    assignments: rows.map((row) => {
      const status = studentStatusOf(row);
      return {
        assignment_id: row.assignment_id,
        course_id: row.course_id,
        course_name: row.course_name,
        title: row.title,
        due_date: row.due_date,
        max_score: Number(row.max_score),
        status,
        score: row.score === null ? null : Number(row.score),
        submission_id: row.submission_id,
      };
    }),
  };
}
