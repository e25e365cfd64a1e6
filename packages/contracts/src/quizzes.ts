import { z } from 'zod';
import {
  customQuestionSchema,
  exerciseAnswerSchema,
  exerciseCheckResultSchema,
  exerciseKinds,
  exerciseTemplateIdSchema,
  exerciseTemplateSchema,
  exerciseViewSchema,
} from './exercises.js';

/**
 * Quizzes (docs/adr/0145): an assignment of kind `quiz` holds ordered questions from the exercise
 * bank or written by the teacher. Each student's attempt draws its own instance of every question
 * (seed: student, question, attempt); views never carry an answer; an attempt is stored when
 * submitted and then graded by the exercise engine, and its score is the assignment's grade.
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');
const checkedKinds = exerciseKinds.filter((k) => k !== 'explain') as ['numeric', 'choice', 'formula'];

export const quizBankQuerySchema = z.object({
  topic: z.string().max(64).optional(),
  kind: z.enum(checkedKinds).optional(),
  difficulty: z.coerce.number().int().min(1).max(3).optional(),
});
export const quizBankSchema = z.object({
  templates: z.array(exerciseTemplateSchema).describe('Checked kinds only: explanations are not graded'),
  topics: z.array(z.string()).describe('Every topic of the bank, for the picker'),
});

export const quizQuestionInputSchema = z.union([
  z.object({
    template: exerciseTemplateIdSchema.refine(
      (t) => !t.startsWith('explain:'),
      'explanations are not graded',
    ),
    points: z.number().positive().max(1000).default(1),
  }),
  z.object({ custom: customQuestionSchema, points: z.number().positive().max(1000).default(1) }),
]);

export const putQuizRequestSchema = z.object({
  questions: z.array(quizQuestionInputSchema).min(1).max(50),
  attempts_allowed: z.number().int().min(1).max(20).default(1),
  time_limit_minutes: z
    .number()
    .int()
    .min(1)
    .max(600)
    .nullable()
    .default(null)
    .describe('null: no limit; an attempt still ends at the due date unless late work is allowed'),
});

export const quizQuestionSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  points: z.number(),
  kind: z.enum(checkedKinds),
  template: z.string().nullable().describe('A bank template; null for a question the teacher wrote'),
  custom: customQuestionSchema.optional().describe("Staff only: the teacher's definition"),
  preview: exerciseViewSchema.optional().describe('Staff only: an instance as a student would see one'),
});

export const quizSchema = z.object({
  assignment_id: z.string(),
  attempts_allowed: z.number().int(),
  time_limit_minutes: z.number().int().nullable(),
  total_points: z.number(),
  questions: z.array(quizQuestionSchema),
});

export const quizAttemptStatuses = ['open', 'submitted', 'graded'] as const;

export const quizAttemptItemSchema = z.object({
  position: z.number().int(),
  points: z.number(),
  view: exerciseViewSchema,
  answer: exerciseAnswerSchema.nullable(),
  /** Only once the attempt is graded: */
  correct: z.boolean().nullable(),
  earned: z.number().nullable(),
  result: exerciseCheckResultSchema.nullable().describe('Feedback and worked solution, after grading only'),
});

export const quizAttemptSchema = z.object({
  id: z.string(),
  assignment_id: z.string(),
  student_id: z.string(),
  attempt: z.number().int(),
  status: z.enum(quizAttemptStatuses),
  started_at: timestamp,
  deadline_at: timestamp.nullable().describe('Answers are taken until then; null without a limit'),
  submitted_at: timestamp.nullable(),
  auto_submitted: z.boolean().describe('Handed in by the server when its time ran out'),
  score: z.number().nullable(),
  max_score: z.number(),
  items: z.array(quizAttemptItemSchema),
});

export const quizAttemptListSchema = z.object({
  attempts: z.array(quizAttemptSchema.omit({ items: true })),
  attempts_allowed: z.number().int(),
  attempts_left: z.number().int(),
});

export const quizAttemptListQuerySchema = z.object({
  student_id: z.string().max(64).optional().describe("Staff: one student's attempts (default: all)"),
});

export const quizAnswersRequestSchema = z.object({
  answers: z
    .array(z.object({ position: z.number().int().min(1), answer: exerciseAnswerSchema }))
    .max(50)
    .refine((as) => new Set(as.map((a) => a.position)).size === as.length, 'one answer per question'),
});

export const quizQuestionResultSchema = z.object({
  position: z.number().int(),
  points: z.number(),
  kind: z.enum(checkedKinds),
  template: z.string().nullable(),
  graded: z.number().int().describe('Graded attempts that reached this question'),
  answered: z.number().int(),
  correct: z.number().int(),
  share_correct: z.number().nullable().describe('correct / graded, 0…1; null before any is graded'),
  choices: z
    .array(z.object({ text: z.string(), correct: z.boolean(), chosen: z.number().int() }))
    .optional()
    .describe('Multiple choice: how often each option was chosen (English text)'),
  feedback_codes: z.record(z.string(), z.number().int()).describe('How often each feedback was given'),
});

export const quizResultsSchema = z.object({
  assignment_id: z.string(),
  attempts_graded: z.number().int(),
  questions: z.array(quizQuestionResultSchema),
});
