import { z } from 'zod';
import { lineText } from './text.js';

/** Editing the gradebook: a cell's grade, its history, categories and CSV import (docs/adr/0129). */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');
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
