import { z } from 'zod';
import { isoDateTimeSchema, lateFieldsSchema, latePenaltySchema } from './late-policy.js';
import { paginatedSchema } from './pagination.js';
import { MAX_RUBRIC_CRITERIA, rubricAssessmentSchema, rubricSelectionRequestSchema } from './rubrics.js';
import { lineText } from './text.js';

/**
 * Assignments and their submissions (docs/adr/0017-assignment-states-and-visibility.md,
 * docs/adr/0018-submissions-keep-every-attempt.md).
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/** A quiz is answered through its attempts and graded by the exercise engine (docs/adr/0145). */
export const assignmentKinds = ['submission', 'quiz'] as const;

export const assignmentStatuses = ['draft', 'published', 'closed'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

/**
 * The moves `PUT …/assignments/{id}` accepts, as data so clients and the server read one table.
 * published -> draft is allowed only while nobody has submitted; closed -> published reopens.
 */
export const assignmentTransitions: Record<AssignmentStatus, readonly AssignmentStatus[]> = {
  draft: ['published'],
  published: ['closed', 'draft'],
  closed: ['published'],
};

/** Most files one submission may carry. */
export const MAX_SUBMISSION_FILES = 5;
/** Longest submission text, in characters. */
export const MAX_SUBMISSION_TEXT = 100_000;

/** PostgreSQL refuses NUL characters in text, so no database is given one. */
const withoutNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'may not contain NUL characters';

/** Text that every supported database stores exactly as sent. */
export function storableText(max: number) {
  return z.string().max(max).refine(withoutNul, NUL_MESSAGE);
}

const dueDateSchema = isoDateTimeSchema;

const maxScoreSchema = z.number().positive().max(10_000);

const attachmentNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((name) => !/\p{Cc}/u.test(name), 'may not contain control characters');

const assignmentFields = {
  title: lineText().trim().min(1).max(200),
  description: storableText(20_000),
  due_date: dueDateSchema,
  max_score: maxScoreSchema,
  instructions: storableText(50_000),
  attachments: z.array(attachmentNameSchema).max(20).describe('File names the assignment refers to'),
  allow_late: z.boolean().describe('Accept (and mark late) submissions after the due date'),
  resubmit_after_grading: z
    .boolean()
    .describe('May a student submit a new attempt (until the due date) once their latest one is graded'),
  late_penalty: latePenaltySchema.nullable(),
  late_cutoff: dueDateSchema
    .nullable()
    .describe(
      'With allow_late: no work is taken after this (not before due_date); null: late work until closed',
    ),
};

export const createAssignmentRequestSchema = z.object({
  ...assignmentFields,
  description: assignmentFields.description.default(''),
  instructions: assignmentFields.instructions.default(''),
  attachments: assignmentFields.attachments.default([]),
  allow_late: assignmentFields.allow_late.default(false),
  resubmit_after_grading: assignmentFields.resubmit_after_grading.default(true),
  late_penalty: assignmentFields.late_penalty.default(null),
  late_cutoff: assignmentFields.late_cutoff.default(null),
  kind: z
    .enum(assignmentKinds)
    .default('submission')
    .describe('quiz: questions set with PUT …/quiz, answered through attempts, max_score = their points'),
});

export const updateAssignmentRequestSchema = z
  .object({
    ...assignmentFields,
    status: z.enum(assignmentStatuses).describe('draft -> published -> closed; see assignmentTransitions'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'give at least one field to change');

export const assignmentSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  title: z.string(),
  description: z.string(),
  due_date: timestamp,
  max_score: z.number(),
  status: z.enum(assignmentStatuses),
  submission_count: z.number().int().describe('Students who have submitted'),
  created_at: timestamp,
  updated_at: timestamp,
  instructions: z.string(),
  attachments: z.array(z.string()),
  allow_late: z.boolean(),
  resubmit_after_grading: z.boolean(),
  late_penalty: latePenaltySchema.nullable(),
  late_cutoff: timestamp.nullable(),
  kind: z.enum(assignmentKinds),
});

/** A student's own extended due date, on their reads of an assignment. */
const myExtensionField = timestamp
  .nullable()
  .optional()
  .describe("Students only: the caller's own extended due date; null when they have none");

/**
 * Where a student stands on an assignment: not_submitted before the due date; overdue after it
 * while late work is still taken; missing once nothing more is taken; else their submission's
 * status (submitted, late, graded: that of the latest attempt).
 */
export const myAssignmentStatuses = [
  'not_submitted',
  'overdue',
  'missing',
  'submitted',
  'late',
  'graded',
] as const;
export type MyAssignmentStatus = (typeof myAssignmentStatuses)[number];

/** An assignment in a course's list; a student's list also says where they stand on it. */
export const assignmentListItemSchema = assignmentSchema.extend({
  my_status: z
    .enum(myAssignmentStatuses)
    .optional()
    .describe(
      "Students only: the caller's own standing (not_submitted, overdue, missing, submitted, late, graded)",
    ),
  my_extended_due_date: myExtensionField,
});

export const assignmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(assignmentStatuses).optional().describe('Only assignments in this status'),
});

