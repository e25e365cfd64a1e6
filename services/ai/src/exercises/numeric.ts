import type { Unit } from 'mathjs';
import { plainQuantity, substitutionTex, texNumber, texUnit } from '../knowledge/formatting.js';
import type { CourseResult, KnowledgeBase } from '../knowledge/knowledge-base.js';
import { conditionHolds, evaluateResult } from '../knowledge/solver.js';
import { math } from '../math.js';
import { CalculatorError, readQuantity } from '../tools/calculator.js';
import type { ExercisesFile, NumericDefinition, Range } from './exercise-data.js';
import type { Phrasing } from './phrasing.js';
import { generator } from './seed.js';
import type { Bilingual, CheckResult, Drawn, ExerciseAnswer, Instance, NumericKey } from './types.js';
import { MAX_ANSWER_CHARS } from './types.js';

/**
 * Numeric exercises: a computable result's variables drawn from the ranges of exercises.json
 * (rounded to a few significant digits, as a problem states them), the answer computed by the
 * result's own expression (the one the tutor's solver uses), and an answer read by mathjs in any
 * unit of the right kind with any prefix. A wrong answer is compared with the slips students make
 * (sign, a power of ten, a unit of another kind, a diameter for a radius, a known wrong formula).
 */
const MAX_DRAWS = 50;

