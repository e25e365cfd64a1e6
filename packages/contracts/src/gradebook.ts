import { z } from 'zod';
import { assignmentStatuses } from './assignments.js';
import { lineText } from './text.js';

/**
 * The gradebook (docs/adr/0019-gradebook-and-work-queues.md) and editing it: a cell's grade, its
 * history, categories and CSV import (docs/adr/0129).
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/** A gradebook cell's state: no submission, handed in (on time or late), or its latest attempt graded. */
export const gradeStatuses = ['missing', 'submitted', 'late', 'graded'] as const;
export type GradeStatus = (typeof gradeStatuses)[number];

export const gradebookAssignmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  due_date: timestamp,
  max_score: z.number(),
  status: z.enum(assignmentStatuses),
  category_id: z.string().nullable().describe('The weighted category the assignment counts in; null: none'),
  graded_by_rubric: z.boolean().describe('Graded through its rubric: a cell takes no typed score'),
});

export const gradebookCellSchema = z.object({
  assignment_id: z.string(),
  status: z.enum(gradeStatuses),
  score: z
    .number()
    .nullable()
    .describe('The grade shown to the student (latest graded attempt), after any late penalty'),
  raw_score: z.number().nullable().describe('The grade as given, before the late penalty'),
  late_penalty: z.number().describe('Points the late penalty deducted; 0 when none'),
  late_penalty_percent: z.number(),
  late_by_seconds: z.number().int().min(0).describe('How late the latest attempt came; 0 on time or missing'),
  extended_due_date: timestamp.nullable().describe("The student's extended due date; null when none"),
  max_score: z.number(),
  submission_id: z.string().nullable(),
  attempt: z.number().int().nullable().describe('Latest attempt, null when missing'),
  resubmitted_after_grading: z.boolean(),
  entered: z
    .boolean()
    .describe('The score was given in the gradebook to a student who handed nothing in (docs/adr/0129)'),
});

export const gradebookRowSchema = z.object({
  student_id: z.string(),
  username: z.string(),
  name: z.string(),
  enrolled: z
    .boolean()
    .describe('Still a student of the course; false for one who left but whose work is kept'),
  joined_at: timestamp.nullable(),
  grades: z.array(gradebookCellSchema).describe('One per assignment, in the order of `assignments`'),
  total_score: z.number().describe('Sum of the shown scores; missing or ungraded work counts 0'),
  max_total: z.number().describe('Sum of max_score of every assignment in the gradebook'),
  percentage: z
    .number()
    .nullable()
    .describe('total_score / max_total × 100, one decimal; null without assignments'),
  graded_percentage: z
    .number()
    .nullable()
    .describe('Score over the max_score of graded work only, one decimal; null before any grade'),
  course_total: z
    .number()
    .nullable()
    .describe(
      'The course total in percent, one decimal: weighted by category when the course has categories (each category: its score over its maximum), else equal to percentage',
    ),
});

export const gradebookSchema = z.object({
  course_id: z.string(),
  assignments: z.array(gradebookAssignmentSchema).describe('Published and closed assignments, by due date'),
  categories: z
    .array(z.object({ id: z.string(), name: z.string(), weight: z.number() }))
    .describe('Weighted assignment categories, in their order; empty: the total is in points'),
  students: z.array(gradebookRowSchema).describe('Staff: every student; a student: only their own row'),
});

export type Gradebook = z.infer<typeof gradebookSchema>;
export type GradebookRow = z.infer<typeof gradebookRowSchema>;
const id = z.string().min(1).max(64);

export const gradeCellParamsSchema = z.object({ course_id: id, assignment_id: id, student_id: id });

export const editGradeCellRequestSchema = z.object({
  score: z.number().min(0).describe("From 0 to the assignment's max_score"),
  attempt: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe(
      'The latest attempt the teacher saw in the cell (null: no submission); refused with ATTEMPT_SUPERSEDED when a newer one exists',
    ),
});

export const gradeChangeSources = ['cell', 'import'] as const;

export const gradeChangeSchema = z.object({
  id: z.string(),
  attempt: z.number().int().nullable().describe('The attempt graded; null for a student with no submission'),
  old_score: z.number().nullable(),
  new_score: z.number(),
  source: z.enum(gradeChangeSources),
  changed_by: z.string(),
  changed_by_name: z.string(),
  changed_at: timestamp,
});

export const gradeCellHistorySchema = z.object({
  changes: z.array(gradeChangeSchema).describe('Every change typed or imported into the cell, newest first'),
});

export const MAX_GRADE_CATEGORIES = 30;

export const gradeCategoriesRequestSchema = z.object({
  categories: z
    .array(
      z.object({
        name: lineText().trim().min(1).max(100),
        weight: z.number().min(0).max(1000).describe('Relative weight; the total divides by their sum'),
        assignment_ids: z.array(id).max(500),
      }),
    )
    .max(MAX_GRADE_CATEGORIES),
});

export const gradeCategoryListSchema = z.object({
  categories: z.array(
    z.object({ id: z.string(), name: z.string(), weight: z.number(), assignment_ids: z.array(z.string()) }),
  ),
});

export const MAX_GRADE_IMPORT_CHARS = 2_000_000;

export const gradeImportRequestSchema = z.object({
  csv: z
    .string()
    .min(1)
    .max(MAX_GRADE_IMPORT_CHARS)
    .describe('The file: a username column and assignment columns named as the export names them'),
});

export const gradeImportApplyRequestSchema = gradeImportRequestSchema.extend({
  fingerprint: z
    .string()
    .min(1)
    .max(128)
    .describe(
      "The preview's fingerprint: refused with GRADE_IMPORT_STALE unless the changes are still the same",
    ),
});

/** Why a CSV cell cannot be imported; the web app words each in the reader's language. */
export const gradeImportProblems = [
  'unknown_student',
  'duplicate_student',
  'not_a_number',
  'out_of_range',
  'graded_by_rubric',
] as const;

export const gradeImportPreviewSchema = z.object({
  fingerprint: z.string().describe('Send it back to apply exactly these changes'),
  changes: z.array(
    z.object({
      row: z.number().int(),
      username: z.string(),
      student_name: z.string(),
      assignment_id: z.string(),
      assignment_title: z.string(),
      old_score: z.number().nullable(),
      new_score: z.number(),
    }),
  ),
  unchanged_count: z.number().int().describe('Cells whose value equals the current grade, or is empty'),
  errors: z.array(
    z.object({
      row: z.number().int().describe('Line in the file, the header being 1'),
      username: z.string(),
      column: z.string().nullable(),
      problem: z.enum(gradeImportProblems),
      value: z.string(),
    }),
  ),
  ignored_columns: z
    .array(z.string())
    .describe('Columns that name no assignment (name, total…): not imported'),
});

export const gradeImportResultSchema = z.object({ applied_count: z.number().int() });

export type GradeImportPreview = z.infer<typeof gradeImportPreviewSchema>;