export const assignmentListSchema = paginatedSchema('assignments', assignmentListItemSchema);

export const submissionFileSchema = z.object({
  id: z.string(),
  name: z.string().describe('Display name as uploaded, without any folder part'),
  content_type: z.string(),
  size: z.number().int(),
  download_url: z.string(),
  preview_url: z
    .string()
    .nullable()
    .describe('Inline preview (PDF, PNG/JPEG/GIF/WebP, plain text), sandboxed; null when download only'),
});

const gradeFields = {
  score: z.number().nullable(),
  feedback: z.string().nullable(),
  graded_by: z.string().nullable(),
  graded_at: timestamp.nullable(),
};

/** One attempt as it was handed in; a later attempt never changes it (only its grade is set). */
export const submissionAttemptSchema = z.object({
  attempt: z.number().int().describe('1 for the first attempt, +1 for each resubmission'),
  content: z.string(),
  attachments: z.array(submissionFileSchema),
  submitted_at: timestamp,
  is_late: z.boolean().describe('Handed in after the due date (the extended one when the student has one)'),
  ...gradeFields,
  ...lateFieldsSchema,
});

export const submissionStatuses = ['submitted', 'late', 'graded'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/**
 * A student's submission to an assignment: its current state, read from its latest attempt
 * (content, files, submitted_at, is_late, attempt) and from its latest graded attempt (score,
 * feedback, graded_by, graded_at, graded_attempt); docs/adr/0018-submissions-keep-every-attempt.md.
 */
export const submissionSchema = z.object({
  id: z.string(),
  assignment_id: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  student_username: z.string(),
  content: z.string().describe('Text of the latest attempt'),
  attachments: z.array(submissionFileSchema).describe('Files of the latest attempt'),
  submitted_at: timestamp.describe('When the latest attempt was handed in'),
  is_late: z
    .boolean()
    .describe('The latest attempt came after the due date (the extended one when the student has one)'),
  attempt: z.number().int().describe('Number of the latest attempt: 1, +1 for each resubmission'),
  status: z
    .enum(submissionStatuses)
    .describe('graded when the latest attempt is graded, else late or submitted'),
  graded: z.boolean().describe('The latest attempt is graded'),
  graded_attempt: z
    .number()
    .int()
    .nullable()
    .describe('The attempt whose grade score and feedback show; null while none is graded'),
  resubmitted_after_grading: z
    .boolean()
    .describe('An earlier attempt is graded and a newer one waits for grading'),
  ...gradeFields,
  score: z
    .number()
    .nullable()
    .describe('The grade given to the latest graded attempt, before any late penalty (see final_score)'),
  ...lateFieldsSchema,
  late_by_seconds: lateFieldsSchema.late_by_seconds.describe(
    'How long after the due date the latest attempt came; 0 on time',
  ),
  graded_late_by_seconds: z
    .number()
    .int()
    .min(0)
    .describe('How late the graded attempt came, which the penalty is read from; 0 on time or ungraded'),
  rubric_assessment: rubricAssessmentSchema
    .nullable()
    .optional()
    .describe('Reading one submission: the filled rubric of the grade shown; null when graded without one'),
});

export const assignmentDetailSchema = assignmentSchema.extend({
  my_submission: submissionSchema
    .nullable()
    .optional()
    .describe("Students only: the caller's own submission, or null before they submit"),
  my_extended_due_date: myExtensionField,
});

export const submissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const submissionListSchema = paginatedSchema('submissions', submissionSchema);

/** A submission without files, sent as JSON. Files come as multipart (`content` + `files`). */
export const submitJsonRequestSchema = z.object({
  content: storableText(MAX_SUBMISSION_TEXT),
});

export const gradeSubmissionRequestSchema = z
  .object({
    score: z
      .number()
      .min(0)
      .optional()
      .describe('From 0 to the assignment max_score; leave out when grading with the rubric'),
    rubric: z
      .array(rubricSelectionRequestSchema)
      .max(MAX_RUBRIC_CRITERIA)
      .optional()
      .describe("One level and comment per criterion of the assignment's rubric; the score is then computed"),
    feedback: storableText(20_000).default(''),
    attempt: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The attempt the grader read; refused with ATTEMPT_SUPERSEDED when a newer one exists'),
  })
  .refine((body) => (body.score === undefined) !== (body.rubric === undefined), {
    message: 'give either score or rubric, not both',
    path: ['score'],
  });

export const submissionAttemptListSchema = z.object({
  attempts: z.array(submissionAttemptSchema).describe('Every attempt, first to latest'),
});
