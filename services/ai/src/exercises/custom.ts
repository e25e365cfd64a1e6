import { AppError, type CustomQuestion } from '@faraday/contracts';
import { plainQuantity } from '../knowledge/formatting.js';
import type { CourseResult, KnowledgeBase } from '../knowledge/knowledge-base.js';
import { math } from '../math.js';
import { CalculatorError, readQuantity } from '../tools/calculator.js';
import type { ChoiceExercises } from './choice.js';
import { type FormulaExercises, symbolsOfMathjs } from './formula.js';
import type { NumericExercises } from './numeric.js';
import type { Phrasing } from './phrasing.js';
import { generator, shuffled } from './seed.js';
import type { Bilingual, CheckResult, ExerciseAnswer, Instance } from './types.js';

/**
 * Questions a teacher writes for a quiz (docs/adr/0145), drawn and checked by the same kinds'
 * checks as the bank: a numeric answer read in any unit of its kind, a formula compared by
 * substitution, a choice with the teacher's own feedback per option. The definition travels with
 * each call (the backend stores it); the instance is a pure function of (definition, id, seed).
 * A definition the engine cannot use (an unknown symbol, a formula without a finite value, a unit
 * mathjs does not know) is a VALIDATION_ERROR for the teacher, found when the quiz is saved.
 */
const MAX_DRAWS = 50;
const LABELS = 'abcdefgh';
const DIGITS = 3;

type Of<K extends CustomQuestion['kind']> = Extract<CustomQuestion, { kind: K }>;

function invalidQuestion(details: string): AppError {
  return new AppError('VALIDATION_ERROR', 'The question cannot be drawn as written', { details });
}

const same = (text: string): Bilingual => ({ en: text, zh: text });

