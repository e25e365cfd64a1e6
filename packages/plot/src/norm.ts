import { linearTicks, logTicks, mantissaTicks, symlogTicks } from './ticks.js';

export type NormKind = 'linear' | 'log' | 'symlog';

/** How data values map onto the 0..1 colormap axis. */
export interface Norm {
  kind: NormKind;
  vmin: number;
  vmax: number;
  /** symlog only: below this magnitude the scale is (nearly) linear */
  linthresh?: number;
}

/** Returns t (unclamped; NaN for values the scale cannot place, e.g. ≤ 0 on a log scale). */
export function normalizer(norm: Norm): (v: number) => number {
  const { vmin, vmax } = norm;
  if (norm.kind === 'log') {
    const l0 = Math.log10(vmin);
    const span = Math.log10(vmax) - l0 || 1;
    return (v) => (v > 0 ? (Math.log10(v) - l0) / span : v === 0 ? 0 : Number.NaN);
  }
  if (norm.kind === 'symlog') {
    const c = norm.linthresh ?? 1;
    // log10(1 + |v|/c): smooth through zero, logarithmic for |v| ≫ c (no kink as in a piecewise symlog)
    const f = (v: number) => Math.sign(v) * Math.log10(1 + Math.abs(v) / c);
    const f0 = f(vmin);
    const span = f(vmax) - f0 || 1;
    return (v) => (f(v) - f0) / span;
  }
  const span = vmax - vmin || 1;
  return (v) => (v - vmin) / span;
}

/** Tick values; `mantissas` (log and symlog) asks for every m·10^k inside the range instead. */
export function normTicks(norm: Norm, count: number, mantissas?: number[]): number[] {
  if (norm.kind === 'log')
    return mantissas ? mantissaTicks(norm.vmin, norm.vmax, mantissas) : logTicks(norm.vmin, norm.vmax, count);
  if (norm.kind === 'symlog') {
    if (!mantissas) return symlogTicks(norm.vmin, norm.vmax, norm.linthresh ?? 1, count);
    const c = norm.linthresh ?? 1;
    // the linear core of the bar (below c) carries 0 only; ticks from c up, on each side in range
    const pos = norm.vmax > c ? mantissaTicks(c, norm.vmax, mantissas) : [];
    const neg = norm.vmin < -c ? mantissaTicks(c, -norm.vmin, mantissas).map((v) => -v) : [];
    const zero = norm.vmin <= 0 && norm.vmax >= 0 ? [0] : [];
    return [...neg, ...zero, ...pos].sort((a, b) => a - b);
  }
  return linearTicks(norm.vmin, norm.vmax, count);
}

export interface AutoNormOptions {
  /** Force a sign-symmetric range (diverging colormaps put zero in the middle). */
  symmetric?: boolean;
  /** Clip the top 0.5 % so a singular point (a charge, a wire) does not wash out the map. */
  robust?: boolean;
  /** log/symlog: how many decades below the top the scale reaches. */
  decades?: number;
  /**
   * symlog on one-signed data: span the data's own range (robust quantiles when `robust`)
   * instead of reaching to zero, so values that all lie far from zero still spread over the map.
   */
  dataRange?: boolean;
}

interface Stats {
  min: number;
  max: number;
  minPositive: number;
  count: number;
  hasNeg: boolean;
  hasPos: boolean;
}

function stats(values: ArrayLike<number>): Stats {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let minPositive = Number.POSITIVE_INFINITY;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    count++;
    if (v < min) min = v;
    if (v > max) max = v;
    if (v > 0 && v < minPositive) minPositive = v;
  }
  return { min, max, minPositive, count, hasNeg: min < 0, hasPos: max > 0 };
}

/** Whether the finite values include negative and positive ones. */
export function signsOf(values: ArrayLike<number>): { hasNeg: boolean; hasPos: boolean } {
  const { hasNeg, hasPos } = stats(values);
  return { hasNeg, hasPos };
}

