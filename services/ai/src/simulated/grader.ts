import type { Concept } from '../knowledge/course-concepts.js';
import { type Lang, t } from '../lang.js';
import { evaluateExpression } from '../tools/calculator.js';
import { dimensionOf, sameDimension, unitName } from './dimensions.js';
import { type Expr, parseExpression } from './expression.js';
import { agrees, extractFormula } from './formula-verify.js';
import { formatNumber } from './quantities.js';
import { parseWordProblem } from './word-problem.js';

/**
 * The grader without a model reports the checks it can actually make — units written, the
 * dimensions of each relation, the formula for the case the work is about (inside vs outside a
 * charged sphere …), the closed-form value when the calculator can compute it — and says plainly
 * that it cannot judge the reasoning. It gives no overall score: a total made of word counts and
 * "because" counts scored a wrong derivation 14/20 and a correct Chinese one 11/20.
 */

interface Check {
  ok: boolean | undefined;
  en: string;
  zh: string;
}

/** Which formula a case calls for, and the tempting wrong one. */
const CASES: {
  when: RegExp;
  not?: RegExp;
  symbol: string;
  right: string[];
  wrong: { rhs: string[]; en: string; zh: string };
  en: string;
  zh: string;
}[] = [
  {
    when: /(inside|within|interior|内部|球内)[\s\S]*(sphere|ball|球)|(sphere|ball|球)[\s\S]*(inside|within|interior|内部|球内)/i,
    not: /\bshell\b|球壳|hollow|空心/i,
    symbol: 'E',
    right: ['Q r / (4 pi eps0 R^3)', 'k Q r / R^3', 'rho r / (3 eps0)'],
    wrong: {
      rhs: ['Q / (4 pi eps0 r^2)', 'k Q / r^2', 'Q / (4 pi eps0 R^2)', 'k Q / R^2'],
      en: 'this is the field outside the sphere (all of Q enclosed); inside only the fraction (r/R)³ is enclosed, so E = Q r/(4π ε0 R³)',
      zh: '这是球外的场强（包围全部电荷 Q）；球内只包围 (r/R)³ 部分的电荷，应为 E = Q r/(4π ε0 R³)',
    },
    en: 'the field inside a uniformly charged solid sphere',
    zh: '均匀带电实心球内部的场强',
  },
  {
    when: /(outside|exterior|外部|球外)[\s\S]*(sphere|ball|shell|球)|(sphere|ball|shell|球)[\s\S]*(outside|exterior|外部|球外)/i,
    symbol: 'E',
    right: ['Q / (4 pi eps0 r^2)', 'k Q / r^2'],
    wrong: {
      rhs: ['Q r / (4 pi eps0 R^3)', 'k Q r / R^3'],
      en: 'this is the field inside a solid sphere; outside, all of Q is enclosed and E = Q/(4π ε0 r²)',
      zh: '这是实心球内部的场强；球外包围全部电荷，E = Q/(4π ε0 r²)',
    },
    en: 'the field outside a charged sphere',
    zh: '带电球外部的场强',
  },
];

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

function caseCheck(text: string, formulas: ReturnType<typeof formulasOf>): Check | undefined {
  for (const c of CASES) {
    if (!c.when.test(text) || c.not?.test(text)) continue;
    const mine = formulas.filter((f) => f.lhsExpr.kind === 'sym' && f.lhsExpr.name === c.symbol);
    for (const f of mine) {
      if (c.right.some((r) => agrees(f.rhsExpr, parseExpression(r)) === true)) {
        return {
          ok: true,
          en: `\`${f.lhs} = ${f.rhs}\` is the formula for ${c.en}.`,
          zh: `\`${f.lhs} = ${f.rhs}\` 是${c.zh}的正确公式。`,
        };
      }
      if (c.wrong.rhs.some((r) => agrees(f.rhsExpr, parseExpression(r)) === true)) {
        return {
          ok: false,
          en: `\`${f.lhs} = ${f.rhs}\` is used for ${c.en}, but ${c.wrong.en}.`,
          zh: `\`${f.lhs} = ${f.rhs}\` 被用于${c.zh}，但${c.wrong.zh}。`,
        };
      }
    }
  }
  return undefined;
}

function dimensionChecks(formulas: ReturnType<typeof formulasOf>, topic: string): Check[] {
  return formulas.slice(0, 4).map((f) => {
    const left = dimensionOf(f.lhsExpr, topic);
    const right = dimensionOf(f.rhsExpr, topic);
    if (!left.dimension || !right.dimension || left.unknown.length + right.unknown.length > 0) {
      return {
        ok: undefined,
        en: `\`${f.lhs} = ${f.rhs}\`: I do not know the units of every symbol, so I could not check it.`,
        zh: `\`${f.lhs} = ${f.rhs}\`：有符号的单位我不知道，无法检查量纲。`,
      };
    }
    const same = sameDimension(left.dimension, right.dimension);
    return same
      ? {
          ok: true,
          en: `\`${f.lhs} = ${f.rhs}\` is dimensionally consistent (${unitName(left.dimension)}).`,
          zh: `\`${f.lhs} = ${f.rhs}\` 两边量纲一致（${unitName(left.dimension, 'zh')}）。`,
        }
      : {
          ok: false,
          en: `\`${f.lhs} = ${f.rhs}\`: the left side is ${unitName(left.dimension)}, the right side ${unitName(right.dimension)}.`,
          zh: `\`${f.lhs} = ${f.rhs}\`：左边单位为 ${unitName(left.dimension, 'zh')}，右边为 ${unitName(right.dimension, 'zh')}，量纲不一致。`,
        };
  });
}

