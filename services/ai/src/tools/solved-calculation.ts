import type { MathNode } from 'mathjs';
import { type KnowledgeAnswers, knowledgeAnswers, type Lang } from '../knowledge/answers.js';
import type { Solved } from '../knowledge/solver.js';
import { math } from '../math.js';
import { cleanNumber } from '../simulated/quantities.js';
import { evaluateExpression } from './calculator.js';

/**
 * A word problem as calculator expressions: every part the knowledge solver (knowledge/solver.ts)
 * solves, as its result's expression with the question's SI values and the course's constants in
 * place of the symbols, so the calculator tool computes what problem_solver computes. A question
 * any part of which the solver does not solve gives nothing: no number is better than a wrong one.
 */
export interface Calculation {
  /** mathjs expression of numbers only, for evaluate_expression. */
  expression: string;
  part: Solved;
}

/** The result's expression with every known symbol replaced by its number (pi stays pi). */
function substituted(part: Solved, constants: Record<string, number>): string {
  const known: Record<string, number> = { ...constants, ...part.values };
  const node = math.parse(part.result.compute!.expr).transform((n: MathNode) => {
    if (!math.isSymbolNode(n) || !(n.name in known)) return n;
    // Without the float noise of the prefixes (3 nC is 3e-9, not 3.0000000000000004e-9).
    const value = cleanNumber(known[n.name]!);
    return value < 0 ? math.parse(`(${value})`) : new math.ConstantNode(value);
  });
  return node.toString();
}

/** The calculations of every part, in order, or undefined unless every part is solved. */
export function calculationsOf(
  question: string,
  answers: KnowledgeAnswers = knowledgeAnswers(),
): Calculation[] | undefined {
  const outcomes = answers.solve(question);
  if (outcomes.length === 0) return undefined;
  const calculations: Calculation[] = [];
  for (const part of outcomes) {
    // A part solved for one of its variables has no expression of its own to hand the calculator.
    if (part.status !== 'solved' || part.inverse) return undefined;
    const expression = substituted(part, answers.kb.constants);
    // The calculator must give the solver's own value, or the request is not planned at all.
    let value: unknown;
    try {
      value = evaluateExpression(expression).value;
    } catch {
      return undefined;
    }
    if (typeof value !== 'number' || Math.abs(value - part.value) > 1e-9 * Math.abs(part.value))
      return undefined;
    calculations.push({ expression, part });
  }
  return calculations;
}

/** "force: F = 5.39 N, attractive": the part's quantity and result, as problem_solver states them. */
export function calculationSentence(
  part: Solved,
  value: number,
  lang: Lang,
  answers: KnowledgeAnswers = knowledgeAnswers(),
): string {
  return answers.resultLine({ ...part, value }, lang);
}
