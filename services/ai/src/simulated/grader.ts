import { z } from 'zod';
import type { Concept } from '../knowledge/course-concepts.js';
import { catalogue, KNOWLEDGE_DIR, phrase, readDataFile } from '../knowledge/data-file.js';
import { courseKnowledge } from '../knowledge/knowledge-base.js';
import { quantityOf } from '../knowledge/solver.js';
import { eitherLanguage, type Lang, langOf } from '../lang.js';
import { escapeRegExp } from '../regexp.js';
import { evaluateExpression } from '../tools/calculator.js';
import { calculationsOf } from '../tools/solved-calculation.js';
import { dimensionOf, sameDimension, unitName } from './dimensions.js';
import { type Expr, parseExpression, symbolsOf } from './expression.js';
import { agrees, extractFormula } from './formula-verify.js';
import { formatNumber } from './quantities.js';

/**
 * The grader without a model reports the checks it can actually make — units written, the
 * dimensions of each relation, the formula for the case the work is about (inside vs outside a
 * charged sphere …), the closed-form value when the calculator can compute it — and says plainly
 * that it cannot judge the reasoning. It gives no overall score: a total made of word counts and
 * "because" counts scored a wrong derivation 14/20 and a correct Chinese one 11/20.
 */

const PHRASES = catalogue('grader');

interface Check {
  ok: boolean | undefined;
  text: string;
}

const words = (key: string) => eitherLanguage(PHRASES, key);

/** Which formula a case calls for, and the tempting wrong one (corpus/knowledge/grader-cases.json). */
const CASES = readDataFile(
  z.object({
    cases: z.array(
      z.object({
        phrase: z.string(),
        region: z.string(),
        body: z.string(),
        unless: z.string().optional(),
        symbol: z.string(),
        right: z.array(z.string()).min(1),
        wrong: z.array(z.string()),
      }),
    ),
  }),
  KNOWLEDGE_DIR,
  'grader-cases.json',
).cases.map((c) => ({
  ...c,
  // The region and the body in either order: "inside the sphere", "a sphere …, inside it".
  when: new RegExp(
    `(${words(c.region)})[\\s\\S]*(${words(c.body)})|(${words(c.body)})[\\s\\S]*(${words(c.region)})`,
    'i',
  ),
  not: c.unless === undefined ? undefined : new RegExp(words(c.unless), 'i'),
}));

function formulasOf(text: string): { lhs: string; rhs: string; lhsExpr: Expr; rhsExpr: Expr }[] {
  const out: { lhs: string; rhs: string; lhsExpr: Expr; rhsExpr: Expr }[] = [];
  for (const line of text.split(/\n|[。；;]|(?<=\.)\s/)) {
    const found = extractFormula(line);
    if (!found) continue;
    try {
      out.push({ ...found, lhsExpr: parseExpression(found.lhs), rhsExpr: parseExpression(found.rhs) });
    } catch {
      // A line that is not a formula ("E = 72000 N/C" with prose) is not checked here.
    }
  }
  return out;
}

function caseCheck(text: string, formulas: ReturnType<typeof formulasOf>, lang: Lang): Check | undefined {
  const say = (key: string, values: Record<string, string> = {}) => phrase(PHRASES, lang, key, values);
  for (const c of CASES) {
    if (!c.when.test(text) || c.not?.test(text)) continue;
    const mine = formulas.filter((f) => f.lhsExpr.kind === 'sym' && f.lhsExpr.name === c.symbol);
    for (const f of mine) {
      const values = { formula: `${f.lhs} = ${f.rhs}`, case: say(c.phrase), why: say(`${c.phrase}Wrong`) };
      if (c.right.some((r) => agrees(f.rhsExpr, parseExpression(r)) === true))
        return { ok: true, text: say('caseRight', values) };
      if (c.wrong.some((r) => agrees(f.rhsExpr, parseExpression(r)) === true))
        return { ok: false, text: say('caseWrong', values) };
    }
  }
  return undefined;
}

function dimensionChecks(formulas: ReturnType<typeof formulasOf>, topic: string, lang: Lang): Check[] {
  return formulas.slice(0, 4).map((f) => {
    const say = (key: string, values: Record<string, string> = {}) =>
      phrase(PHRASES, lang, key, { formula: `${f.lhs} = ${f.rhs}`, ...values });
    const left = dimensionOf(f.lhsExpr, topic);
    const right = dimensionOf(f.rhsExpr, topic);
    if (!left.dimension || !right.dimension || left.unknown.length + right.unknown.length > 0)
      return { ok: undefined, text: say('unknownUnits') };
    const [l, r] = [left.dimension, right.dimension];
    return sameDimension(l, r)
      ? { ok: true, text: say('consistent', { unit: unitName(l, lang) }) }
      : { ok: false, text: say('inconsistent', { left: unitName(l, lang), right: unitName(r, lang) }) };
  });
}

