import { COULOMB_K, coulombField, MU_0 } from '@faraday/physics';
import { describe, expect, it } from 'vitest';
import { courseKnowledge } from '../knowledge/knowledge-base.js';
import { courseExercises } from './engine.js';
import { JudgeDeclined } from './explain.js';
import { ExerciseAnswerError } from './phrasing.js';
import { seedFor } from './seed.js';
import type { ExerciseAnswer, Instance, NumericKey } from './types.js';

const engine = courseExercises();
const seeds = Array.from({ length: 8 }, (_, i) => seedFor({ student: `s${i}`, template: 't', attempt: i }));

/** Biot–Savart: B_z at the centre of a ring of radius R, summed over n elements. */
function ringCentreBz(R: number, I: number, n = 2000): number {
  let bz = 0;
  for (let i = 0; i < n; i++) {
    const phi = ((i + 0.5) * 2 * Math.PI) / n;
    const dl = [(-Math.sin(phi) * 2 * Math.PI * R) / n, (Math.cos(phi) * 2 * Math.PI * R) / n];
    const r = [-R * Math.cos(phi), -R * Math.sin(phi)];
    bz += ((MU_0 / (4 * Math.PI)) * I * (dl[0]! * r[1]! - dl[1]! * r[0]!)) / R ** 3;
  }
  return bz;
}

const numericKey = (i: Instance) => i.key as NumericKey;
const check = (i: Instance, answer: ExerciseAnswer) => engine.check(i, answer);
const numeric = (i: Instance, value: string) => check(i, { kind: 'numeric', value });
/** The instance's answer written in a unit with a scale factor (µT: 1e-6). */
const written = (i: Instance, factor: number, unit: string) => `${numericKey(i).value / factor} ${unit}`;

