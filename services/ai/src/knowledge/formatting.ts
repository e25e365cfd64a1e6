import { math } from '../math.js';
import { DISPLAY_PREFIXES } from '../si-prefix.js';
import { superscriptOf } from '../tools/superscripts.js';
import type { CourseResult } from './knowledge-base.js';

/** Numbers and formulas as the tutor writes them: plain text for reading, TeX for typesetting. */

/** Three significant digits; powers of ten outside 0.001 … 10⁶. */
function parts(exact: number): { mantissa: string; exponent: number } {
  if (exact === 0) return { mantissa: '0', exponent: 0 };
  // Rounded first, so 999.9999 is 1000 ("1.00e+3" otherwise), like the 1000 it comes from.
  const value = Number(exact.toPrecision(3));
  const abs = Math.abs(value);
  // 71 890 → "71900" (toPrecision would write 7.19e+4); below 1000 the significant zeros stay: 25.0.
  if (abs >= 1000 && abs < 1e6) return { mantissa: String(Number(value.toPrecision(3))), exponent: 0 };
  if (abs >= 0.001 && abs < 1000) return { mantissa: value.toPrecision(3), exponent: 0 };
  const [m, e] = value.toExponential(2).split('e');
  return { mantissa: m!, exponent: Number(e) };
}

export function plainNumber(value: number): string {
  const { mantissa, exponent } = parts(value);
  if (exponent === 0) return mantissa;
  const sup = superscriptOf(exponent);
  return `${mantissa} × 10${sup}`;
}

export function texNumber(value: number): string {
  const { mantissa, exponent } = parts(value);
  return exponent === 0 ? mantissa : `${mantissa}\\times10^{${exponent}}`;
}

export function texUnit(unit: string): string {
  if (!unit) return '';
  if (unit === '°') return '^\\circ';
  const body = unit.replace(/²/g, '^2').replace(/³/g, '^3').replace(/·/g, '\\cdot ');
  return `\\,\\mathrm{${body}}`;
}

const PREFIXABLE = new Set(['T', 'C', 'A', 'm', 'V', 'H', 'J', 'N', 'Pa', 'Hz', 'W']);

/** "2.51 × 10⁻⁵ T (25.1 μT)": the SI value and, for a simple unit, the same with a prefix. */
export function plainQuantity(value: number, unit: string): string {
  const base = `${plainNumber(value)}${unit === '°' ? '°' : unit ? ` ${unit}` : ''}`;
  const abs = Math.abs(value);
  if (!PREFIXABLE.has(unit) || abs === 0 || (abs >= 1 && abs < 1e3)) return base;
  const [factor, prefix] = DISPLAY_PREFIXES.find(([f]) => abs >= f) ?? [1, ''];
  if (factor === 1) return base;
  return `${base} (${plainNumber(value / factor)} ${prefix}${unit})`;
}

const CONSTANT_TEX: Record<string, string> = {
  mu0: '\\mu_0',
  eps0: '\\varepsilon_0',
  k: 'k',
  c: 'c',
  e: 'e',
  me: 'm_e',
  mp: 'm_p',
};

/**
 * The result's expression in TeX with the question's numbers in place of its variables:
 * `\frac{\mu_0\cdot(2\,\mathrm{A})}{2\cdot(0.05\,\mathrm{m})}`.
 */
export function substitutionTex(
  result: CourseResult,
  values: Record<string, number>,
  unitOf: (name: string) => string,
): string {
  const node = math.parse(result.compute!.expr);
  return node.toTex({
    handler: (n: { type: string; name?: string }) => {
      if (n.type !== 'SymbolNode' || n.name === undefined) return undefined;
      if (n.name in values) return `\\left(${texNumber(values[n.name]!)}${texUnit(unitOf(n.name))}\\right)`;
      return CONSTANT_TEX[n.name];
    },
  });
}

/**
 * The result's expression with only the values the question fixes in place, the other variables
 * left as symbols: `\frac{Δ}{c\cdot\sqrt{3}}`; with pure numbers only, also what the fixed part
 * comes to (`\approx \frac{0.577\cdot Δ}{c}`, `= \frac{Δ}{c}`), which a student compares at a glance.
 */
export function partialTex(
  result: CourseResult,
  values: Record<string, number>,
  unitOf: (name: string) => string,
  letters: ReadonlyMap<string, string> = new Map(),
): string {
  const node = math.parse(result.compute!.expr);
  const short = (v: number) => String(Number(v.toPrecision(3)));
  const handler = (n: { type: string; name?: string; value?: unknown }) => {
    if (n.type === 'ConstantNode' && typeof n.value === 'number') return short(n.value);
    if (n.type !== 'SymbolNode' || n.name === undefined) return undefined;
    if (!(n.name in values)) return CONSTANT_TEX[n.name] ?? letters.get(n.name);
    const unit = unitOf(n.name);
    return unit ? `\\left(${texNumber(values[n.name]!)}${texUnit(unit)}\\right)` : short(values[n.name]!);
  };
  const exact = node.toTex({ parenthesis: 'auto', handler });
  if (Object.keys(values).some((name) => unitOf(name))) return exact;
  const folded = math.simplify(
    node.transform((n) =>
      math.isSymbolNode(n) && n.name in values ? new math.ConstantNode(values[n.name]!) : n,
    ),
  );
  const decimals = folded.filter((n) => math.isConstantNode(n) && !Number.isInteger(n.value)).length > 0;
  const simple = folded.toTex({ parenthesis: 'auto', handler });
  // Δ/(c√1) is Δ/c: an exact simplification is written with =, a rounded one with ≈.
  if (simple === exact) return exact;
  return `${exact} ${decimals ? '\\approx' : '='} ${simple}`;
}

/** The result's formula as display TeX. */
export function formulaLine(result: CourseResult): string {
  return `$$${result.tex}$$`;
}
