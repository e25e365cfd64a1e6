import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { KNOWLEDGE_DIR } from '../knowledge/knowledge-base.js';

/**
 * The exercise definitions (corpus/knowledge/exercises.json): per computable result, the ranges
 * its variables are drawn from (in the units a problem states them), the slips worth naming,
 * hand-written multiple-choice items whose distractors carry their own feedback, and the EN/ZH
 * phrases of prompts, feedback and errors. The results themselves stay in results.json.
 */

const bilingual = z.object({ en: z.string().min(1), zh: z.string().min(1) });

const rangeSchema = z.union([
  z.object({
    min: z.number(),
    max: z.number(),
    /** A unit of the variable's kind in units.json ('' for counts and indices). */
    unit: z.string(),
    /** Either sign, drawn with the value: a potential of a negative charge. */
    sign: z.literal('any').optional(),
    integer: z.boolean().optional(),
  }),
  /** A constant of results.json (me, e): "an electron". */
  z.object({ constant: z.string() }),
]);
export type Range = z.infer<typeof rangeSchema>;

const numericSchema = z.object({
  difficulty: z.number().int().min(1).max(3),
  /** Relative tolerance; defaults.tolerance when absent. */
  tolerance: z.number().positive().max(0.2).optional(),
  ranges: z.record(z.string(), rangeSchema),
  /** A radius the prompt states as a diameter: using it as the radius is a slip to name. */
  given: z.record(z.string(), z.literal('diameter')).optional(),
  /** Wrong formulas students use, each with feedback in slip_feedback. */
  slips: z.array(z.object({ expr: z.string(), key: z.string() })).optional(),
});
export type NumericDefinition = z.infer<typeof numericSchema>;

const choiceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  result: z.string(),
  difficulty: z.number().int().min(1).max(3),
  question: bilingual,
  answer: bilingual,
  distractors: z
    .array(
      z.union([
        /** A distractor whose feedback is the result's recorded misconception of that index. */
        bilingual.extend({ misconception: z.number().int().min(0) }),
        bilingual.extend({ feedback: bilingual }),
      ]),
    )
    .min(2),
});
export type ChoiceDefinition = z.infer<typeof choiceSchema>;

const exercisesFileSchema = z.object({
  defaults: z.object({
    tolerance: z.number().positive(),
    /** Within this relative error but outside the tolerance: "close, check your rounding". */
    close: z.number().positive(),
    /** Significant digits of drawn values. */
    digits: z.number().int().min(1).max(4),
    /** Powers of ten an answer may be off by for the "power of ten" feedback. */
    powers: z.array(z.number().int()),
    formula_trials: z.number().int().min(3).max(20),
    /** Factors an answer or a formula may be off by (2 for a diameter, 2π), with how to write them. */
    factors: z.array(z.object({ value: z.number().positive(), label: z.string() })),
  }),
  /** Unit spellings mathjs does not know ("G" for gauss), replaced before reading. */
  unit_spellings: z.record(z.string(), z.string()),
  /** Students' spellings of the results' symbols (lambda → λ) in formulas. */
  symbols: z.record(z.string(), z.string()),
  phrases: z.object({ en: z.record(z.string(), z.string()), zh: z.record(z.string(), z.string()) }),
  numeric: z.record(z.string(), numericSchema),
  slip_feedback: z.record(z.string(), bilingual),
  formula: z.object({ exclude: z.array(z.string()) }),
  choice: z.array(choiceSchema),
  /** Explanations judged by a model: patterns of an answer that addresses the grader (docs/adr/0132). */
  judge: z.object({
    about: z.string().optional(),
    instructions: z.array(
      z.string().refine((pattern) => {
        try {
          new RegExp(pattern, 'iu');
          return true;
        } catch {
          return false;
        }
      }, 'not a valid regular expression'),
    ),
  }),
});
export type ExercisesFile = z.infer<typeof exercisesFileSchema>;

export function loadExercisesFile(dir = KNOWLEDGE_DIR): ExercisesFile {
  const raw: unknown = JSON.parse(readFileSync(join(dir, 'exercises.json'), 'utf8'));
  return exercisesFileSchema.parse(raw);
}
