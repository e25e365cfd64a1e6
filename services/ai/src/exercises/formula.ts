import type { MathNode } from 'mathjs';
import type { CourseResult, KnowledgeBase } from '../knowledge/knowledge-base.js';
import { math } from '../math.js';
import { type Expr, evaluate, parseExpression, symbolsOf } from '../simulated/expression.js';
import type { ExercisesFile } from './exercise-data.js';
import type { Phrasing } from './phrasing.js';
import { generator } from './seed.js';
import type { CheckResult, Drawn, ExerciseAnswer, FormulaKey, Instance } from './types.js';
import { MAX_ANSWER_CHARS } from './types.js';

/**
 * Formula entry: the student's formula (TeX or plain, read by the tutor's formula parser, which
 * knows \frac, implicit products and μ₀) is compared with the result's mathjs expression by
 * substituting random positive values for the variables in several trials, never by matching
 * strings: μ₀I/(2R), \frac{\mu_0 I}{2R} and I*mu_0/R/2 are one formula.
 */
const AGREE = 1e-6;

/** The symbols of a mathjs expression that are not functions. */
export function symbolsOfMathjs(expr: string): string[] {
  const names = new Set<string>();
  math.parse(expr).traverse((node: MathNode, path: string, parent: MathNode | null) => {
    if (node.type !== 'SymbolNode' || (parent?.type === 'FunctionNode' && path === 'fn')) return;
    names.add((node as unknown as { name: string }).name);
  });
  return [...names];
}

export class FormulaExercises {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly data: ExercisesFile,
    private readonly phrasing: Phrasing,
  ) {}

  /** Whether a result makes a formula exercise: computable, not excluded, no angle in degrees. */
  eligible(result: CourseResult): boolean {
    if (!result.compute || this.data.formula.exclude.includes(result.id)) return false;
    return (
      result.compute.unit !== '°' && !Object.values(result.variables ?? {}).some((v) => v.kind === 'angle')
    );
  }

  draw(result: CourseResult, template: string): Drawn {
    const compute = result.compute!;
    const inExpr = symbolsOfMathjs(compute.expr).filter((s) => !(s in this.kb.constants) && s !== 'pi');
    const variables = Object.keys(result.variables ?? {});
    const shown = inExpr.join(', ');
    const prompt = (lang: 'en' | 'zh') =>
      this.phrasing.say(lang, 'formula.prompt', {
        section: result.section,
        quantity: compute.name,
        symbol: compute.symbol,
        symbols: shown,
      });
    const key: FormulaKey = { kind: 'formula', expr: compute.expr, variables };
    return {
      view: {
        template,
        kind: 'formula',
        result: result.id,
        topic: result.topic,
        difficulty: 2,
        prompt: { en: prompt('en'), zh: prompt('zh') },
        symbols: inExpr,
      },
      key,
      solution: { en: result.tex, zh: result.tex, tex: result.tex },
      hint: this.phrasing.both('hint.formula', { section: result.section }),
    };
  }

  check(
    instance: Instance,
    result: CourseResult,
    answer: Extract<ExerciseAnswer, { kind: 'formula' }>,
  ): CheckResult {
    const key = instance.key as FormulaKey;
    if (answer.formula.length > MAX_ANSWER_CHARS.formula)
      throw this.phrasing.invalid('too-long', { max: MAX_ANSWER_CHARS.formula });
    // "B = \frac{…}{…}": the right-hand side is the formula.
    // A space before each TeX command: the parser reads "\\pi\\varepsilon_0" as one unknown word.
    const rhs = answer.formula
      .split('=')
      .pop()!
      .replace(/\\(?=[A-Za-z])/g, ' \\')
      .trim();
    let tree: Expr;
    try {
      tree = parseExpression(rhs);
    } catch (error) {
      throw this.phrasing.invalid('unreadable-formula', { reason: (error as Error).message });
    }
    const used = new Set<string>();
    for (const name of symbolsOf(tree)) {
      const symbol = this.canonical(name);
      if (!key.variables.includes(symbol) && !(symbol in this.kb.constants) && symbol !== 'pi')
        throw this.phrasing.invalid('unknown-symbol', {
          symbol: name,
          symbols: instance.view.symbols!.join(', '),
        });
      used.add(symbol);
    }
    const ratios: number[] = [];
    // A magnitude (|q₁ − q₂|) is right written without its bars: only the sizes are compared.
    const magnitude = key.expr.includes('abs(');
    for (let trial = 0; trial < this.data.defaults.formula_trials; trial += 1) {
      const values = this.trialValues(result, key, used, `${instance.seed}:${trial}`);
      const scope = { ...this.kb.constants, ...values };
      const expected = math.evaluate(key.expr, scope) as unknown;
      const given = evaluate(tree, (name) => {
        const symbol = this.canonical(name);
        return symbol === 'pi' ? Math.PI : (scope[symbol] ?? Number.NaN);
      });
      if (typeof expected !== 'number' || !Number.isFinite(expected) || expected === 0) continue;
      const ratio = given / expected;
      ratios.push(Number.isFinite(given) ? (magnitude ? Math.abs(ratio) : ratio) : Number.NaN);
    }
    const done = (correct: boolean, code: string, values: Record<string, string> = {}): CheckResult => ({
      correct,
      score: correct ? 1 : 0,
      feedback: { code, ...this.phrasing.both(`feedback.${code}`, values) },
      hint: instance.hint,
      solution: instance.solution,
    });
    const first = ratios[0];
    const constant =
      first !== undefined && ratios.every((r) => Math.abs(r - first) <= AGREE * Math.abs(first));
    if (constant && Math.abs(first - 1) <= AGREE)
      return done(true, 'formula-equivalent', { formula: `$${result.tex}$` });
    if (constant && Math.abs(first + 1) <= AGREE) return done(false, 'formula-sign');
    if (constant && first !== 0) {
      const label = this.data.defaults.factors.find(
        (f) => Math.abs(Math.abs(first) - f.value) <= AGREE * f.value,
      )?.label;
      return done(false, 'formula-factor', { factor: label ?? String(Number(first.toPrecision(3))) });
    }
    return done(false, 'formula-wrong');
  }

  /** A student's spelling of a symbol as the result writes it: q_1 → q1, \lambda → λ. */
  private canonical(name: string): string {
    return this.data.symbols[name] ?? name.replace(/_(?=\d+$)/, '');
  }

  /**
   * Random positive values (0.5 … 3) for one trial. A derived variable (n = N/L) is drawn when
   * the student writes it and computed from its inputs when they write those; an optional
   * variable the formula leaves out (the N of a single loop) is 1, unless a derived one needs it.
   */
  private trialValues(
    result: CourseResult,
    key: FormulaKey,
    used: Set<string>,
    stream: string,
  ): Record<string, number> {
    const random = generator(stream, key.expr);
    const derive = result.derive ?? {};
    const inputs = new Set(Object.values(derive).flatMap(symbolsOfMathjs));
    const values: Record<string, number> = {};
    for (const name of key.variables) {
      if (name in derive && !used.has(name)) continue;
      // Left out, an optional variable has its own value (1 turn, 90° to B).
      const left = inputs.has(name) ? undefined : result.variables?.[name]?.optional;
      values[name] = left !== undefined && !used.has(name) ? left : 0.5 + 2.5 * random();
    }
    for (const [name, rule] of Object.entries(derive))
      if (!(name in values)) values[name] = math.evaluate(rule, { ...values }) as number;
    return values;
  }
}
