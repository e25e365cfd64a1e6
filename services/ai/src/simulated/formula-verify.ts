import { z } from 'zod';
import { type Concept, concepts } from '../knowledge/course-concepts.js';
import { catalogue, KNOWLEDGE_DIR, phrase, readDataFile } from '../knowledge/data-file.js';
import { langOf } from '../lang.js';
import { dimensionOf, ratioDimension, sameDimension, unitName } from './dimensions.js';
import {
  type Expr,
  evaluate,
  FUNCTIONS,
  formatExpression,
  parseExpression,
  symbolsOf,
  unwrapTex,
} from './expression.js';
import { EPSILON_0, K_COULOMB, MU_0, SPEED_OF_LIGHT } from './quantities.js';

/** Standard results a formula is compared with, by the symbol on the left. */
const REFERENCES = readDataFile(
  z.object({
    references: z.record(
      z.string(),
      z.array(z.object({ concept: z.string(), en: z.string(), zh: z.string(), rhs: z.string() })),
    ),
  }),
  KNOWLEDGE_DIR,
  'formula-references.json',
).references;
const PHRASES = catalogue('formula-check');

const CONSTANTS: Record<string, number> = {
  pi: Math.PI,
  k: K_COULOMB,
  eps0: EPSILON_0,
  mu0: MU_0,
  c: SPEED_OF_LIGHT,
};

/** Deterministic stand-in values for the other symbols; two sets so a coincidence cannot pass. */
function valuesFor(seed: number): (name: string) => number {
  return (name) => {
    if (name in CONSTANTS) return CONSTANTS[name]!;
    let h = seed;
    for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 9973;
    // n1 > n2 keeps asin(n2/n1) defined.
    if (name === 'n1') return 1.9 + (h % 7) / 10;
    return 0.4 + (h % 97) / 60;
  };
}

export function agrees(a: Expr, b: Expr): boolean | undefined {
  let compared = 0;
  for (const seed of [7, 101, 977]) {
    const x = evaluate(a, valuesFor(seed));
    const y = evaluate(b, valuesFor(seed));
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    compared += 1;
    if (Math.abs(x - y) > 1e-6 * Math.max(Math.abs(x), Math.abs(y))) return false;
  }
  return compared === 0 ? undefined : true;
}

const WORD = /^[a-z]{2,}$/;
const FORMULA_WORDS = new Set([
  ...FUNCTIONS,
  'pi',
  'mu',
  'eps',
  'epsilon',
  'theta',
  'lambda',
  'omega',
  'sigma',
  'rho',
  'phi',
  'emf',
  'frac',
  'cdot',
  'times',
]);

/** Finds "lhs = rhs" in a message and trims the prose around it. */
export function extractFormula(text: string): { lhs: string; rhs: string } | undefined {
  // A formula ends where Chinese prose or full-width punctuation begins ("E = kq/r 对吗？").
  const match =
    /((?:(?!\p{Script=Han})[\p{L}\\])(?:(?!\p{Script=Han})[\p{L}\d_\\{}])*)\s*=\s*((?:(?!\p{Script=Han})[^\n=?？，。；！])+)/u.exec(
      unwrapTex(text),
    );
  if (!match) return undefined;
  const words = match[2]!.split(/(\s+)/);
  let rhs = '';
  for (const word of words) {
    const bare = word.replace(/[^a-z]/gi, '');
    if (WORD.test(word.trim().replace(/[.,;:!]$/, '')) && !FORMULA_WORDS.has(bare.toLowerCase())) break;
    rhs += word;
  }
  rhs = rhs.replace(/[.,;:!\s]+$/, '');
  return rhs === '' ? undefined : { lhs: match[1]!, rhs };
}

export function verifyFormula(text: string, concept: Concept): string {
  const lang = langOf(text);
  const say = (key: string, values: Record<string, string> = {}) => phrase(PHRASES, lang, key, values);
  const found = extractFormula(text);
  if (!found) return say('noFormula', { name: concept.name, law: concept.law });
  let lhs: Expr;
  let rhs: Expr;
  try {
    lhs = parseExpression(found.lhs);
    rhs = parseExpression(found.rhs);
  } catch (error) {
    const why = error instanceof Error ? error.message : say('notWellFormed');
    return say('unreadable', { formula: `${found.lhs} = ${found.rhs}`, why });
  }
  // `n` is turns per metre next to a magnetic field, a refractive index elsewhere.
  const topic = concept.id === 'general' && lhs.kind === 'sym' && lhs.name === 'B' ? 'solenoid' : concept.id;
  const steps: string[] = [
    say('reading', { read: `\`${formatExpression(lhs)} = ${formatExpression(rhs)}\`` }),
  ];
  const left = dimensionOf(lhs, topic);
  const right = dimensionOf(rhs, topic);
  const unknown = [...new Set([...left.unknown, ...right.unknown])];
  let verdict: 'correct' | 'incorrect' | 'undecided' = 'undecided';
  let dimensionsAgree: boolean | undefined;
  if (unknown.length > 0) {
    const names = unknown.map((u) => `\`${u}\``).join(', ');
    steps.push(say(unknown.length === 1 ? 'unknownUnit' : 'unknownUnits', { names }));
  } else if (left.dimension && right.dimension) {
    steps.push(say('leftUnits', { units: unitName(left.dimension, lang) }));
    steps.push(say('rightUnits', { units: unitName(right.dimension, lang) }));
    dimensionsAgree = sameDimension(left.dimension, right.dimension);
    if (dimensionsAgree) steps.push(say('sameUnits'));
    else {
      steps.push(
        say('differentUnits', { extra: unitName(ratioDimension(right.dimension, left.dimension), lang) }),
      );
      verdict = 'incorrect';
    }
  }
  for (const problem of [...left.problems, ...right.problems]) {
    steps.push(say('check', { problem: say(problem.key, problem.values) }));
  }
  if (left.problems.length + right.problems.length > 0) verdict = 'incorrect';

  const lhsName = lhs.kind === 'sym' ? lhs.name : undefined;
  const references = lhsName ? (REFERENCES[lhsName] ?? []) : [];
  const studentSymbols = symbolsOf(rhs);
  const match = references.find((ref) => agrees(rhs, parseExpression(ref.rhs)) === true);
  if (match) {
    steps.push(say('standardAgrees', { name: match[lang], standard: `\`${lhsName} = ${match.rhs}\`` }));
    if (verdict === 'undecided') verdict = 'correct';
  } else if (references.length > 0) {
    const close = references.filter((ref) =>
      [...symbolsOf(parseExpression(ref.rhs))].some((s) => studentSymbols.has(s)),
    );
    const shown = (close.length > 0 ? close : references).map(
      (ref) => `\`${lhsName} = ${ref.rhs}\` (${ref[lang]})`,
    );
    steps.push(say('standardDisagrees', { shown: shown.join(say('standardSeparator')) }));
    if (dimensionsAgree === true) steps.push(say('missingFactor'));
  }
  // A formula names its topic better than the words around it ("B = μ0 I/(2π r)" is a wire).
  const topical =
    concept.id === 'general'
      ? (concepts.find((c) => c.id === (match ?? references[0])?.concept) ?? concept)
      : concept;
  // The concepts' hints are written in English: the Chinese phrase asks for the check instead.
  steps.push(say('limitingCase', { hint: topical.hints[0]!, misconception: topical.misconception }));
  return [...steps, say(verdict)].join('\n\n');
}
