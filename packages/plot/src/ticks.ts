/** Tick positions and tick labels, shared by axes and colorbars. */

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
};

export const MINUS = '\u2212';

export function superscript(n: number): string {
  return String(n)
    .split('')
    .map((c) => SUPERSCRIPT[c] ?? c)
    .join('');
}

/** 10^k exactly (10 ** -5 is 0.000009999…). */
export function decade(k: number): number {
  return Number(`1e${k}`);
}

/** 1, 2, 2.5 or 5 times a power of ten, so about `count` steps cover `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return nice * mag;
}

export function linearTicks(min: number, max: number, count: number): number[] {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  if (!(hi > lo)) return [lo];
  const step = niceStep(hi - lo, count);
  const first = Math.ceil(lo / step - 1e-9);
  const last = Math.floor(hi / step + 1e-9);
  const out: number[] = [];
  // toPrecision trims float noise (0.6000000000000001) so labels and equality checks stay clean
  for (let i = first; i <= last && out.length < 100; i++)
    out.push(Math.abs(i * step) < step * 1e-9 ? 0 : Number((i * step).toPrecision(12)));
  return out;
}

/** Decades inside [min, max] (both > 0), thinned to at most `count`; finer 2-5 steps when under two decades. */
export function logTicks(min: number, max: number, count: number): number[] {
  const lo = Math.log10(Math.min(min, max));
  const hi = Math.log10(Math.max(min, max));
  const k0 = Math.ceil(lo - 1e-9);
  const k1 = Math.floor(hi + 1e-9);
  const decades = k1 - k0 + 1;
  if (decades >= 2) {
    const stride = Math.max(1, Math.ceil(decades / Math.max(2, count)));
    const out: number[] = [];
    for (let k = k0; k <= k1; k++) if ((k - k0) % stride === 0) out.push(decade(k));
    return out;
  }
  const out: number[] = [];
  for (let k = Math.floor(lo); k <= Math.ceil(hi); k++) {
    for (const m of [1, 2, 5]) {
      const v = m * decade(k);
      if (v >= 10 ** lo * (1 - 1e-9) && v <= 10 ** hi * (1 + 1e-9)) out.push(v);
    }
  }
  return out.length >= 2 ? out : linearTicks(10 ** lo, 10 ** hi, count);
}

/** Every m·10^k (m from `mantissas`) inside [min, max], both > 0. */
export function mantissaTicks(min: number, max: number, mantissas: number[]): number[] {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  if (!(lo > 0)) return [];
  const out: number[] = [];
  for (let k = Math.floor(Math.log10(lo)); k <= Math.ceil(Math.log10(hi)) && out.length < 200; k++) {
    for (const m of mantissas) {
      const v = Number(`${m}e${k}`);
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push(v);
    }
  }
  return out;
}

/** 0 and ±decades from the linear threshold up to the largest magnitude in range. */
export function symlogTicks(min: number, max: number, linthresh: number, count: number): number[] {
  const absMax = Math.max(Math.abs(min), Math.abs(max));
  if (!(absMax > 0)) return [0];
  const k0 = Math.ceil(Math.log10(linthresh) - 1e-9);
  const k1 = Math.floor(Math.log10(absMax) + 1e-9);
  const both = min < 0 && max > 0;
  const perSide = Math.max(1, Math.floor((count - 1) / (both ? 2 : 1)));
  const stride = Math.max(1, Math.ceil((k1 - k0 + 1) / perSide));
  const mags: number[] = [];
  for (let k = k1; k >= k0; k -= stride) mags.push(decade(k));
  const out: number[] = [];
  for (const m of mags) if (-m >= min) out.push(-m);
  if (min <= 0 && max >= 0) out.push(0);
  for (const m of mags.reverse()) if (m <= max) out.push(m);
  out.sort((a, b) => a - b);
  return out.length > 0 ? out : linearTicks(min, max, count);
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

function sign(v: number): string {
  return v < 0 ? MINUS : '';
}

/** `2×10⁻⁵`, `10³`, `0`: one number in powers-of-ten form. */
export function formatPower(v: number, digits = 2, keepOne = false): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  let e = Math.floor(Math.log10(a));
  let m = Number((a / 10 ** e).toFixed(digits));
  if (m >= 10) {
    m /= 10;
    e += 1;
  }
  const mant = trimZeros(m.toFixed(digits));
  return `${sign(v)}${mant === '1' && !keepOne ? '' : `${mant}×`}10${superscript(e)}`;
}

/** Labels for evenly spaced ticks: plain decimals for everyday magnitudes, powers of ten otherwise. */
export function formatLinearTicks(ticks: number[]): string[] {
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : Math.abs(ticks[0] ?? 1) || 1;
  const maxAbs = Math.max(...ticks.map(Math.abs));
  if (maxAbs === 0) return ticks.map(() => '0');
  const e = Math.floor(Math.log10(maxAbs));
  const stepExp = Math.floor(Math.log10(step) + 1e-9);
  if (e >= -3 && e <= 4) {
    const decimals = Math.max(
      0,
      -stepExp + (step / 10 ** stepExp >= 2.49 && step / 10 ** stepExp < 2.51 ? 1 : 0),
    );
    return ticks.map((v) => {
      const s = Math.abs(v).toFixed(Math.min(decimals, 10));
      return Number(s) === 0 ? '0' : `${sign(v)}${s}`;
    });
  }
  // "1×10⁻⁵" beside "2×10⁻⁵": a bare "10⁻⁵" would read as a different kind of label in the row
  return ticks.map((v) =>
    v === 0 ? '0' : formatPower(v, Math.max(0, Math.floor(Math.log10(Math.abs(v))) - stepExp + 1), true),
  );
}

/** A readable number for annotations: 3 significant digits, powers of ten outside 1e-3..1e5. */
export function formatValue(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-3 && a < 1e5) return `${sign(v)}${trimZeros(String(Number(a.toPrecision(digits))))}`;
  return formatPower(v, digits - 1);
}
