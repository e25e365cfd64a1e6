import { SI_PREFIX } from '../si-prefix.js';

/** Numbers with units in a student's message ("q = 2 μC", "I: 3 A", "n1=1.5"), converted to SI. */

export interface Quantity {
  symbol: string;
  /** In SI base units (degrees stay degrees). */
  value: number;
  /** The SI unit the value is in, or '' when none was written. */
  unit: string;
  /** As written, for quoting back. */
  written: string;
}

// The same constants as the physics package, so simulated answers match the lab.
export const K_COULOMB = 8.9875517923e9;
export const EPSILON_0 = 8.8541878128e-12;
export const MU_0 = 1.25663706212e-6;
export const SPEED_OF_LIGHT = 299_792_458;

const BASE_UNITS = new Set(['C', 'A', 'm', 'V', 'T', 'Hz', 's', 'F', 'H', 'N', 'W', 'J', 'Ω']);
function toSi(unit: string | undefined): { unit: string; scale: number } | undefined {
  if (unit === undefined || unit === '') return { unit: '', scale: 1 };
  if (unit === '°' || unit === 'deg' || unit === 'degrees') return { unit: '°', scale: 1 };
  if (BASE_UNITS.has(unit)) return { unit, scale: 1 };
  const prefix = SI_PREFIX[unit[0]!];
  const rest = unit.slice(1);
  if (prefix !== undefined && BASE_UNITS.has(rest)) return { unit: rest, scale: prefix };
  return undefined;
}

const QUANTITY =
  /(?<![\p{L}\p{N}_])([A-Za-zθεμσλΦ][A-Za-z0-9_θεμσλ]{0,11})\s*(?:=|:|≈)\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?:\s*(?:×|x|\*)\s*10\^?\(?(-?\d+)\)?)?\s*(°|[a-zA-ZμµΩ]{1,7})?/gu;

export function extractQuantities(text: string): Map<string, Quantity> {
  const found = new Map<string, Quantity>();
  for (const match of text.matchAll(QUANTITY)) {
    const [written, symbol, mantissa, exponent, rawUnit] = match;
    // A word after the number that is not a unit ("N = 500 turns") leaves the number as written.
    const si = toSi(rawUnit) ?? { unit: '', scale: 1 };
    if (symbol === undefined || mantissa === undefined) continue;
    const value = cleanNumber(Number(mantissa) * 10 ** Number(exponent ?? 0) * si.scale);
    if (!Number.isFinite(value) || found.has(symbol)) continue;
    found.set(symbol, { symbol, value, unit: si.unit, written: written.trim() });
  }
  return found;
}

/** The first of the given symbols that was written, e.g. pick(q, 'q', 'Q'). */
export function pick(quantities: Map<string, Quantity>, ...symbols: string[]): Quantity | undefined {
  for (const symbol of symbols) {
    const quantity = quantities.get(symbol);
    if (quantity) return quantity;
  }
  return undefined;
}

/**
 * A value read from a message without the float noise of its prefix (3 × 1e-9 is
 * 3.0000000000000004e-9, 0.7 × 0.01 is 0.006999999999999999): twelve significant digits, more
 * than anyone writes, so shown expressions read "3e-9 / (0.007)^2" and the value is unchanged.
 */
export function cleanNumber(value: number): number {
  return Number.isFinite(value) && value !== 0 ? Number(value.toPrecision(12)) : value;
}

/** Three significant figures, engineering-friendly: 1.23e-5 rather than 0.0000123. */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e5) return Number(value.toPrecision(3)).toString();
  const [mantissa, exponent] = value.toExponential(2).split('e');
  return `${mantissa} × 10^${Number(exponent)}`;
}

/**
 * Significant figures that make two nearby values show their real difference: 22467 and 22469
 * rather than 22500 and 22500 next to "they differ by 0.01 %".
 */
export function sharedDigits(a: number, b: number): number {
  const relative = Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), Number.MIN_VALUE);
  if (relative === 0) return 3;
  return Math.min(8, Math.max(3, Math.ceil(-Math.log10(relative)) + 1));
}

/** `formatNumber` with `digits` significant figures (three or fewer: formatNumber itself). */
export function formatDigits(value: number, digits: number): string {
  if (digits <= 3) return formatNumber(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e6) return Number(value.toPrecision(digits)).toString();
  const [mantissa, exponent] = value.toExponential(digits - 1).split('e');
  return `${mantissa} × 10^${Number(exponent)}`;
}
