import { type Lang, t } from '../lang.js';
import { type Concept, concepts } from '../knowledge/course-concepts.js';
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
const REFERENCES: Record<string, { concept: string; name: string; zh: string; rhs: string }[]> = {
  E: [
    { concept: 'coulomb-law', name: 'field of a point charge', zh: '点电荷的场强', rhs: 'k q / r^2' },
    {
      concept: 'coulomb-law',
      name: 'field of a point charge',
      zh: '点电荷的场强',
      rhs: 'q / (4 pi eps0 r^2)',
    },
    {
      concept: 'gauss-law',
      name: 'field of an infinite plane of charge',
      zh: '无限大带电平面的场强',
      rhs: 'sigma / (2 eps0)',
    },
    { concept: 'laplace', name: 'field from a potential difference', zh: '由电势差求场强', rhs: 'V / d' },
  ],
  V: [
    { concept: 'coulomb-law', name: 'potential of a point charge', zh: '点电荷的电势', rhs: 'k q / r' },
    {
      concept: 'coulomb-law',
      name: 'potential of a point charge',
      zh: '点电荷的电势',
      rhs: 'q / (4 pi eps0 r)',
    },
  ],
  F: [
    { concept: 'coulomb-law', name: 'Coulomb force', zh: '库仑力', rhs: 'k q1 q2 / r^2' },
    { concept: 'coulomb-law', name: 'force on a charge in a field', zh: '电场中电荷所受的力', rhs: 'q E' },
    {
      concept: 'biot-savart',
      name: 'magnetic force on a moving charge',
      zh: '运动电荷所受的磁场力',
      rhs: 'q v B',
    },
    {
      concept: 'biot-savart',
      name: 'force on a current-carrying wire',
      zh: '载流导线所受的安培力',
      rhs: 'I L B',
    },
  ],
  B: [
    {
      concept: 'biot-savart',
      name: 'field of a long straight wire',
      zh: '无限长直导线的磁场',
      rhs: 'mu0 I / (2 pi r)',
    },
    { concept: 'solenoid', name: 'field inside a long solenoid', zh: '长直螺线管内部的磁场', rhs: 'mu0 n I' },
    {
      concept: 'solenoid',
      name: 'field inside a long solenoid',
      zh: '长直螺线管内部的磁场',
      rhs: 'mu0 N I / L',
    },
    {
      concept: 'biot-savart',
      name: 'field at the centre of a circular loop',
      zh: '圆电流中心的磁场',
      rhs: 'mu0 I / (2 R)',
    },
  ],
  C: [{ concept: 'capacitor', name: 'parallel-plate capacitor', zh: '平行板电容器', rhs: 'eps0 A / d' }],
  U: [
    { concept: 'capacitor', name: 'energy stored in a capacitor', zh: '电容器储存的能量', rhs: 'C V^2 / 2' },
  ],
  c: [{ concept: 'em-wave', name: 'speed of light', zh: '光速', rhs: '1 / sqrt(mu0 eps0)' }],
  v: [
    { concept: 'em-wave', name: 'speed of light in vacuum', zh: '真空中的光速', rhs: '1 / sqrt(mu0 eps0)' },
    { concept: 'em-wave', name: 'wave speed in a medium', zh: '介质中的波速', rhs: 'c / sqrt(eps_r mu_r)' },
    { concept: 'em-wave', name: 'wave speed in a medium', zh: '介质中的波速', rhs: '1 / sqrt(mu eps)' },
    { concept: 'em-wave', name: 'wave speed', zh: '波速', rhs: 'lambda f' },
  ],
  lambda: [{ concept: 'em-wave', name: 'wavelength', zh: '波长', rhs: 'v / f' }],
  theta_B: [{ concept: 'fresnel', name: 'Brewster angle', zh: '布儒斯特角', rhs: 'atan(n2 / n1)' }],
  theta_c: [{ concept: 'fresnel', name: 'critical angle', zh: '临界角', rhs: 'asin(n2 / n1)' }],
};

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

