import { courseExercises } from '../../../ai/src/exercises/index.js';
import type { NumericKey } from '../../../ai/src/exercises/types.js';
import type { Db } from '../../src/db/database.js';

/** The quiz test's questions (bank and the teacher's own), what an attempt looks like, and its right answers. */

export interface QuizItem {
  position: number;
  points: number;
  view: {
    kind: string;
    template: string;
    given?: { symbol: string; text: string }[];
    choices?: { id: string; text: { en: string } }[];
  };
  answer: unknown;
  correct: boolean | null;
  earned: number | null;
  result: { correct: boolean; feedback: { code: string; en: string }; solution: { en: string } } | null;
}
export interface Attempt {
  id: string;
  attempt: number;
  status: string;
  score: number | null;
  max_score: number;
  auto_submitted: boolean;
  deadline_at: string | null;
  items: QuizItem[];
}

const engine = courseExercises();
const MU0 = 1.25663706212e-6;
/** Names that would give an answer away; none may appear in an attempt before it is graded. */
export const SECRET_KEYS = /"(solution|hint|feedback|seed|key|tolerance|slips|correct_choice|values)"/;

export const loop = {
  kind: 'numeric',
  prompt: 'A loop of radius R carries a current I. Find the magnetic field at its centre.',
  parameters: [
    { symbol: 'R', min: 2, max: 8, unit: 'cm' },
    { symbol: 'I', min: 1, max: 5, unit: 'A' },
  ],
  answer: 'mu0 * I / (2 * R)',
  unit: 'T',
};
export const doubling = {
  kind: 'choice',
  prompt: 'Which change doubles the field at the centre of the loop?',
  options: [
    { text: 'Doubling the current', correct: true, feedback: 'B grows with I.' },
    { text: 'Doubling the radius', correct: false, feedback: 'A larger loop gives a weaker field.' },
    { text: 'Halving the current', correct: false },
  ],
};
const energy = {
  kind: 'formula',
  prompt: 'The energy stored in a capacitor.',
  variables: ['C', 'V'],
  answer: 'C * V^2 / 2',
};
export const QUESTIONS = [
  { template: 'numeric:loop-centre', points: 2 },
  { template: 'choice:coulomb-double-distance', points: 1 },
  { custom: loop, points: 2 },
  { custom: doubling, points: 1 },
  { custom: energy, points: 1 },
];

export const seedsOf = async (db: Db, attemptId: string) =>
  (
    await db
      .selectFrom('quiz_attempt_items')
      .select(['position', 'seed'])
      .where('attempt_id', '=', attemptId)
      .orderBy('position')
      .execute()
  ).map((r) => r.seed);

/** The right answers, worked out from what the student sees, or from the engine for the bank. */
export async function rightAnswersOf(db: Db, attempt: Attempt) {
  const seeds = await seedsOf(db, attempt.id);
  return attempt.items.map((item, i) => {
    const view = item.view;
    if (view.template.startsWith('numeric:')) {
      const key = engine.draw(view.template, seeds[i]!).key as NumericKey;
      return { position: item.position, answer: { kind: 'numeric', value: `${key.value} ${key.unit}` } };
    }
    if (view.template.startsWith('choice:')) {
      const key = engine.draw(view.template, seeds[i]!).key as { correct: string };
      return { position: item.position, answer: { kind: 'choice', choice: key.correct } };
    }
    if (view.kind === 'numeric') {
      const [R, I] = view.given!.map((g) => Number.parseFloat(g.text));
      return {
        position: item.position,
        answer: { kind: 'numeric', value: `${((MU0 * I!) / (2 * (R! / 100))) * 1e6} µT` },
      };
    }
    if (view.kind === 'choice') {
      const id = view.choices!.find((o) => o.text.en === 'Doubling the current')!.id;
      return { position: item.position, answer: { kind: 'choice', choice: id } };
    }
    return { position: item.position, answer: { kind: 'formula', formula: '\\frac{1}{2} C V^2' } };
  });
}