describe('exercise bank', () => {
  const templates = engine.templates();
  const count = (kind: string) => templates.filter((t) => t.kind === kind).length;

  it('has a numeric and a formula template for the computable results, choices and explanations', () => {
    // One numeric template per computable result, one explanation per result.
    const results = courseKnowledge().results;
    expect(count('numeric')).toBe(results.filter((r) => r.compute).length);
    expect(count('numeric')).toBeGreaterThanOrEqual(37);
    expect(count('formula')).toBeGreaterThanOrEqual(28);
    expect(count('choice')).toBeGreaterThanOrEqual(8);
    expect(count('explain')).toBe(results.length);
    // Every notes topic, Laplace's equation through the image force on a charge above a grounded plane.
    expect(new Set(templates.filter((t) => t.kind === 'numeric').map((t) => t.topic)).size).toBe(8);
  });

  it('draws every template for many seeds, with finite numeric answers', () => {
    for (const t of templates)
      for (const seed of seeds) {
        const instance = engine.draw(t.id, seed);
        if (instance.key.kind === 'numeric') expect(Number.isFinite(instance.key.value)).toBe(true);
        expect(instance.view.prompt.en.length).toBeGreaterThan(10);
        expect(instance.view.prompt.zh).toMatch(/\p{Script=Han}/u);
      }
  });

  it('never puts the answer in the public view', () => {
    for (const t of templates) {
      const instance = engine.draw(t.id, seeds[0]!);
      const view = JSON.stringify(instance.view);
      expect(view).not.toMatch(/"(key|correct|feedback|solution|value|misconception)"/);
      if (instance.key.kind === 'numeric') {
        const digits = instance.key.value.toPrecision(3).replace(/e.*/, '');
        expect(instance.view.given?.map((g) => g.text).join(' ')).not.toContain(instance.solution.en);
        expect(view).not.toContain(instance.solution.en.split(' = ').pop()!);
        expect(
          view.includes(`${digits} `) && !instance.view.given?.some((g) => g.text.includes(digits)),
        ).toBe(false);
      }
      if (instance.key.kind === 'formula') expect(view).not.toContain(instance.key.expr);
    }
  });

  it('draws the same instance from the same seed and other numbers for other students', () => {
    const a = engine.draw(
      'numeric:loop-centre',
      seedFor({ student: 'ana', template: 'numeric:loop-centre', attempt: 1 }),
    );
    const again = engine.draw(
      'numeric:loop-centre',
      seedFor({ student: 'ana', template: 'numeric:loop-centre', attempt: 1 }),
    );
    expect(again).toEqual(a);
    const others = ['bo', 'chen', 'dara'].map((student) =>
      engine.draw('numeric:loop-centre', seedFor({ student, template: 'numeric:loop-centre', attempt: 1 })),
    );
    const next = engine.draw(
      'numeric:loop-centre',
      seedFor({ student: 'ana', template: 'numeric:loop-centre', attempt: 2 }),
    );
    for (const other of [...others, next]) expect(other.view.given).not.toEqual(a.view.given);
  });

  it("writes prompts in English and Chinese with the student's numbers", () => {
    const i = engine.draw('numeric:coulomb-law', seeds[1]!);
    expect(i.view.prompt.en).toMatch(/^Coulomb's law: find the force F, given first charge q1 = [\d.]+ μC/);
    expect(i.view.prompt.zh).toMatch(/^库仑定律：已知第一个电荷 q1 = [\d.]+ μC/);
    for (const g of i.view.given!) expect(i.view.prompt.en).toContain(g.text);
  });
});

describe('numeric answers', () => {
  it('computes the ring centre field as a Biot–Savart sum, inside a sphere as Gauss, Coulomb as packages/physics', () => {
    for (const seed of seeds) {
      const ring = numericKey(engine.draw('numeric:loop-centre', seed));
      const { I, R, N } = ring.values as { I: number; R: number; N: number };
      expect(ring.value).toBeCloseTo(N * ringCentreBz(R, I), 12);
      const sphere = numericKey(engine.draw('numeric:sphere-inside', seed)).values as Record<string, number>;
      // Gauss: the charge within r, Q r³/R³, as if at the centre.
      const inside = (sphere.Q! * sphere.r! ** 3) / sphere.R! ** 3;
      expect(
        numericKey(engine.draw('numeric:sphere-inside', seed)).value /
          ((COULOMB_K * inside) / sphere.r! ** 2),
      ).toBeCloseTo(1, 9);
      const coulomb = numericKey(engine.draw('numeric:coulomb-law', seed));
      const { q1, q2, r } = coulomb.values as Record<string, number>;
      expect(coulomb.value / Math.abs(q2! * coulombField([{ x: 0, y: 0, q: q1! }], r!, 0).ex)).toBeCloseTo(
        1,
        9,
      );
    }
  });

  it('accepts the answer in any equivalent unit and prefix', () => {
    const i = engine.draw('numeric:loop-centre', seeds[2]!);
    for (const value of [
      written(i, 1e-6, 'µT'),
      written(i, 1e-6, 'uT'),
      written(i, 1, 'T'),
      written(i, 1e-4, 'G'),
      written(i, 1e-4, 'gauss'),
      written(i, 1e-3, 'mT'),
    ]) {
      const result = numeric(i, value);
      expect(result, value).toMatchObject({ correct: true, score: 1, feedback: { code: 'correct' } });
    }
    expect(check(i, { kind: 'numeric', value: numericKey(i).value * 1e6, unit: 'μT' }).correct).toBe(true);
    // Within 1 %.
    expect(numeric(i, written(i, 1.005e-6, 'µT')).correct).toBe(true);
  });

  it('names each slip: power of ten, sign, unit of another kind, diameter for radius, a known wrong formula', () => {
    const ring = engine.draw('numeric:loop-centre', seeds[3]!);
    expect(numeric(ring, written(ring, 1e-3, 'µT')).feedback.code).toBe('power-of-ten');
    expect(numeric(ring, written(ring, -1, 'T')).feedback.code).toBe('sign');
    expect(numeric(ring, written(ring, 1e-6, 'µN')).feedback.code).toBe('unit-kind');
    expect(numeric(ring, written(ring, 1, 'V')).feedback.code).toBe('unit-kind');
    expect(numeric(ring, written(ring, 0.25, 'T')).feedback).toMatchObject({
      code: 'factor',
      en: expect.stringContaining('factor 4'),
    });
    // The prompt states the diameter D; taken for the radius it halves the field.
    expect(ring.view.given!.find((g) => g.symbol === 'D')!.name).toEqual({ en: 'diameter', zh: '直径' });
    expect(ring.view.prompt.en).toMatch(/diameter D = [\d.]+ cm/);
    expect(numeric(ring, written(ring, 2, 'T')).feedback).toMatchObject({ code: 'diameter' });
    expect(numeric(ring, written(ring, Math.PI, 'T')).feedback.code).toBe('slip:loop-wire-formula');
    expect(numeric(ring, written(ring, 1.03, 'T')).feedback.code).toBe('close');
    expect(numeric(ring, written(ring, 7.7, 'T')).feedback.code).toBe('wrong');
    const potential = engine.draw('numeric:point-potential', seeds[4]!);
    expect(numeric(potential, written(potential, -1, 'V')).feedback.code).toBe('sign');
    const coulomb = engine.draw('numeric:coulomb-law', seeds[4]!);
    const { r } = numericKey(coulomb).values as { r: number };
    const result = numeric(coulomb, written(coulomb, 1 / r, 'N'));
    expect(result.feedback.code).toBe('slip:coulomb-one-over-r');
    expect(result.feedback.en).toMatch(/1\/r²/);
    expect(result.feedback.zh).toMatch(/平方/);
  });

  it('refuses answers it cannot read with EXERCISE_ANSWER_INVALID, naming the reason', () => {
    const i = engine.draw('numeric:wire-field', seeds[0]!);
    const reason = (answer: ExerciseAnswer) => {
      try {
        check(i, answer);
      } catch (error) {
        expect(error).toBeInstanceOf(ExerciseAnswerError);
        expect((error as ExerciseAnswerError).code).toBe('EXERCISE_ANSWER_INVALID');
        expect((error as ExerciseAnswerError).status).toBe(400);
        return (error as ExerciseAnswerError).reason;
      }
      return 'accepted';
    };
    expect(reason({ kind: 'numeric', value: '0.00002' })).toBe('unit-missing');
    expect(reason({ kind: 'numeric', value: '25 blorps' })).toBe('unit-unknown');
    expect(reason({ kind: 'numeric', value: '25 ((T' })).toBe('unreadable');
    expect(reason({ kind: 'numeric', value: '1'.repeat(200) })).toBe('too-long');
    expect(reason({ kind: 'choice', choice: 'a' })).toBe('wrong-type');
    expect(reason({ kind: 'formula', formula: 'mu_0 I' })).toBe('wrong-type');
  });

  it('gives the same score when the same attempt is checked twice', () => {
    const seed = seedFor({ student: 'ana', template: 'numeric:toroid', attempt: 3 });
    const answer: ExerciseAnswer = { kind: 'numeric', value: '3 mT' };
    const first = check(engine.draw('numeric:toroid', seed), answer);
    expect(check(engine.draw('numeric:toroid', seed), answer)).toEqual(first);
  });

  it('reads angles in degrees, bare or marked, and radians', () => {
    const i = engine.draw('numeric:brewster', seeds[0]!);
    const deg = numericKey(i).value;
    expect(numeric(i, `${deg}`).correct).toBe(true);
    expect(numeric(i, `${deg}°`).correct).toBe(true);
    expect(numeric(i, `${(deg * Math.PI) / 180} rad`).correct).toBe(true);
  });
});

describe('formula answers', () => {
  const loop = engine.draw('formula:loop-centre', seeds[0]!);
  const formula = (i: Instance, text: string) => check(i, { kind: 'formula', formula: text });

  it('accepts equivalent formulas in TeX or plain text', () => {
    for (const text of [
      'mu_0*I/(2*R)',
      '\\frac{\\mu_0 I}{2R}',
      'I*mu_0/R/2',
      'B = μ0 N I / (2R)',
      '$\\frac{\\mu_0 N I}{2 R}$',
    ])
      expect(formula(loop, text), text).toMatchObject({
        correct: true,
        score: 1,
        feedback: { code: 'formula-equivalent' },
      });
    const coulomb = engine.draw('formula:coulomb-law', seeds[0]!);
    expect(formula(coulomb, 'k q_1 q_2 / r^2').correct).toBe(true);
    expect(formula(coulomb, '\\frac{q_1 q_2}{4\\pi\\varepsilon_0 r^2}').correct).toBe(true);
    const solenoid = engine.draw('formula:solenoid-field', seeds[0]!);
    expect(formula(solenoid, 'mu_0 n I').correct).toBe(true);
    expect(formula(solenoid, 'mu_0 N I / L').correct).toBe(true);
    expect(formula(solenoid, 'mu_0 I').correct).toBe(false);
    const line = engine.draw('formula:line-charge', seeds[0]!);
    expect(formula(line, '\\frac{\\lambda}{2\\pi\\varepsilon_0 r}').correct).toBe(true);
    // A magnitude is right without its bars whatever the signs drawn: |q₁ − q₂| written q₁ − q₂.
    const midpoint = engine.draw('formula:midpoint-field', seeds[0]!);
    expect(formula(midpoint, 'k (q_1 - q_2) / (d/2)^2').correct).toBe(true);
    expect(formula(midpoint, 'k (q_1 + q_2) / (d/2)^2').correct).toBe(false);
  });

  it('refuses a formula off by a factor or of another form, naming a constant factor', () => {
    expect(formula(loop, 'mu_0*I/(2*pi*R)')).toMatchObject({
      correct: false,
      feedback: { code: 'formula-factor' },
    });
    expect(formula(loop, 'mu_0*I/(2*pi*R)').feedback.en).toContain('1/π');
    expect(formula(loop, '-mu_0*I/(2*R)').feedback.code).toBe('formula-sign');
    expect(formula(loop, 'mu_0*I/(2*R^2)').feedback.code).toBe('formula-wrong');
  });

  it('refuses unreadable formulas and unknown symbols as invalid answers', () => {
    expect(() => formula(loop, 'mu_0 * (I')).toThrow(ExerciseAnswerError);
    expect(() => formula(loop, 'mu_0 I / (2 x)')).toThrow(/x, which is not one of the symbols/);
  });
});

describe('multiple choice', () => {
  const id = 'choice:coulomb-double-distance';

  it('shuffles by seed, keeps the key out of the view, and gives each distractor its feedback', () => {
    const orders = new Set(
      seeds.map((s) =>
        engine
          .draw(id, s)
          .view.choices!.map((c) => c.text.en)
          .join('|'),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
    const i = engine.draw(id, seeds[0]!);
    expect(engine.draw(id, seeds[0]!)).toEqual(i);
    const right = i.view.choices!.find((c) => c.text.en.startsWith('It becomes one quarter'))!;
    expect(check(i, { kind: 'choice', choice: right.id })).toMatchObject({ correct: true, score: 1 });
    const halved = i.view.choices!.find((c) => c.text.en === 'It is halved.')!;
    // The recorded misconception of results.json is this distractor's feedback.
    expect(check(i, { kind: 'choice', choice: halved.id }).feedback).toMatchObject({
      code: 'misconception',
      en: expect.stringMatching(/divides it by four/),
      zh: expect.stringMatching(/四分之一/),
    });
    const doubles = i.view.choices!.find((c) => c.text.en === 'It doubles.')!;
    expect(check(i, { kind: 'choice', choice: doubles.id }).feedback.code).toBe('choice-wrong');
    expect(() => check(i, { kind: 'choice', choice: 'z' })).toThrow(ExerciseAnswerError);
    expect(() => check(i, { kind: 'choice', choice: 'constructor' })).toThrow(ExerciseAnswerError);
  });
});

describe('explanations', () => {
  const i = engine.draw('explain:gauss-law', seeds[0]!);

  it('offline, returns the model answer for self-marking, ungraded', () => {
    const result = check(i, {
      kind: 'explain',
      text: 'The flux through a closed surface is the charge inside over ε0.',
    });
    expect(result).toMatchObject({ correct: null, score: null, feedback: { code: 'explain-self' } });
    expect(result.solution.en.length).toBeGreaterThan(20);
    expect(result.solution.zh).toMatch(/\p{Script=Han}/u);
  });

  it("with a judge, grades against the model answer's points and the misconceptions", async () => {
    const seen: { points: string[]; model: string; answer: string }[] = [];
    const judge = {
      judge: async (input: { points: string[]; model: string; answer: string }) => {
        seen.push(input);
        return { score: 1.4, covered: 2, feedback: 'Complete.' };
      },
    };
    const result = await engine.judgeExplanation(i, { kind: 'explain', text: 'Flux = Q/ε0.' }, judge, 'en');
    expect(result).toMatchObject({ correct: true, score: 1, feedback: { code: 'explain-judged' } });
    expect(result.feedback.en).toMatch(/states 2 of the 2 points.*Complete\./);
    expect(seen[0]).toMatchObject({ answer: 'Flux = Q/ε0.', model: i.solution.en });
    expect(seen[0]!.points).toEqual([
      expect.stringMatching(/^Gauss's law: the electric flux/),
      expect.stringMatching(/^charges outside change E/),
    ]);
  });

  it('a stated misconception is wrong however many points are covered', async () => {
    const judge = {
      judge: async () => ({ score: 1, covered: 2, feedback: 'Mostly.', misconception: 'No.' }),
    };
    const result = await engine.judgeExplanation(i, { kind: 'explain', text: 'x' }, judge, 'en');
    expect(result).toMatchObject({ correct: false, feedback: { code: 'explain-misconception' } });
  });

  it('a judge that declines leaves the explanation to self-marking, never a verdict', async () => {
    for (const reason of ['failed', 'instructions'] as const) {
      const judge = {
        judge: async (): Promise<never> => {
          throw new JudgeDeclined(reason, 'test');
        },
      };
      const result = await engine.judgeExplanation(i, { kind: 'explain', text: 'x' }, judge, 'zh');
      expect(result).toMatchObject({
        correct: null,
        score: null,
        feedback: { code: `explain-self-${reason}` },
      });
      expect(result.feedback.zh).toMatch(/自己评分/);
    }
  });
});
