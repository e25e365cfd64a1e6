import { z } from 'zod';

/**
 * Exercises with checked answers (issue 34): the AI service's `/v1/exercises/*` bodies. The
 * backend asks for an instance by template and student, keeps the (template, seed) it gets back,
 * shows the student the view only, and sends the answer to be checked with the same pair; the
 * right answer exists only on the servers until a check returns the worked solution.
 */

const bilingualSchema = z.object({ en: z.string(), zh: z.string() });
export const exerciseKinds = ['numeric', 'choice', 'formula', 'explain'] as const;

export const exerciseTemplateIdSchema = z
  .string()
  .regex(/^(numeric|choice|formula|explain):[a-z0-9-]{1,80}$/, '<kind>:<id>, e.g. numeric:loop-centre')
  .describe('A template of GET /v1/exercises/templates');
export const exerciseSeedSchema = z
  .string()
  .regex(/^[0-9a-f]{16}$/, '16 hexadecimal digits')
  .describe('The seed an instance was drawn from (returned by POST /v1/exercises/instances)');

/**
 * An answer. Its kind must be the exercise's, and its size within the engine's limits (a number
 * with its unit 100 characters, a formula 300, an explanation 4000): else 400
 * EXERCISE_ANSWER_INVALID, which the engine answers so that every unreadable answer gets one code.
 */
export const exerciseAnswerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('numeric'),
    value: z
      .union([z.string(), z.number()])
      .describe('"25 µT", "2.5e-5 T", "0.25 G"; or a number with `unit` beside it'),
    unit: z.string().optional(),
  }),
  z.object({ kind: z.literal('choice'), choice: z.string().describe('A choice id of the view: a, b, …') }),
  z.object({
    kind: z.literal('formula'),
    formula: z.string().describe('TeX or plain: \\frac{\\mu_0 I}{2R} or mu_0*I/(2*R)'),
  }),
  z.object({ kind: z.literal('explain'), text: z.string() }),
]);

export const exerciseTemplateSchema = z.object({
  id: z.string(),
  kind: z.enum(exerciseKinds),
  result: z.string().describe('The course result (results.json id) it exercises'),
  topic: z.string(),
  difficulty: z.number().int(),
});

export const exerciseViewSchema = z.object({
  template: z.string(),
  kind: z.enum(exerciseKinds),
  result: z.string(),
  topic: z.string(),
  difficulty: z.number().int(),
  prompt: bilingualSchema.describe("The question with this student's numbers"),
  given: z
    .array(z.object({ symbol: z.string(), name: bilingualSchema, text: z.string() }))
    .optional()
    .describe('Numeric: the quantities given'),
  unit: z
    .string()
    .optional()
    .describe('Numeric: the SI unit; any unit of its kind with any prefix is accepted'),
  choices: z.array(z.object({ id: z.string(), text: bilingualSchema })).optional(),
  symbols: z.array(z.string()).optional().describe('Formula: the symbols the formula may use'),
});

export const exerciseCheckResultSchema = z.object({
  correct: z.boolean().nullable().describe('null: an explanation the student marks themselves'),
  score: z.number().min(0).max(1).nullable(),
  feedback: bilingualSchema.extend({
    code: z
      .string()
      .describe('correct, power-of-ten, sign, unit-kind, diameter, slip:<key>, misconception, …'),
  }),
  hint: bilingualSchema,
  solution: bilingualSchema.extend({ tex: z.string().optional() }),
});

export const exerciseInstanceRequestSchema = z.object({
  template: exerciseTemplateIdSchema,
  student: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .describe("The student's id: each student gets their own numbers"),
  attempt: z.number().int().min(0).max(1_000_000).describe('A new attempt draws new numbers'),
});
export const exerciseInstanceResponseSchema = z.object({
  seed: exerciseSeedSchema,
  view: exerciseViewSchema,
});

export const exerciseCheckRequestSchema = z.object({
  template: exerciseTemplateIdSchema,
  seed: exerciseSeedSchema,
  answer: exerciseAnswerSchema,
});

/**
 * A question a teacher writes (quizzes, docs/adr/0145). The AI service's engine draws and checks
 * it like a bank template: the backend stores the definition and sends it with each draw and check.
 */
const symbolSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,15}$/, 'a letter, then letters, digits or _');
const questionText = z.string().trim().min(1).max(2000);

export const customNumericQuestionSchema = z.object({
  kind: z.literal('numeric'),
  prompt: questionText.describe('The question; the drawn parameters are listed under it'),
  parameters: z
    .array(
      z.object({
        symbol: symbolSchema,
        min: z.number().finite(),
        max: z.number().finite(),
        unit: z.string().max(20).describe('The unit the value is stated in ("cm", "mA"); "" for none'),
      }),
    )
    .max(8)
    .refine((ps) => ps.every((p) => p.min <= p.max), 'min may not exceed max')
    .refine((ps) => new Set(ps.map((p) => p.symbol)).size === ps.length, 'symbols must differ'),
  answer: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .describe('mathjs formula over the parameters, in SI units: mu0 * I / (2 * R)'),
  unit: z.string().max(20).describe('The SI unit of the answer ("T"); "" for a pure number'),
  tolerance: z.number().positive().max(0.2).default(0.02).describe('Relative tolerance'),
});

export const customChoiceQuestionSchema = z.object({
  kind: z.literal('choice'),
  prompt: questionText,
  options: z
    .array(
      z.object({
        text: z.string().trim().min(1).max(500),
        correct: z.boolean(),
        feedback: z.string().trim().max(1000).default('').describe('Shown after submission when chosen'),
      }),
    )
    .min(2)
    .max(8)
    .refine((os) => os.filter((o) => o.correct).length === 1, 'exactly one option is correct'),
});

export const customFormulaQuestionSchema = z.object({
  kind: z.literal('formula'),
  prompt: questionText,
  variables: z.array(symbolSchema).min(1).max(8).describe('The symbols the formula may use'),
  answer: z.string().trim().min(1).max(300).describe('mathjs formula over the variables'),
});

export const customQuestionSchema = z.discriminatedUnion('kind', [
  customNumericQuestionSchema,
  customChoiceQuestionSchema,
  customFormulaQuestionSchema,
]);
export type CustomQuestion = z.infer<typeof customQuestionSchema>;

export const customInstanceRequestSchema = z.object({
  question: customQuestionSchema,
  /** The quiz question's id: the seed is a hash of it, the student and the attempt. */
  id: z.string().trim().min(1).max(64),
  student: exerciseInstanceRequestSchema.shape.student,
  attempt: exerciseInstanceRequestSchema.shape.attempt,
});

export const customCheckRequestSchema = z.object({
  question: customQuestionSchema,
  id: customInstanceRequestSchema.shape.id,
  seed: exerciseSeedSchema,
  answer: exerciseAnswerSchema,
});
