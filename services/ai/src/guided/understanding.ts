import { type Expr, parseExpression } from '../simulated/expression.js';
import { agrees, extractFormula } from '../simulated/formula-verify.js';
import { formatNumber } from '../simulated/quantities.js';
import { plainSuperscripts } from '../tools/superscripts.js';
import { CAUSAL_CONNECTIVES } from '../writing/lexicon.js';
import { countTerms, countWords, type TextLang } from '../writing/text-segments.js';
import { namesSameConcept } from './corpus-outline.js';
import { keyIdeaStated } from './key-ideas.js';
import { usesTerm } from './key-terms.js';
import { misconceptionIn } from './misconceptions.js';
import type { Step } from './session.js';

/**
 * The simulated tutor's rules for "the student has shown understanding of this step". Each rule
 * is explicit and testable:
 *
 * 1. Numeric (steps with an exercise): a number in the answer, read with its SI prefix
 *    ("22 kN/C", "2.2 × 10^4", "2.2e4"), within the exercise's tolerance (2 %) of the result.
 * 2. Explanation (every step): at least MIN_EXPLANATION_WORDS words (CJK characters count as
 *    words), at least min(2, number of key terms) of the step's key terms, and a causal
 *    connective (because, so, therefore, 因为, 所以 …): a reason, not a list of words.
 *
 * 3. Key idea (steps whose concept has one in key-ideas.ts): the relation stated in any words
 *    or as an equation with any of its usual symbols ("the emf equals minus the rate of change of
 *    flux", "ε = −dΦ_B/dt", 感应电动势等于磁通量变化率的负值), without needing the key terms.
 *
 * Any rule is enough, after a known misconception has been ruled out. What is missing becomes
 * the weak point and picks the next hint.
 */

export const MIN_EXPLANATION_WORDS: Record<TextLang, number> = { en: 12, zh: 15 };
export const REQUIRED_TERMS = 2;

export interface Judgement {
  understood: boolean;
  rule: 'numeric' | 'explanation' | 'equation' | 'key_idea' | null;
  reason: string;
  /** For the weak points and the feedback; empty when understood. */
  missing: {
    terms: string[];
    reason: boolean;
    length: boolean;
    numeric?: string;
    /** A known misconception the answer states, with its correction. */
    misconception?: { en: string; zh: string };
  };
}

const PREFIX: Record<string, number> = {
  p: 1e-12,
  n: 1e-9,
  u: 1e-6,
  μ: 1e-6,
  µ: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
};
const UNIT_AFTER_PREFIX = /^(?:T|N|C|V|A|H|F|W|J|Ω|Wb|Hz|eV|g|m(?![a-z])|s(?![a-z]))/;

const NUMBER =
  /(?<![\w.])(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)(?:\s*[eE]([-+]?\d+)|\s*[×xX*·]\s*10\s*(?:\^|\*\*)?\s*\(?([-+−]?\d+|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)\)?)?\s*([a-zA-Zμµ°Ω]*)/g;

/** Every number in a text, as written and scaled by the SI prefix of the unit after it. */
export function numbersIn(text: string): { value: number; scaled: number }[] {
  const found: { value: number; scaled: number }[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [, mantissa, eExp, tenExp, unit] = match;
    const exponentText = plainSuperscripts(eExp ?? tenExp ?? '0').replace('−', '-');
    const value = Number(mantissa!.replace(/,/g, '')) * 10 ** Number(exponentText);
    if (!Number.isFinite(value)) continue;
    // "mT", "kN/C" and "mm" scale; "m" alone (metres) and "min" do not: a prefix needs a unit.
    const prefixed = unit !== undefined && UNIT_AFTER_PREFIX.test(unit.slice(1));
    const prefix = prefixed ? PREFIX[unit[0]!] : undefined;
    found.push({ value, scaled: prefix === undefined ? value : value * prefix });
  }
  return found;
}

