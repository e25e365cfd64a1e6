import { type Concept, concepts } from './concepts.js';
import { dimensionOf, ratioDimension, sameDimension, unitName } from './dimensions.js';
import {
  type Expr,
  evaluate,
  FUNCTIONS,
  formatExpression,
  parseExpression,
  symbolsOf,
} from './expression.js';
import { EPSILON_0, K_COULOMB, MU_0, SPEED_OF_LIGHT } from './quantities.js';

/** Standard results a formula is compared with, by the symbol on the left. */
const REFERENCES: Record<string, { concept: string; name: string; rhs: string }[]> = {
  E: [
    { concept: 'electrostatics', name: 'field of a point charge', rhs: 'k q / r^2' },
    { concept: 'electrostatics', name: 'field of a point charge', rhs: 'q / (4 pi eps0 r^2)' },
    { concept: 'gauss', name: 'field of an infinite plane of charge', rhs: 'sigma / (2 eps0)' },
    { concept: 'laplace', name: 'field from a potential difference', rhs: 'V / d' },
  ],
  V: [
    { concept: 'electrostatics', name: 'potential of a point charge', rhs: 'k q / r' },
    { concept: 'electrostatics', name: 'potential of a point charge', rhs: 'q / (4 pi eps0 r)' },
  ],
  F: [
    { concept: 'electrostatics', name: 'Coulomb force', rhs: 'k q1 q2 / r^2' },
    { concept: 'electrostatics', name: 'force on a charge in a field', rhs: 'q E' },
    { concept: 'magnetism', name: 'magnetic force on a moving charge', rhs: 'q v B' },
    { concept: 'magnetism', name: 'force on a current-carrying wire', rhs: 'I L B' },
  ],
  B: [
    { concept: 'magnetism', name: 'field of a long straight wire', rhs: 'mu0 I / (2 pi r)' },
    { concept: 'solenoid', name: 'field inside a long solenoid', rhs: 'mu0 n I' },
    { concept: 'solenoid', name: 'field inside a long solenoid', rhs: 'mu0 N I / L' },
    { concept: 'magnetism', name: 'field at the centre of a circular loop', rhs: 'mu0 I / (2 R)' },
  ],
  C: [{ concept: 'capacitor', name: 'parallel-plate capacitor', rhs: 'eps0 A / d' }],
  U: [{ concept: 'capacitor', name: 'energy stored in a capacitor', rhs: 'C V^2 / 2' }],
  c: [{ concept: 'waves', name: 'speed of light', rhs: '1 / sqrt(mu0 eps0)' }],
  v: [
    { concept: 'waves', name: 'speed of light in vacuum', rhs: '1 / sqrt(mu0 eps0)' },
    { concept: 'waves', name: 'wave speed in a medium', rhs: 'c / sqrt(eps_r mu_r)' },
    { concept: 'waves', name: 'wave speed in a medium', rhs: '1 / sqrt(mu eps)' },
    { concept: 'waves', name: 'wave speed', rhs: 'lambda f' },
  ],
  lambda: [{ concept: 'waves', name: 'wavelength', rhs: 'v / f' }],
  theta_B: [{ concept: 'fresnel', name: 'Brewster angle', rhs: 'atan(n2 / n1)' }],
  theta_c: [{ concept: 'fresnel', name: 'critical angle', rhs: 'asin(n2 / n1)' }],
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
  const match = /([\p{L}\\][\p{L}\d_\\{}]*)\s*=\s*([^\n=?]+)/u.exec(text.replace(/\$/g, ''));
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
  const found = extractFormula(text);
  if (!found) {
    return [
      'I could not find a formula of the form `quantity = expression` in your message.',
      `Write it on one line, for example \`E = k q / r^2\` or \`B = \\mu_0 n I\`, and I will check it step by step: how I read it, the units of both sides, and how it compares with the standard result for ${concept.name} (${concept.law}).`,
    ].join('\n\n');
  }
  let lhs: Expr;
  let rhs: Expr;
  try {
    lhs = parseExpression(found.lhs);
    rhs = parseExpression(found.rhs);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'it is not well formed';
    return `I found \`${found.lhs} = ${found.rhs}\` but could not read it: ${why}. Check the parentheses and operators and send it again.`;
  }
  // `n` is turns per metre next to a magnetic field, a refractive index elsewhere.
  const topic = concept.id === 'general' && lhs.kind === 'sym' && lhs.name === 'B' ? 'solenoid' : concept.id;
  const steps: string[] = [
    `**Step 1 — reading.** I read your formula as \`${formatExpression(lhs)} = ${formatExpression(rhs)}\`.`,
  ];
  const left = dimensionOf(lhs, topic);
  const right = dimensionOf(rhs, topic);
  const unknown = [...new Set([...left.unknown, ...right.unknown])];
  let verdict: 'correct' | 'incorrect' | 'undecided' = 'undecided';
  let dimensionsAgree: boolean | undefined;
  if (unknown.length > 0) {
    steps.push(
      `**Step 2 — units.** I do not know the units of ${unknown.map((u) => `\`${u}\``).join(', ')}, so I cannot check the units. Tell me what ${unknown.length === 1 ? 'it stands' : 'they stand'} for.`,
    );
  } else if (left.dimension && right.dimension) {
    steps.push(`**Step 2 — units of the left side:** ${unitName(left.dimension)}.`);
    steps.push(`**Step 3 — units of the right side:** ${unitName(right.dimension)}.`);
    dimensionsAgree = sameDimension(left.dimension, right.dimension);
    if (dimensionsAgree) {
      steps.push(
        '**Step 4 — comparison.** Both sides have the same units: the formula is dimensionally consistent.',
      );
    } else {
      const extra = ratioDimension(right.dimension, left.dimension);
      steps.push(
        `**Step 4 — comparison.** The units differ: the right side carries an extra factor of ${unitName(extra)} compared with the left. A power of a length, a missing constant or a missing factor is the usual cause.`,
      );
      verdict = 'incorrect';
    }
  }
  for (const problem of [...left.problems, ...right.problems]) steps.push(`**Check.** ${problem}.`);
  if (left.problems.length + right.problems.length > 0) verdict = 'incorrect';

  const lhsName = lhs.kind === 'sym' ? lhs.name : undefined;
  const references = lhsName ? (REFERENCES[lhsName] ?? []) : [];
  const studentSymbols = symbolsOf(rhs);
  const match = references.find((ref) => agrees(rhs, parseExpression(ref.rhs)) === true);
  if (match) {
    steps.push(
      `**Step 5 — standard result.** This is the ${match.name}: \`${lhsName} = ${match.rhs}\`. Your form agrees with it.`,
    );
    if (verdict === 'undecided') verdict = 'correct';
  } else if (references.length > 0) {
    const close = references.filter((ref) =>
      [...symbolsOf(parseExpression(ref.rhs))].some((s) => studentSymbols.has(s)),
    );
    const shown = (close.length > 0 ? close : references).map(
      (ref) => `\`${lhsName} = ${ref.rhs}\` (${ref.name})`,
    );
    steps.push(
      `**Step 5 — standard result.** Your right side does not agree with the standard forms I compared it with: ${shown.join('; ')}.`,
    );
    if (dimensionsAgree === true) {
      steps.push('The units match, so look for a missing numerical factor (2, π, 4π) or a wrong power.');
    }
  }
  // A formula names its topic better than the words around it ("B = μ0 I/(2π r)" is a wire).
  const topical =
    concept.id === 'general'
      ? (concepts.find((c) => c.id === (match ?? references[0])?.concept) ?? concept)
      : concept;
  steps.push(`**Step 6 — limiting case.** ${topical.hints[0]} ${topical.misconception}`);
  const verdictLine = {
    correct: '**Verdict: correct.** Units agree and it matches the standard result.',
    incorrect: '**Verdict: incorrect** at the step marked above; fix that and check again.',
    undecided:
      '**Verdict: cannot be decided from this alone.** The checks above are what I could do; tell me what each symbol means or what the formula should describe.',
  }[verdict];
  return [...steps, verdictLine].join('\n\n');
}
