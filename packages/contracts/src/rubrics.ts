import { z } from 'zod';
import { lineText, multilineText } from './text.js';

/**
 * Rubrics of a course (docs/adr/0148-rubrics-frozen-once-used.md): criteria, each with levels
 * worth points; attached to assignments; a grade made with one stores the level chosen and a
 * comment per criterion, and its score is the sum of the chosen levels' points, computed by
 * the server. A rubric a grade has used is frozen: copy it to change it.
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');
const id = z.string().min(1).max(64);

/** Bounds that keep a rubric a page a grader can take in, and its JSON row small. */
export const MAX_RUBRIC_CRITERIA = 20;
export const MAX_RUBRIC_LEVELS = 8;
export const MAX_RUBRIC_TEXT = 1_000;
export const MAX_RUBRIC_COMMENT = 5_000;

const levelInput = z.object({
  title: lineText().trim().min(1).max(100),
  points: z.number().min(0).max(10_000).describe('Points this level gives'),
  description: multilineText().trim().max(MAX_RUBRIC_TEXT).default(''),
});

const criterionInput = z.object({
  title: lineText().trim().min(1).max(200),
  description: multilineText().trim().max(MAX_RUBRIC_TEXT).default(''),
  levels: z.array(levelInput).min(1).max(MAX_RUBRIC_LEVELS),
});

export const rubricRequestSchema = z.object({
  title: lineText().trim().min(1).max(200),
  criteria: z.array(criterionInput).min(1).max(MAX_RUBRIC_CRITERIA),
});
export type RubricRequest = z.output<typeof rubricRequestSchema>;
/** What a client sends (descriptions may be left out). */
export type RubricInput = z.input<typeof rubricRequestSchema>;

export const rubricLevelSchema = z.object({
  id: z.string(),
  title: z.string(),
  points: z.number(),
  description: z.string(),
});

export const rubricCriterionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  levels: z.array(rubricLevelSchema),
});
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;

export const rubricSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  title: z.string(),
  criteria: z.array(rubricCriterionSchema),
  max_points: z.number().describe("Sum of each criterion's best level"),
  in_use: z.boolean().describe('A grade has used it: it can no longer be edited or deleted (copy it)'),
  assignment_ids: z.array(z.string()).describe('Assignments it is attached to'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Rubric = z.infer<typeof rubricSchema>;

export const rubricListSchema = z.object({ rubrics: z.array(rubricSchema) });

export const attachRubricRequestSchema = z.object({
  rubric_id: id.nullable().describe('A rubric of the same course, or null to detach'),
});

export const assignmentRubricSchema = z.object({
  rubric: rubricSchema.nullable().describe('The rubric graders use for this assignment; null when none'),
});

export const rubricSelectionRequestSchema = z.object({
  criterion_id: id,
  level_id: id,
  comment: multilineText().trim().max(MAX_RUBRIC_COMMENT).default(''),
});

/** The filled rubric of a grade: every criterion with the level chosen and the grader's comment. */
export const rubricAssessmentSchema = z.object({
  rubric_id: z.string(),
  title: z.string(),
  criteria: z.array(
    rubricCriterionSchema.extend({
      selected_level_id: z.string(),
      points: z.number(),
      comment: z.string(),
    }),
  ),
  total: z.number().describe('Sum of the chosen levels; the score is this, at most max_score'),
  max_points: z.number(),
});
export type RubricAssessment = z.infer<typeof rubricAssessmentSchema>;
