import { z } from 'zod';

/**
 * Late penalties and per-student extensions (docs/adr/0128-late-penalty-derived-at-read.md).
 * The penalty is never stored: it is read from submitted_at against the student's due date.
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const latePenaltyUnits = ['day', 'hour'] as const;
export type LatePenaltyUnit = (typeof latePenaltyUnits)[number];

/** Seconds in one unit of lateness: every started unit counts whole. */
export const latePenaltyUnitSeconds: Record<LatePenaltyUnit, number> = { day: 86_400, hour: 3_600 };

export const latePenaltySchema = z
  .object({
    percent: z.number().positive().max(100).describe('Percent of the score deducted per started unit late'),
    per: z.enum(latePenaltyUnits),
    max_percent: z.number().positive().max(100).describe('The most deducted in all, in percent'),
  })
  .describe('Deducted from the grade of work handed in after the due date; null: none');

export type LatePenalty = z.infer<typeof latePenaltySchema>;

/** Any ISO 8601 date-time with a zone; stored and answered as UTC with `Z`. */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value).toISOString())
  .describe('ISO 8601 date-time with Z or an offset');

/**
 * The percent a late penalty deducts for work `lateBySeconds` late: every started unit counts,
 * up to the cap. Shared by server and web so the preview a teacher sees is the grade given.
 */
export function latePenaltyPercent(penalty: LatePenalty | null, lateBySeconds: number): number {
  if (!penalty || lateBySeconds <= 0) return 0;
  const units = Math.ceil(lateBySeconds / latePenaltyUnitSeconds[penalty.per]);
  return Math.min(penalty.max_percent, units * penalty.percent);
}

/** Points deducted, rounded to two decimals; the final score never goes below 0. */
export function scoreAfterPenalty(raw: number, percent: number): { deducted: number; final: number } {
  const deducted = Math.round(raw * percent) / 100;
  return { deducted, final: Math.max(0, Math.round((raw - deducted) * 100) / 100) };
}

/** Where one submission stands against the student's due date, and what the penalty takes. */
export const lateFieldsSchema = {
  due_date: timestamp.describe(
    "The student's due date: their extension when they have one, else the assignment's",
  ),
  late_by_seconds: z
    .number()
    .int()
    .min(0)
    .describe('How long after that due date it was handed in; 0 on time'),
  late_penalty_percent: z.number().describe('Percent the late penalty deducts from the grade; 0 when none'),
  final_score: z
    .number()
    .nullable()
    .describe('score after the late penalty (two decimals, at least 0); null while not graded'),
};

export const extensionSchema = z.object({
  assignment_id: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  student_username: z.string(),
  due_date: timestamp.describe("The student's own due date"),
  cutoff: timestamp
    .nullable()
    .describe("The student's own final cut-off: the assignment's, moved as far as the due date moved"),
  granted_by: z.string(),
  granted_at: timestamp,
});

export const putExtensionRequestSchema = z.object({
  due_date: isoDateTimeSchema.describe("The student's own due date; later than the assignment's"),
});

export const extensionListSchema = z.object({
  extensions: z.array(extensionSchema).describe('Every extension on the assignment, by student name'),
});
