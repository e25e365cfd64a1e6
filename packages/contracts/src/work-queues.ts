import { z } from 'zod';
import { gradeStatuses } from './gradebook.js';
import { paginatedSchema } from './pagination.js';

/** The work queues of docs/adr/0019-gradebook-and-work-queues.md: what waits for grading, what is due. */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const gradingQueueItemSchema = z.object({
  submission_id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  assignment_id: z.string(),
  assignment_title: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  attempt: z.number().int(),
  submitted_at: timestamp,
  is_late: z.boolean(),
  resubmitted_after_grading: z.boolean(),
});

export const gradingQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const gradingQueueSchema = paginatedSchema('submissions', gradingQueueItemSchema);

export const dueAssignmentsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(14).describe('How far ahead to look'),
});

export const dueAssignmentSchema = z.object({
  assignment_id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  title: z.string(),
  due_date: timestamp,
  max_score: z.number(),
  status: z.enum(gradeStatuses).describe("The caller's own state of this assignment"),
  score: z.number().nullable(),
  submission_id: z.string().nullable(),
});

export const dueAssignmentsSchema = z.object({
  assignments: z
    .array(dueAssignmentSchema)
    .describe('Published, due between now and now + days, soonest first'),
});
