// How the tutor evaluation reads a reply: its lead, the numbers it states (digits, × 10^n,
// superscripts, SI prefixes on the unit after them), the results it asserts, and refusals.
import { plainSuperscripts } from '../../dist/tools/superscripts.js';

/** The opening of a reply, what a student reads first: its first paragraph (a statement and its display formula), at most 400 characters. */
export function leadOf(reply) {
  const trimmed = reply.trimStart();
  const para = /\n\s*\n/.exec(trimmed);
  return trimmed.slice(0, Math.min(para ? para.index : trimmed.length, 400));
}

const GREEK = {
  mu: 'μ',
  varepsilon: 'ε',
  epsilon: 'ε',
  pi: 'π',
  theta: 'θ',
  lambda: 'λ',
  sigma: 'σ',
  rho: 'ρ',
  omega: 'ω',
  eta: 'η',
  Phi: 'φ',
  phi: 'φ',
  nabla: '∇',
  partial: '∂',
  oint: '∮',
  ell: 'ℓ',
  Delta: 'δ',
};

/**
 * One spelling for formulas written in TeX or plain Unicode: `\mu_0 I/(2R)` and `μ₀ I / (2R)` both
 * become `μ0i/2r`; spaces, braces, sub/superscript marks and parentheses go.
 */
export function normalise(text) {
  let t = text.normalize('NFKC');
  for (let i = 0; i < 3; i++) t = t.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '($1)/($2)');
  t = t
    .replace(/\\sqrt\s*\{([^{}]*)\}/g, '√($1)')
    .replace(/\\(mathbf|mathrm|text|boldsymbol|vec|hat|left|right|,|;|!|quad)/g, '')
    .replace(/\\(cdot)/g, '·')
    .replace(/\\(times)/g, '×')
    .replace(/\\le(q)?/g, '≤')
    .replace(/\\(approx)/g, '≈')
    .replace(/\\([A-Za-z]+)/g, (_m, name) => GREEK[name] ?? name);
  return t
    .toLowerCase()
    .replace(/[−–]/g, '-')
    .replace(/µ/g, 'μ')
    .replace(/[\s{}$_^()*[\]]/g, '')
    .replace(/\\/g, '');
}

/**
 * Every group (alternatives split by |) has one alternative in the text: as written, or, for an
 * alternative that is a number (with a power of ten and a unit, "4 × 10^-5", "40 μT", "53.1°"),
 * as a number the text states within 1.5 % (SI prefixes scaled, as word problems are scored), so
 * "4.00 × 10⁻⁵ T" is the "4 × 10^-5" asked for.
 */
export function matchesAll(text, groups) {
  const t = normalise(text);
  let stated;
  return groups.every((group) =>
    group.split('|').some((alt) => {
      if (t.includes(normalise(alt))) return true;
      const wanted = numericAlternative(alt);
      if (!wanted) return false;
      stated ??= numbersIn(text);
      return wanted.some((w) => stated.some((n) => close(n, w)));
    }),
  );
}

/** Within 1.5 % of the expected value (exactly, for zero). */
export function close(a, b) {
  if (b === 0) return a === 0;
  return Math.abs(a - b) <= 0.015 * Math.abs(b);
}

// A number, then at most a unit: letters, μ, Ω, °, %, a slash and powers ("N/C", "m²"), not
// words of another script ("4倍") or an expression ("1/4", "2ε0").
const UNIT_ONLY = /^\s*(?:[A-Za-zμµΩ°%·²³]+(?:\/[A-Za-z²³]+)?)?\s*$/;

/** The values of an alternative that is a number with at most a unit, else undefined. */
function numericAlternative(alt) {
  const plain = alt.trim().replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g, (s) => `^${plainSuperscripts(s)}`);
  // A copy: exec on the shared global pattern would move the lastIndex numbersIn starts from.
  const m = new RegExp(NUMBER.source).exec(plain);
  if (m?.index !== 0 || !UNIT_ONLY.test(plain.slice(m[0].length))) return undefined;
  return numbersIn(alt);
}

const PREFIX = { p: 1e-12, n: 1e-9, μ: 1e-6, µ: 1e-6, u: 1e-6, m: 1e-3, k: 1e3, M: 1e6, G: 1e9 };
const BASE = '(?:T|C|V|A|N|J|H|W|Pa|F|Ω|eV|m|s|G)';
const NUMBER = new RegExp(
  String.raw`(?<![\w.^])([-+]?\d+(?:[.,]\d+)*(?:\.\d+)?)(?:\s*(?:[eE]([-+]?\d+)|(?:×|x|\\times|\*)\s*10\s*\^?\s*\{?\(?\s*([-+−]?\d+)\)?\}?))?(?:\s*(?:\\,|\\mathrm\{|\\text\{)?\s*([pnμµumkMG])(?=${BASE}))?`,
  'g',
);

/** The numbers a text states, each also scaled by the SI prefix of the unit after it. */
export function numbersIn(text, { claimed = false } = {}) {
  const plain = text.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g, (s) => `^${plainSuperscripts(s)}`);
  const out = [];
  for (const m of plain.matchAll(NUMBER)) {
    const digits = m[1].replace(/,(?=\d{3}\b)/g, '');
    let value = Number(digits);
    if (!Number.isFinite(value)) continue;
    const exp = m[2] ?? m[3];
    if (exp !== undefined) value *= 10 ** Number(exp.replace('−', '-'));
    // "19.7 %" states the fraction 0.197 (a reflectance); on a result line it claims only that.
    const percent = /^\s*(?:\\,)?\s*\\?%/.test(plain.slice(m.index + m[0].length));
    if (percent) out.push(value / 100);
    // A claim "(8.53 mm)" asserts 0.00853 m, not a bare 8.53; elsewhere either may be meant.
    if (!(claimed && (m[4] || percent))) out.push(value);
    if (m[4]) out.push(value * PREFIX[m[4]]);
  }
  return out;
}

/** The numbers on a reply's result lines (`**Result:**`, `**结果：**`, `Answer:`), what it claims. */
export function assertedNumbers(reply) {
  return resultLines(reply).flatMap((claim) => numbersIn(claim, { claimed: true }));
}

/**
 * The sizes a result line states with their sign in words ("|σ| = 1.99 × 10⁻⁶ C/m², negative"):
 * such a line claims both the size and the negative value.
 */
export function saidNegative(reply) {
  return resultLines(reply)
    .filter((claim) => SAID_NEGATIVE.test(claim))
    .flatMap((claim) => numbersIn(claim, { claimed: true }));
}

const resultLines = (reply) =>
  reply
    .split('\n')
    .filter((l) => /^\W*(result|answer|结果|答案|答)\W/i.test(l))
    .map((l) => l.replace(/^[^:：]*[:：]/, ''));

const SAID_NEGATIVE = /^[\s*]*\|[^|]+\|.*(\bnegative\b|为负)/i;

/** A refusal: nothing cited and nothing claimed. */
export function refused(answer) {
  return (answer.citations ?? []).length === 0;
}