const NUMBER_WITH_UNIT =
  /(-?\d+(?:\.\d+)?(?:\s*(?:[eE]|[×x*]\s*10\s*\^?)\s*-?\d+)?)\s*([a-zA-Zμ°Ω/]+(?:\/[a-zA-Z]+)?)?/g;

function unitCheck(text: string, lang: Lang): Check | undefined {
  const results = [
    ...text.matchAll(/=\s*(-?\d[\d.]*(?:\s*(?:[eE]|[×x*]\s*10\s*\^?)\s*-?\d+)?)(\s*[a-zA-Zμ°Ω][\w/·^°Ω]*)?/g),
  ];
  if (results.length === 0) return undefined;
  const bare = results.filter((m) => !m[2]?.trim());
  const count = results.length;
  if (bare.length === 0) return { ok: true, text: phrase(PHRASES, lang, 'allUnits', { count }) };
  const values = bare.map((m) => m[1]).join(phrase(PHRASES, lang, 'listSeparator'));
  return { ok: false, text: phrase(PHRASES, lang, 'missingUnits', { bare: bare.length, count, values }) };
}

/**
 * The work as a question for the knowledge solver: what it gives, before its first derivation,
 * then the words that ask for the symbol that derivation computes ("…, r = 0.1 m. find F"). The
 * student's own results are left out, so they are never read as given.
 */
function questionOf(text: string, formulas: ReturnType<typeof formulasOf>, lang: Lang): string | undefined {
  // A derivation, not a given ("N = 400 匝" is a value the work states, "B = mu0 N I / L" derives B).
  const first = formulas.find((f) => f.lhsExpr.kind === 'sym' && symbolsOf(f.rhsExpr).size > 0);
  if (!first) return undefined;
  const at = new RegExp(`${escapeRegExp(first.lhs)}\\s*[=＝]`).exec(text)?.index;
  const ask = courseKnowledge().units.askSymbol.find((w) => /\p{Script=Han}/u.test(w) === (lang === 'zh'));
  if (at === undefined || !ask) return undefined;
  return `${text.slice(0, at)} ${ask} ${first.lhs}`;
}

function valueCheck(text: string, formulas: ReturnType<typeof formulasOf>, lang: Lang): Check | undefined {
  const question = questionOf(text, formulas, lang);
  const [calculation] = (question && calculationsOf(question)) || [];
  if (!calculation) return undefined;
  const exact = evaluateExpression(calculation.expression).value as number;
  const numbers = [...text.matchAll(NUMBER_WITH_UNIT)].map((m) =>
    Number(m[1]!.replace(/\s*[×x*]\s*10\s*\^?\s*/, 'e')),
  );
  const match = numbers.some(
    (n) => Number.isFinite(n) && Math.abs(Math.abs(n) - Math.abs(exact)) <= 0.02 * Math.abs(exact),
  );
  const { symbol, unit } = quantityOf(calculation.part);
  const shown = `${symbol} = ${formatNumber(exact)}${unit === '°' ? '°' : ` ${unit}`}`;
  return { ok: match, text: phrase(PHRASES, lang, match ? 'valueAgrees' : 'valueDiffers', { shown }) };
}

/** "Rubric:" and a list of criteria under it: what the student will be marked on, not their work. */
const RUBRIC = new RegExp(
  String.raw`(?:^|\n)\s*(?:${words('rubricWords')})\s*[:：]\s*\n?((?:\s*(?:[-*•]|\d+[.)])\s*.+\n?)+)`,
  'i',
);

function splitRubric(text: string): { rubric: string[]; work: string } {
  const match = RUBRIC.exec(text);
  if (!match) return { rubric: [], work: text };
  const rubric = match[1]!
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
  return { rubric, work: text.replace(match[0], '\n').trim() };
}

const mark = (ok: boolean | undefined) => (ok === true ? '✓' : ok === false ? '✗' : '?');

export function gradeWork(text: string, concept: Concept): string {
  const lang = langOf(text);
  const say = (key: string, values: Record<string, string | number> = {}) =>
    phrase(PHRASES, lang, key, values);
  const { rubric, work } = splitRubric(text);
  const formulas = formulasOf(work);
  const checks = [
    caseCheck(work, formulas, lang),
    valueCheck(work, formulas, lang),
    unitCheck(work, lang),
    ...dimensionChecks(formulas, concept.id, lang),
  ].filter((c): c is Check => c !== undefined);
  const lines = [
    say('title'),
    '',
    ...(checks.length > 0 ? checks.map((c) => `- ${mark(c.ok)} ${c.text}`) : [say('nothingCheckable')]),
  ];
  if (rubric.length > 0)
    lines.push('', say('rubricTitle'), ...rubric.map((criterion) => say('notScored', { criterion })));
  const failed = checks.filter((c) => c.ok === false).length;
  const fix = failed > 0 ? say(failed === 1 ? 'fixOne' : 'fixMany', { n: failed }) : '';
  lines.push('', say('notJudged', { fix }).trim());
  return lines.join('\n');
}