function numericVerdict(answer: string, step: Step): { ok: boolean; note?: string } {
  const exercise = step.exercise;
  if (!exercise) return { ok: false };
  const numbers = numbersIn(answer);
  if (numbers.length === 0) return { ok: false };
  const close = (v: number) =>
    Math.abs(v - exercise.expected) <= exercise.tolerance * Math.abs(exercise.expected);
  if (numbers.some((n) => close(n.scaled) || close(n.value))) return { ok: true };
  // The nearest wrong number says most about the mistake.
  const nearest = numbers
    .map((n) => n.scaled)
    .filter((v) => v !== 0)
    .sort(
      (a, b) =>
        Math.abs(Math.log10(Math.abs(a / exercise.expected))) -
        Math.abs(Math.log10(Math.abs(b / exercise.expected))),
    )[0];
  if (nearest === undefined) return { ok: false, note: 'zero' };
  const ratio = nearest / exercise.expected;
  const decades = Math.log10(Math.abs(ratio));
  if (Math.abs(decades - Math.round(decades)) < 0.01 && Math.round(decades) !== 0) {
    return { ok: false, note: `power_of_ten:${Math.round(decades)}:${formatNumber(nearest)}` };
  }
  return { ok: false, note: `off:${formatNumber(nearest)}` };
}

export function hasCausalConnective(text: string): boolean {
  return countTerms(text.toLowerCase(), CAUSAL_CONNECTIVES).size > 0;
}

/** The relation of the step written as an equation: it agrees numerically with one in its notes. */
function statesRelation(answer: string, step: Step): boolean {
  const mine = extractFormula(answer);
  if (!mine || !step.source?.text) return false;
  let lhs: Expr;
  let rhs: Expr;
  try {
    lhs = parseExpression(mine.lhs);
    rhs = parseExpression(mine.rhs);
  } catch {
    return false;
  }
  for (const line of step.source.text.split(/\n|,\s+(?=\p{L}[\w₀-₉]*\s*=)|[。；]/u)) {
    const notes = extractFormula(line);
    if (!notes) continue;
    try {
      const theirs = parseExpression(notes.lhs);
      if (theirs.kind !== 'sym' || lhs.kind !== 'sym' || theirs.name !== lhs.name) continue;
      if (agrees(rhs, parseExpression(notes.rhs)) === true) return true;
    } catch {
      // A notes line that is not a formula the parser reads is simply not compared.
    }
  }
  return false;
}

export function judgeAnswer(answer: string, step: Step, lang: TextLang): Judgement {
  const misconception = misconceptionIn(answer);
  if (misconception) {
    return {
      understood: false,
      rule: null,
      reason: `states a known misconception (${misconception.id})`,
      missing: { terms: [], reason: false, length: false, misconception: misconception.correction },
    };
  }
  if (statesRelation(answer, step)) {
    return {
      understood: true,
      rule: 'equation',
      reason: 'states the relation of the step as an equation that agrees with the notes',
      missing: { terms: [], reason: false, length: false },
    };
  }
  const idea = keyIdeaStated(answer, step);
  if (idea) {
    return {
      understood: true,
      rule: 'key_idea',
      reason: `states the key idea of the step (${idea.id})`,
      missing: { terms: [], reason: false, length: false },
    };
  }
  const numeric = numericVerdict(answer, step);
  const used = step.key_terms.filter((term) => usesTerm(answer, term) || namesSameConcept(answer, term));
  const needed = Math.min(REQUIRED_TERMS, step.key_terms.length);
  const unused = step.key_terms.filter((term) => !used.includes(term));
  const reason = hasCausalConnective(answer);
  const long = countWords(answer).total >= MIN_EXPLANATION_WORDS[lang];
  const explained = used.length >= needed && reason && long;
  if (numeric.ok) {
    return {
      understood: true,
      rule: 'numeric',
      reason: 'numeric answer within tolerance',
      missing: { terms: [], reason: false, length: false },
    };
  }
  if (explained) {
    return {
      understood: true,
      rule: 'explanation',
      reason: `explanation of ${countWords(answer).total} words with a reason, using ${used.join(', ')}`,
      missing: { terms: [], reason: false, length: false },
    };
  }
  const missingTerms = used.length >= needed ? [] : unused;
  return {
    understood: false,
    rule: null,
    reason: [
      ...(numeric.note ? [`numeric answer wrong (${numeric.note})`] : []),
      ...(missingTerms.length ? [`key terms missing (${used.length}/${needed} used)`] : []),
      ...(reason ? [] : ['no reason given']),
      ...(long ? [] : ['too short']),
    ].join('; '),
    missing: {
      terms: missingTerms,
      reason: !reason,
      length: !long,
      ...(numeric.note ? { numeric: numeric.note } : {}),
    },
  };
}
