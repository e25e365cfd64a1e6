import { AppError, type CustomQuestion, customQuestionSchema } from '@faraday/contracts';
import { describe, expect, it } from 'vitest';
import { courseExercises } from './engine.js';
import { ExerciseAnswerError } from './phrasing.js';
import { seedFor } from './seed.js';
import type { NumericKey } from './types.js';

/** Teachers' questions (docs/adr/0145): drawn and checked by the bank's own checks. */
const engine = courseExercises();
const seed = (attempt: number) => seedFor({ student: 'st', template: 'custom:q1', attempt });
const loop = customQuestionSchema.parse({
  kind: 'numeric',
  prompt: 'A loop of radius R carries a current I. Find the field at its centre.',
  parameters: [
    { symbol: 'R', min: 2, max: 8, unit: 'cm' },
    { symbol: 'I', min: 1, max: 5, unit: 'A' },
  ],
  answer: 'mu0 * I / (2 * R)',
  unit: 'T',
}) as CustomQuestion;

describe("a teacher's numeric question", () => {
  it('draws the same numbers for the same seed and others for another attempt', () => {
    const a = engine.drawCustom(loop, 'q1', seed(1));
    expect(engine.drawCustom(loop, 'q1', seed(1)).view).toEqual(a.view);
    expect(engine.drawCustom(loop, 'q1', seed(2)).view.given).not.toEqual(a.view.given);
  });

  it('computes the answer in SI from the stated units and accepts any prefix', () => {
    const i = engine.drawCustom(loop, 'q1', seed(3));
    const [R, I] = i.view.given!.map((g) => Number.parseFloat(g.text));
    const expected = (1.25663706212e-6 * I!) / (2 * (R! / 100));
    expect((i.key as NumericKey).value).toBeCloseTo(expected, 12);
    const right = engine.checkCustom(loop, 'q1', seed(3), { kind: 'numeric', value: `${expected * 1e6} µT` });
    expect(right.correct).toBe(true);
    const tenfold = engine.checkCustom(loop, 'q1', seed(3), { kind: 'numeric', value: `${expected * 10} T` });
    expect(tenfold).toMatchObject({ correct: false, feedback: { code: 'power-of-ten' } });
  });

  it('refuses an answer without its unit as unreadable, not as wrong', () => {
    expect(() => engine.checkCustom(loop, 'q1', seed(3), { kind: 'numeric', value: '0.001' })).toThrow(
      ExerciseAnswerError,
    );
  });

  it('refuses a definition with a symbol it does not declare', () => {
    const bad = { ...loop, answer: 'mu0 * I / (2 * D)' } as CustomQuestion;
    expect(() => engine.drawCustom(bad, 'q1', seed(1))).toThrow(AppError);
  });
});

describe("a teacher's choice and formula questions", () => {
  const choice = customQuestionSchema.parse({
    kind: 'choice',
    prompt: 'Which doubles the field?',
    options: [
      { text: 'Doubling the current', correct: true },
      { text: 'Doubling the radius', correct: false, feedback: 'A larger loop is a weaker field.' },
      { text: 'Reversing the current', correct: false },
    ],
  }) as CustomQuestion;

  it("gives each option the teacher's feedback", () => {
    const i = engine.drawCustom(choice, 'q2', seed(1));
    const radius = i.view.choices!.find((c) => c.text.en === 'Doubling the radius')!;
    const result = engine.checkCustom(choice, 'q2', seed(1), { kind: 'choice', choice: radius.id });
    expect(result).toMatchObject({ correct: false, feedback: { en: 'A larger loop is a weaker field.' } });
    const current = i.view.choices!.find((c) => c.text.en === 'Doubling the current')!;
    expect(engine.checkCustom(choice, 'q2', seed(1), { kind: 'choice', choice: current.id }).correct).toBe(
      true,
    );
  });

  it('checks a formula by substitution, not by its spelling', () => {
    const formula = customQuestionSchema.parse({
      kind: 'formula',
      prompt: 'The energy stored in a capacitor.',
      variables: ['C', 'V'],
      answer: 'C * V^2 / 2',
    }) as CustomQuestion;
    const check = (text: string) =>
      engine.checkCustom(formula, 'q3', seed(1), { kind: 'formula', formula: text });
    expect(check('\\frac{1}{2} C V^2').correct).toBe(true);
    expect(check('C V^2').correct).toBe(false);
    expect(() => check('C Q')).toThrow(ExerciseAnswerError);
    expect(() => engine.checkCustom(formula, 'q3', seed(1), { kind: 'numeric', value: '3 J' })).toThrow(
      ExerciseAnswerError,
    );
  });

  it('knows the course constants in a formula: the builder hint, mu0 * I / (2 * R), in TeX or plain', () => {
    const loop = customQuestionSchema.parse({
      kind: 'formula',
      prompt: 'The field at the centre of a loop.',
      variables: ['R', 'I'],
      answer: 'mu0 * I / (2 * R)',
    }) as CustomQuestion;
    const check = (text: string) =>
      engine.checkCustom(loop, 'q4', seed(1), { kind: 'formula', formula: text });
    expect(check('\\frac{\\mu_0 I}{2R}').correct).toBe(true);
    expect(check('mu0*I/(2*R)').correct).toBe(true);
    expect(check('\\frac{\\mu_0 I}{2\\pi R}').correct).toBe(false);
  });
});
