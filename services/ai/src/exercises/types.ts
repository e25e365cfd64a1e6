import type { exerciseAnswerSchema, exerciseKinds } from '@faraday/contracts';
import type { z } from 'zod';
import type { CourseResult } from '../knowledge/knowledge-base.js';

export type Lang = 'en' | 'zh';
export interface Bilingual {
  en: string;
  zh: string;
}

export type ExerciseKind = (typeof exerciseKinds)[number];

/** The longest answer text read: a number with a unit, a formula, an explanation. */
export const MAX_ANSWER_CHARS = { numeric: 100, formula: 300, explain: 4000, choice: 8 } as const;

export type ExerciseAnswer = z.infer<typeof exerciseAnswerSchema>;

export interface Template {
  id: string;
  kind: ExerciseKind;
  result: CourseResult;
  difficulty: number;
}

/** What the student sees: the prompt with their numbers, the choices, the unit asked for. Never the answer. */
export interface PublicView {
  template: string;
  kind: ExerciseKind;
  result: string;
  topic: string;
  difficulty: number;
  prompt: Bilingual;
  /** Numeric: the quantities given, as the prompt states them. */
  given?: { symbol: string; name: Bilingual; text: string }[];
  /** Numeric: the SI unit of the answer; any unit of the same kind, with any prefix, is accepted. */
  unit?: string;
  /** Multiple choice, in this instance's order. */
  choices?: { id: string; text: Bilingual }[];
  /** Formula entry: the symbols the formula may use. */
  symbols?: string[];
}

export interface NumericKey {
  kind: 'numeric';
  value: number;
  unit: string;
  /** What the answer measures ("magnetic field"), for feedback on a unit of another kind. */
  quantity: Bilingual;
  tolerance: number;
  /** The variables' SI values, constants included, for slips and the worked solution. */
  values: Record<string, number>;
  /** Values a known slip gives, with its feedback key. */
  slips: { value: number; key: string }[];
}
export interface ChoiceKey {
  kind: 'choice';
  correct: string;
  feedback: Record<string, { code: string; text: Bilingual }>;
}
export interface FormulaKey {
  kind: 'formula';
  expr: string;
  /** Every symbol the formula may use: the result's variables (optional ones count as 1 when absent). */
  variables: string[];
}
export interface ExplainKey {
  kind: 'explain';
  model: Bilingual;
  /** The model answer's points (statement clauses, conditions) a judged explanation must state. */
  points: Bilingual[];
  misconceptions: Bilingual[];
}
export type ExerciseKey = NumericKey | ChoiceKey | FormulaKey | ExplainKey;

/** A drawn exercise: rebuilt from (template, seed) whenever needed, so the key is never stored client-side. */
export interface Instance {
  /** Not in the view: with the engine's source, a seed would give the order of the choices away. */
  seed: string;
  view: PublicView;
  key: ExerciseKey;
  /** The worked solution and the right answer, shown only after an answer is checked. */
  solution: Bilingual & { tex?: string };
  hint: Bilingual;
}

/** An instance as a kind's module draws it; the engine adds the seed. */
export type Drawn = Omit<Instance, 'seed'>;

export interface CheckResult {
  /** null when nothing was graded: an explanation the student marks themselves. */
  correct: boolean | null;
  score: number | null;
  feedback: Bilingual & { code: string };
  hint: Bilingual;
  solution: Bilingual & { tex?: string };
}