/** A quantile of |v| (or v) from an evenly strided sample: exact enough for a colour range, and O(4096 log). */
function sampledQuantile(values: ArrayLike<number>, q: number, abs: boolean): number {
  const n = values.length;
  const stride = Math.max(1, Math.floor(n / 4096));
  const sample: number[] = [];
  for (let i = 0; i < n; i += stride) {
    const v = values[i]!;
    if (Number.isFinite(v)) sample.push(abs ? Math.abs(v) : v);
  }
  if (sample.length === 0) return 0;
  sample.sort((a, b) => a - b);
  return sample[Math.min(sample.length - 1, Math.floor(q * (sample.length - 1)))]!;
}

function widen(lo: number, hi: number): [number, number] {
  if (hi > lo) return [lo, hi];
  const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
  return [lo - pad, hi + pad];
}

/** Picks a range (and threshold) for `kind`, falling back to linear when the data cannot carry it. */
export function autoNorm(values: ArrayLike<number>, kind: NormKind, opts: AutoNormOptions = {}): Norm {
  const s = stats(values);
  if (s.count === 0) return { kind: 'linear', vmin: 0, vmax: 1 };
  const decades = opts.decades ?? (kind === 'log' ? 5 : 3);
  if (kind === 'log') {
    if (!s.hasPos) return autoNorm(values, 'linear', opts);
    let vmax = opts.robust ? Math.min(s.max, sampledQuantile(values, 0.995, false)) : s.max;
    if (!(vmax > 0)) vmax = s.max;
    const vmin = Math.max(s.minPositive, vmax / 10 ** decades);
    if (!(vmax > vmin)) return { kind: 'log', vmin: vmax / 10, vmax: vmax * 10 };
    return { kind: 'log', vmin, vmax };
  }
  if (kind === 'symlog') {
    const absMax = Math.max(Math.abs(s.min), Math.abs(s.max));
    if (absMax === 0) return autoNorm(values, 'linear', opts);
    let top = opts.robust ? sampledQuantile(values, 0.995, true) : absMax;
    if (!(top > 0)) top = absMax;
    const linthresh = top / 10 ** decades;
    const both = (s.hasNeg && s.hasPos) || opts.symmetric;
    if (!both && opts.dataRange) {
      const lo = opts.robust ? Math.max(s.min, sampledQuantile(values, 0.005, false)) : s.min;
      const hi = opts.robust ? Math.min(s.max, sampledQuantile(values, 0.995, false)) : s.max;
      if (hi > lo) return { kind: 'symlog', vmin: lo, vmax: hi, linthresh };
    }
    const vmin = both ? -top : s.hasNeg ? -top : 0;
    const vmax = both ? top : s.hasNeg ? 0 : top;
    return { kind: 'symlog', vmin, vmax, linthresh };
  }
  let lo = s.min;
  let hi = s.max;
  if (opts.robust) {
    lo = Math.max(lo, sampledQuantile(values, 0.005, false));
    hi = Math.min(hi, sampledQuantile(values, 0.995, false));
  }
  if (opts.symmetric) {
    const m = Math.max(Math.abs(lo), Math.abs(hi));
    [lo, hi] = widen(-m, m);
    return { kind: 'linear', vmin: lo, vmax: hi };
  }
  [lo, hi] = widen(lo, hi);
  return { kind: 'linear', vmin: lo, vmax: hi };
}

/** Values evenly spaced in colour space (so contours follow the colour scale), inside the open range. */
export function normLevels(norm: Norm, count: number): number[] {
  const t = normalizer(norm);
  const inverse = (u: number): number => {
    let lo = norm.vmin;
    let hi = norm.vmax;
    if (norm.kind === 'linear') return lo + u * (hi - lo);
    if (norm.kind === 'log') return 10 ** (Math.log10(lo) + u * (Math.log10(hi) - Math.log10(lo)));
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (t(mid) < u) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const out: number[] = [];
  for (let i = 1; i <= count; i++) out.push(inverse(i / (count + 1)));
  return out;
}