export class CustomExercises {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly phrasing: Phrasing,
    private readonly kinds: { numeric: NumericExercises; choice: ChoiceExercises; formula: FormulaExercises },
  ) {}

  draw(question: CustomQuestion, id: string, seed: string): Instance {
    const template = `custom:${id}`;
    switch (question.kind) {
      case 'numeric':
        return { seed, ...this.numeric(question, template, seed) };
      case 'choice':
        return { seed, ...this.choice(question, template, seed) };
      case 'formula':
        return { seed, ...this.formula(question, template) };
    }
  }

  check(question: CustomQuestion, instance: Instance, answer: ExerciseAnswer): CheckResult {
    if (answer.kind !== question.kind)
      throw this.phrasing.invalid('wrong-type', { expected: question.kind, given: answer.kind });
    switch (answer.kind) {
      case 'numeric':
        return this.kinds.numeric.check(instance, answer);
      case 'choice':
        return this.kinds.choice.check(instance, answer);
      case 'formula':
        return this.kinds.formula.check(instance, this.asResult(question as Of<'formula'>), answer);
      default:
        // An explanation: teachers' questions are checked ones only.
        throw this.phrasing.invalid('wrong-type', { expected: question.kind, given: 'explain' });
    }
  }

  private base(question: CustomQuestion, template: string) {
    return { template, kind: question.kind, result: 'custom', topic: 'custom', difficulty: 2 };
  }

  /** The SI size of `value unit` (the unit read as the numeric answers are). */
  private siValue(value: number, unit: string, symbol: string): number {
    if (unit === '') return value;
    let read: ReturnType<typeof readQuantity>;
    try {
      read = readQuantity(`${value} ${unit}`);
    } catch (error) {
      if (error instanceof CalculatorError) throw invalidQuestion(`${symbol}: unknown unit "${unit}"`);
      throw error;
    }
    return typeof read === 'number' ? read : (read.value ?? Number.NaN);
  }

  private numeric(q: Of<'numeric'>, template: string, seed: string) {
    if (q.unit !== '' && typeof this.safeRead(`1 ${q.unit}`) === 'number')
      throw invalidQuestion(`unit: "${q.unit}" is not a unit`);
    this.assertSymbols(
      q.answer,
      q.parameters.map((p) => p.symbol),
      'answer',
    );
    const random = generator(seed, template);
    for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
      const shown = q.parameters.map((p) => {
        const raw = p.min + (p.max - p.min) * random();
        return { ...p, value: Number(raw.toPrecision(DIGITS)) };
      });
      const values = Object.fromEntries(
        shown.map((p) => [p.symbol, this.siValue(p.value, p.unit, p.symbol)]),
      );
      let value: unknown;
      try {
        value = math.evaluate(q.answer, { ...this.kb.constants, ...values });
      } catch (error) {
        throw invalidQuestion(`answer: ${(error as Error).message}`);
      }
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const answerText = plainQuantity(value, q.unit);
      return {
        view: {
          ...this.base(q, template),
          prompt: same(q.prompt),
          given: shown.map((p) => ({
            symbol: p.symbol,
            name: same(p.symbol),
            text: `${p.value}${p.unit ? ` ${p.unit}` : ''}`,
          })),
          unit: q.unit,
        },
        key: {
          kind: 'numeric' as const,
          value,
          unit: q.unit,
          quantity: same(q.unit || '1'),
          tolerance: q.tolerance,
          values,
          slips: [],
        },
        solution: same(`${q.answer} = ${answerText}`),
        hint: this.phrasing.both('hint.custom'),
      };
    }
    throw invalidQuestion('answer: no draw of the parameters gives a finite number');
  }

  private choice(q: Of<'choice'>, template: string, seed: string) {
    const order = shuffled(q.options, generator(seed, template));
    const labelled = order.map((o, i) => ({ ...o, id: LABELS[i]! }));
    const right = labelled.find((o) => o.correct)!;
    const feedbackOf = (o: (typeof labelled)[number]) =>
      o.feedback
        ? same(o.feedback)
        : this.phrasing.both(o.correct ? 'feedback.choice-correct' : 'feedback.choice-wrong');
    return {
      view: {
        ...this.base(q, template),
        prompt: same(q.prompt),
        choices: labelled.map((o) => ({ id: o.id, text: same(o.text) })),
      },
      key: {
        kind: 'choice' as const,
        correct: right.id,
        feedback: Object.fromEntries(
          labelled.map((o) => [
            o.id,
            { code: o.correct ? 'choice-correct' : 'choice-wrong', text: feedbackOf(o) },
          ]),
        ),
      },
      solution: same(`${right.id}) ${right.text}`),
      hint: this.phrasing.both('hint.custom'),
    };
  }

  private formula(q: Of<'formula'>, template: string) {
    this.assertSymbols(q.answer, q.variables, 'answer');
    const symbols = q.variables.join(', ');
    const ask = this.phrasing.both('custom.formula', { symbols });
    return {
      view: {
        ...this.base(q, template),
        prompt: { en: `${q.prompt}\n\n${ask.en}`, zh: `${q.prompt}\n\n${ask.zh}` },
        symbols: q.variables,
      },
      key: { kind: 'formula' as const, expr: q.answer, variables: q.variables },
      solution: { ...same(q.answer), tex: q.answer },
      hint: this.phrasing.both('hint.custom'),
    };
  }

  /** The formula check reads the variables and the expression from a result; a teacher's has no other part. */
  private asResult(q: Of<'formula'>): CourseResult {
    const none = same('');
    return {
      id: 'custom',
      topic: 'custom',
      section: none,
      names: [],
      match: [],
      statement: none,
      tex: q.answer,
      variables: Object.fromEntries(q.variables.map((v) => [v, { en: v, zh: v, kind: 'custom' }])),
    };
  }

  private assertSymbols(expr: string, allowed: readonly string[], field: string): void {
    let used: string[];
    try {
      used = symbolsOfMathjs(expr);
    } catch (error) {
      throw invalidQuestion(`${field}: ${(error as Error).message}`);
    }
    const unknown = used.filter((s) => !allowed.includes(s) && !(s in this.kb.constants) && s !== 'pi');
    if (unknown.length > 0) throw invalidQuestion(`${field}: unknown symbol ${unknown.join(', ')}`);
  }

  private safeRead(text: string): number | object {
    try {
      return readQuantity(text);
    } catch {
      throw invalidQuestion(`unit: cannot read "${text.slice(2)}"`);
    }
  }
}