/** The dimension checker's findings in Chinese (its three kinds of sentence). */
function problemZh(problem: string): string {
  return problem
    .replace(
      /^the argument of (.+)\(\) has units (.+), but must be a pure number$/,
      '$1() 的自变量单位为 $2，但它必须是纯数',
    )
    .replace(/^an exponent must be a pure number$/, '指数必须是纯数')
    .replace(/^a sum adds (.+) to (.+), which cannot be added$/, '把 $1 与 $2 相加，单位不同不能相加');
}

export function verifyFormula(text: string, concept: Concept): string {
  const lang: Lang = /\p{Script=Han}/u.test(text) ? 'zh' : 'en';
  const found = extractFormula(text);
  if (!found) {
    return t(
      lang,
      [
        'I could not find a formula of the form `quantity = expression` in your message.',
        `Write it on one line, for example \`E = k q / r^2\` or \`B = \\mu_0 n I\`, and I will check it step by step: how I read it, the units of both sides, and how it compares with the standard result for ${concept.name} (${concept.law}).`,
      ].join('\n\n'),
      [
        '我在你的消息中没有找到“物理量 = 表达式”形式的公式。',
        `请把公式写在一行里，例如 \`E = k q / r^2\` 或 \`B = \\mu_0 n I\`，我会逐步检查：我如何读它、两边的单位，以及它与标准结果（${concept.law}）是否一致。`,
      ].join('\n\n'),
    );
  }
  let lhs: Expr;
  let rhs: Expr;
  try {
    lhs = parseExpression(found.lhs);
    rhs = parseExpression(found.rhs);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'it is not well formed';
    return t(
      lang,
      `I found \`${found.lhs} = ${found.rhs}\` but could not read it: ${why}. Check the parentheses and operators and send it again.`,
      `我找到了 \`${found.lhs} = ${found.rhs}\`，但无法解析（${why}）。请检查括号和运算符后重新发送。`,
    );
  }
  // `n` is turns per metre next to a magnetic field, a refractive index elsewhere.
  const topic = concept.id === 'general' && lhs.kind === 'sym' && lhs.name === 'B' ? 'solenoid' : concept.id;
  const read = `\`${formatExpression(lhs)} = ${formatExpression(rhs)}\``;
  const steps: string[] = [
    t(
      lang,
      `**Step 1 — reading.** I read your formula as ${read}.`,
      `**第 1 步——读取。** 我把你的公式读作 ${read}。`,
    ),
  ];
  const left = dimensionOf(lhs, topic);
  const right = dimensionOf(rhs, topic);
  const unknown = [...new Set([...left.unknown, ...right.unknown])];
  let verdict: 'correct' | 'incorrect' | 'undecided' = 'undecided';
  let dimensionsAgree: boolean | undefined;
  if (unknown.length > 0) {
    const names = unknown.map((u) => `\`${u}\``).join(', ');
    steps.push(
      t(
        lang,
        `**Step 2 — units.** I do not know the units of ${names}, so I cannot check the units. Tell me what ${unknown.length === 1 ? 'it stands' : 'they stand'} for.`,
        `**第 2 步——单位。** 我不知道 ${names} 的单位，因此无法检查单位。请告诉我它们代表什么。`,
      ),
    );
  } else if (left.dimension && right.dimension) {
    steps.push(
      t(
        lang,
        `**Step 2 — units of the left side:** ${unitName(left.dimension)}.`,
        `**第 2 步——左边的单位：** ${unitName(left.dimension)}。`,
      ),
    );
    steps.push(
      t(
        lang,
        `**Step 3 — units of the right side:** ${unitName(right.dimension)}.`,
        `**第 3 步——右边的单位：** ${unitName(right.dimension)}。`,
      ),
    );
    dimensionsAgree = sameDimension(left.dimension, right.dimension);
    if (dimensionsAgree) {
      steps.push(
        t(
          lang,
          '**Step 4 — comparison.** Both sides have the same units: the formula is dimensionally consistent.',
          '**第 4 步——比较。** 两边单位相同：公式量纲一致。',
        ),
      );
    } else {
      const extra = unitName(ratioDimension(right.dimension, left.dimension));
      steps.push(
        t(
          lang,
          `**Step 4 — comparison.** The units differ: the right side carries an extra factor of ${extra} compared with the left. A power of a length, a missing constant or a missing factor is the usual cause.`,
          `**第 4 步——比较。** 两边单位不同：右边比左边多出因子 ${extra}。常见原因是长度的幂次不对、漏了常数或因子。`,
        ),
      );
      verdict = 'incorrect';
    }
  }
  for (const problem of [...left.problems, ...right.problems]) {
    steps.push(t(lang, `**Check.** ${problem}.`, `**检查。** ${problemZh(problem)}。`));
  }
  if (left.problems.length + right.problems.length > 0) verdict = 'incorrect';

  const lhsName = lhs.kind === 'sym' ? lhs.name : undefined;
  const references = lhsName ? (REFERENCES[lhsName] ?? []) : [];
  const studentSymbols = symbolsOf(rhs);
  const match = references.find((ref) => agrees(rhs, parseExpression(ref.rhs)) === true);
  if (match) {
    const standard = `\`${lhsName} = ${match.rhs}\``;
    steps.push(
      t(
        lang,
        `**Step 5 — standard result.** This is the ${match.name}: ${standard}. Your form agrees with it.`,
        `**第 5 步——标准结果。** 这是${match.zh}：${standard}。你的形式与它一致。`,
      ),
    );
    if (verdict === 'undecided') verdict = 'correct';
  } else if (references.length > 0) {
    const close = references.filter((ref) =>
      [...symbolsOf(parseExpression(ref.rhs))].some((s) => studentSymbols.has(s)),
    );
    const shown = (close.length > 0 ? close : references).map(
      (ref) => `\`${lhsName} = ${ref.rhs}\` (${t(lang, ref.name, ref.zh)})`,
    );
    steps.push(
      t(
        lang,
        `**Step 5 — standard result.** Your right side does not agree with the standard forms I compared it with: ${shown.join('; ')}.`,
        `**第 5 步——标准结果。** 你的右边与我比较的标准形式都不一致：${shown.join('；')}。`,
      ),
    );
    if (dimensionsAgree === true) {
      steps.push(
        t(
          lang,
          'The units match, so look for a missing numerical factor (2, π, 4π) or a wrong power.',
          '单位一致，所以请检查是否漏了数值因子（2、π、4π）或幂次不对。',
        ),
      );
    }
  }
  // A formula names its topic better than the words around it ("B = μ0 I/(2π r)" is a wire).
  const topical =
    concept.id === 'general'
      ? (concepts.find((c) => c.id === (match ?? references[0])?.concept) ?? concept)
      : concept;
  steps.push(
    t(
      lang,
      `**Step 6 — limiting case.** ${topical.hints[0]} ${topical.misconception}`,
      // The concepts' hints are written in English: the Chinese reply asks for the check instead.
      '**第 6 步——极限情况。** 请检查一个极限情况（例如距离很远、某个量为零或很大）时公式给出的结果是否合理。',
    ),
  );
  const verdictLine = {
    correct: t(
      lang,
      '**Verdict: correct.** Units agree and it matches the standard result.',
      '**结论：正确。** 单位一致，且与标准结果相符。',
    ),
    incorrect: t(
      lang,
      '**Verdict: incorrect** at the step marked above; fix that and check again.',
      '**结论：不正确**，问题出在上面标出的步骤；改正后再检查一次。',
    ),
    undecided: t(
      lang,
      '**Verdict: cannot be decided from this alone.** The checks above are what I could do; tell me what each symbol means or what the formula should describe.',
      '**结论：仅凭这些无法判断。** 以上是我能做的检查；请告诉我每个符号的含义或公式要描述的情形。',
    ),
  }[verdict];
  return [...steps, verdictLine].join('\n\n');
}