const NUMBER_WITH_UNIT =
  /(-?\d+(?:\.\d+)?(?:\s*(?:[eE]|[×x*]\s*10\s*\^?)\s*-?\d+)?)\s*([a-zA-Zμ°Ω/]+(?:\/[a-zA-Z]+)?)?/g;

function unitCheck(text: string): Check | undefined {
  const results = [
    ...text.matchAll(/=\s*(-?\d[\d.]*(?:\s*(?:[eE]|[×x*]\s*10\s*\^?)\s*-?\d+)?)(\s*[a-zA-Zμ°Ω][\w/·^°Ω]*)?/g),
  ];
  if (results.length === 0) return undefined;
  const bare = results.filter((m) => !m[2]?.trim());
  return bare.length === 0
    ? {
        ok: true,
        en: `Every numerical result (${results.length}) carries a unit.`,
        zh: `所有数值结果（${results.length} 个）都带有单位。`,
      }
    : {
        ok: false,
        en: `${bare.length} of ${results.length} numerical results have no unit (${bare.map((m) => m[1]).join(', ')}).`,
        zh: `${results.length} 个数值结果中有 ${bare.length} 个没有单位（${bare.map((m) => m[1]).join('，')}）。`,
      };
}

function valueCheck(text: string): Check | undefined {
  const problem = parseWordProblem(text);
  if (!problem) return undefined;
  let exact: number;
  try {
    exact = evaluateExpression(problem.expression).value as number;
  } catch {
    return undefined;
  }
  const numbers = [...text.matchAll(NUMBER_WITH_UNIT)].map((m) =>
    Number(m[1]!.replace(/\s*[×x*]\s*10\s*\^?\s*/, 'e')),
  );
  const match = numbers.some(
    (n) => Number.isFinite(n) && Math.abs(Math.abs(n) - Math.abs(exact)) <= 0.02 * Math.abs(exact),
  );
  const shown = `${problem.symbol} = ${formatNumber(exact)}${problem.unit === '°' ? '°' : ` ${problem.unit}`}`;
  return match
    ? {
        ok: true,
        en: `The numerical result agrees with the closed form computed by the calculator (${shown}, within 2 %).`,
        zh: `数值结果与计算器算出的解析解一致（${shown}，误差 2% 以内）。`,
      }
    : {
        ok: false,
        en: `No number in the work matches the closed form computed by the calculator: ${shown}.`,
        zh: `答案中没有与计算器算出的解析解相符的数：${shown}。`,
      };
}

function splitRubric(text: string): { rubric: string[]; work: string } {
  const match = /(?:^|\n)\s*(?:rubric|评分标准)\s*[:：]\s*\n?((?:\s*(?:[-*•]|\d+[.)])\s*.+\n?)+)/i.exec(text);
  if (!match) return { rubric: [], work: text };
  const rubric = match[1]!
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
  return { rubric, work: text.replace(match[0], '\n').trim() };
}

const mark = (ok: boolean | undefined) => (ok === true ? '✓' : ok === false ? '✗' : '?');

export function gradeWork(text: string, concept: Concept): string {
  const lang: Lang = /\p{Script=Han}/u.test(text) ? 'zh' : 'en';
  const { rubric, work } = splitRubric(text);
  const formulas = formulasOf(work);
  const checks = [
    caseCheck(work, formulas),
    valueCheck(work),
    unitCheck(work),
    ...dimensionChecks(formulas, concept.id),
  ].filter((c): c is Check => c !== undefined);
  const lines = [
    t(lang, '**Checks I can make without a model**', '**无需模型即可完成的检查**'),
    '',
    ...(checks.length > 0
      ? checks.map((c) => `- ${mark(c.ok)} ${t(lang, c.en, c.zh)}`)
      : [
          t(
            lang,
            '- Nothing checkable: no relation, numerical result or unit found in the work.',
            '- 没有可检查的内容：答案中没有公式、数值结果或单位。',
          ),
        ]),
  ];
  if (rubric.length > 0) {
    lines.push(
      '',
      t(lang, '**Your rubric**', '**你的评分标准**'),
      ...rubric.map(
        (criterion) =>
          `- ${criterion}: ${t(lang, 'not scored — judging it needs a model.', '未评分——需要模型才能判断。')}`,
      ),
    );
  }
  const failed = checks.filter((c) => c.ok === false).length;
  lines.push(
    '',
    t(
      lang,
      `**Not judged:** whether the reasoning is correct and complete, and the quality of the explanation, need a model; no overall score is given. ${failed > 0 ? `Fix the ${failed} point${failed === 1 ? '' : 's'} marked ✗ first.` : ''}`,
      `**未评判：** 推理是否正确完整、表述质量需要模型判断，因此不给总分。${failed > 0 ? `请先改正标 ✗ 的 ${failed} 处。` : ''}`,
    ).trim(),
  );
  return lines.join('\n');
}