export class NumericExercises {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly data: ExercisesFile,
    private readonly phrasing: Phrasing,
  ) {}

  /** The SI factor of a range's unit, from units.json (the units the tutor reads in questions). */
  factorOf(kind: string, unit: string): number {
    if (unit === '' || unit === this.kb.units.si[kind]) return 1;
    const entry = this.kb.units.units.find((u) => u.kind === kind && u.symbols?.includes(unit));
    if (!entry) throw new Error(`exercises.json: no unit "${unit}" of kind ${kind} in units.json`);
    return entry.factor;
  }

  draw(result: CourseResult, definition: NumericDefinition, seed: string, template: string): Drawn {
    const random = generator(seed, template);
    const constants = this.kb.constants;
    for (let attempt = 0; attempt < MAX_DRAWS; attempt += 1) {
      const values: Record<string, number> = {};
      const shown: Record<string, number> = {};
      for (const [name, range] of Object.entries(definition.ranges)) {
        if ('constant' in range) {
          values[name] = constants[range.constant]!;
          continue;
        }
        shown[name] = this.pick(range, random);
        values[name] = shown[name]! * this.factorOf(result.variables![name]!.kind, range.unit);
      }
      for (const [name, rule] of Object.entries(result.derive ?? {}))
        if (!(name in values)) values[name] = math.evaluate(rule, { ...values }) as number;
      if (!(result.conditions ?? []).every((c) => conditionHolds(c.expr, values, constants))) continue;
      const value = evaluateResult(result, values, constants);
      if (!Number.isFinite(value)) continue;
      return this.instance(result, definition, template, values, shown, value);
    }
    throw new Error(`exercises.json: no draw of ${result.id} meets its conditions`);
  }

  private pick(range: Extract<Range, { min: number }>, random: () => number): number {
    const raw = range.min + (range.max - range.min) * random();
    const rounded = range.integer ? Math.round(raw) : Number(raw.toPrecision(this.data.defaults.digits));
    const sign = range.sign === 'any' && random() < 0.5 ? -1 : 1;
    return sign * rounded;
  }

  private instance(
    result: CourseResult,
    definition: NumericDefinition,
    template: string,
    values: Record<string, number>,
    shown: Record<string, number>,
    value: number,
  ): Drawn {
    const compute = result.compute!;
    const given = Object.entries(definition.ranges).map(([name, range]) => {
      const variable = result.variables![name]!;
      const label: Bilingual = { en: variable.en, zh: variable.zh };
      if ('constant' in range) {
        const text = plainQuantity(values[name]!, this.kb.units.si[variable.kind] ?? '');
        return { symbol: name, name: label, text };
      }
      const diameter = definition.given?.[name] === 'diameter';
      const number = diameter ? 2 * shown[name]! : shown[name]!;
      const text = `${Number(number.toPrecision(6))}${range.unit === '°' ? '°' : range.unit ? ` ${range.unit}` : ''}`;
      if (diameter) return { symbol: 'D', name: this.phrasing.both('name.diameter'), text, diameter };
      return { symbol: name, name: label, text };
    });
    const givenText = (lang: 'en' | 'zh') =>
      given
        .map((g) =>
          'diameter' in g && g.diameter
            ? this.phrasing.say(lang, 'numeric.diameter', { value: g.text })
            : this.phrasing.say(lang, 'numeric.given', { name: g.name, symbol: g.symbol, value: g.text }),
        )
        .join(lang === 'zh' ? '，' : ', ');
    const prompt = (lang: 'en' | 'zh') =>
      this.phrasing.say(lang, 'numeric.prompt', {
        section: result.section,
        quantity: compute.name,
        symbol: compute.symbol,
        given: givenText(lang),
      });
    const slips = this.slipValues(result, definition, values, value);
    const key: NumericKey = {
      kind: 'numeric',
      value,
      unit: compute.unit,
      quantity: compute.name,
      tolerance: definition.tolerance ?? this.data.defaults.tolerance,
      values,
      slips,
    };
    const unitOf = (name: string) => this.kb.units.si[result.variables?.[name]?.kind ?? ''] ?? '';
    const answer = plainQuantity(value, compute.unit);
    const tex = `${compute.symbol} = ${substitutionTex(result, values, unitOf)} = ${texNumber(value)}${texUnit(compute.unit)}`;
    return {
      view: {
        template,
        kind: 'numeric',
        result: result.id,
        topic: result.topic,
        difficulty: definition.difficulty,
        prompt: { en: prompt('en'), zh: prompt('zh') },
        given: given.map(({ symbol, name, text }) => ({ symbol, name, text })),
        unit: compute.unit,
      },
      key,
      solution: {
        en: `${compute.name.en} ${compute.symbol} = ${answer}`,
        zh: `${compute.name.zh} ${compute.symbol} = ${answer}`,
        tex,
      },
      hint: this.phrasing.both('hint.numeric', { formula: `$${result.tex}$` }),
    };
  }

  /** What the known wrong formulas and a diameter taken for the radius give with these numbers. */
  private slipValues(
    result: CourseResult,
    definition: NumericDefinition,
    values: Record<string, number>,
    value: number,
  ): { value: number; key: string }[] {
    const out: { value: number; key: string }[] = [];
    for (const [name, as] of Object.entries(definition.given ?? {})) {
      if (as !== 'diameter') continue;
      const wrong = evaluateResult(result, { ...values, [name]: 2 * values[name]! }, this.kb.constants);
      out.push({ value: wrong, key: 'diameter' });
    }
    for (const slip of definition.slips ?? []) {
      const wrong = math.evaluate(slip.expr, { ...this.kb.constants, ...values }) as number;
      if (Number.isFinite(wrong) && !near(wrong, value, 1e-9)) out.push({ value: wrong, key: slip.key });
    }
    return out;
  }

  check(instance: Instance, answer: Extract<ExerciseAnswer, { kind: 'numeric' }>): CheckResult {
    const key = instance.key as NumericKey;
    const text = (answer.unit === undefined ? String(answer.value) : `${answer.value} ${answer.unit}`).trim();
    if (text.length > MAX_ANSWER_CHARS.numeric)
      throw this.phrasing.invalid('too-long', { max: MAX_ANSWER_CHARS.numeric });
    const read = this.read(text, key.unit);
    const done = (correct: boolean, code: string, feedback: Bilingual): CheckResult => ({
      correct,
      score: correct ? 1 : 0,
      feedback: { code, ...feedback },
      hint: instance.hint,
      solution: instance.solution,
    });
    const say = (code: string, values: Record<string, string | number | Bilingual> = {}) =>
      this.phrasing.both(`feedback.${code}`, values);
    if (read.otherKind) {
      const code = near(read.si, key.value, key.tolerance) ? 'unit-kind' : 'wrong-unit';
      return done(false, code, say(code, { unit: read.unit, quantity: key.quantity, expected: key.unit }));
    }
    const given = read.value;
    if (near(given, key.value, key.tolerance))
      return done(true, 'correct', say('correct', { answer: instance.solution.en.split(' = ').pop()! }));
    if (key.value !== 0 && near(-given, key.value, key.tolerance)) return done(false, 'sign', say('sign'));
    const slip = key.slips.find((s) => near(given, s.value, key.tolerance));
    if (slip?.key === 'diameter') return done(false, 'diameter', say('diameter'));
    if (slip) return done(false, `slip:${slip.key}`, this.data.slip_feedback[slip.key]!);
    const power = this.data.defaults.powers.find((p) => near(given, key.value * 10 ** p, key.tolerance));
    if (power !== undefined) return done(false, 'power-of-ten', say('power-of-ten', { power }));
    if (near(given, key.value, this.data.defaults.close)) {
      const tolerance = `${Number((key.tolerance * 100).toPrecision(3))} %`;
      return done(false, 'close', say('close', { tolerance }));
    }
    const factor = this.data.defaults.factors.find((f) => near(given, key.value * f.value, key.tolerance));
    if (factor) return done(false, 'factor', say('factor', { factor: factor.label }));
    return done(false, 'wrong', say('wrong'));
  }

  /** The answer in the expected unit, or its SI size when its unit is of another kind. */
  private read(
    text: string,
    expected: string,
  ): { value: number; si: number; unit: string; otherKind: boolean } {
    let spelled = text;
    for (const [from, to] of Object.entries(this.data.unit_spellings))
      spelled = spelled.replace(new RegExp(`(?<![\\p{L}])${from}(?![\\p{L}])`, 'gu'), to);
    let quantity: number | Unit;
    try {
      quantity = readQuantity(spelled);
    } catch (error) {
      if (!(error instanceof CalculatorError)) throw error;
      throw /unknown name|ambiguous/.test(error.message)
        ? this.phrasing.invalid('unit-unknown', { text })
        : this.phrasing.invalid('unreadable', { text });
    }
    const bareAllowed = expected === '' || expected === '°';
    if (typeof quantity === 'number') {
      if (!bareAllowed) throw this.phrasing.invalid('unit-missing', { expected });
      return { value: quantity, si: quantity, unit: '', otherKind: false };
    }
    const unit = quantity.formatUnits();
    const si = quantity.value ?? Number.NaN;
    if (expected === '') {
      const pure = quantity.dimensions.every((d) => d === 0);
      return { value: si, si, unit, otherKind: !pure };
    }
    const target = readQuantity(`1 ${expected}`) as Unit;
    if (!quantity.equalBase(target)) return { value: Number.NaN, si, unit, otherKind: true };
    const value = quantity.toNumber(target.formatUnits());
    return { value, si, unit, otherKind: false };
  }
}

/** Whether a is within the relative tolerance of b. */
export function near(a: number, b: number, tolerance: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  if (b === 0) return Math.abs(a) <= tolerance * 1e-12;
  return Math.abs(a - b) <= tolerance * Math.abs(b);
}
