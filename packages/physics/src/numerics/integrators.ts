/**
 * Adaptive Runge–Kutta integration of planar curves dr/ds = F(r), used to trace field lines.
 *
 * Method: the Dormand–Prince 5(4) pair (J. R. Dormand, P. J. Prince, J. Comput. Appl. Math. 6,
 * 19 (1980)), the scheme behind MATLAB's ode45. Each step costs six evaluations of F (the
 * seventh is reused as the first of the next step, "first same as last"); the difference between
 * the embedded 5th- and 4th-order results estimates the local error, and the step grows or shrinks
 * by (tol/err)^(1/5) to keep it near `tolerance`. Where the field bends sharply (near a charge or
 * a saddle) the steps shrink; on straight stretches they grow to `maxStep`. A curve that runs into
 * a zero of the field (where the direction flips) ends there.
 */
import type { Domain } from './grid.js';

/** Writes the direction of the curve at (x, y) into out[0], out[1]; returns false where undefined. */
export type PlanarField = (x: number, y: number, out: Float64Array) => boolean;

export interface TraceOptions {
  /** Largest step, in the units of x and y; bounds the spacing of the output points. */
  maxStep: number;
  /** Smallest step before the trace gives up. */
  minStep: number;
  /** Local error per step, in the units of x and y. */
  tolerance: number;
  /** Arc length after which the trace stops. */
  maxLength: number;
  maxSteps: number;
  /** Stop at the edge of this rectangle; the last point is placed on the edge. */
  domain: Domain;
  /** Called after each accepted step; a non-null result stops the trace with that point appended. */
  stop?: (x: number, y: number) => { x: number; y: number } | null;
}

export type TraceEnd = 'stopped' | 'edge' | 'length' | 'steps' | 'stagnation';

export interface TracedCurve {
  x: number[];
  y: number[];
  end: TraceEnd;
}

// Dormand–Prince tableau.
const A21 = 1 / 5;
const A31 = 3 / 40;
const A32 = 9 / 40;
const A41 = 44 / 45;
const A42 = -56 / 15;
const A43 = 32 / 9;
const A51 = 19372 / 6561;
const A52 = -25360 / 2187;
const A53 = 64448 / 6561;
const A54 = -212 / 729;
const A61 = 9017 / 3168;
const A62 = -355 / 33;
const A63 = 46732 / 5247;
const A64 = 49 / 176;
const A65 = -5103 / 18656;
const B1 = 35 / 384;
const B3 = 500 / 1113;
const B4 = 125 / 192;
const B5 = -2187 / 6784;
const B6 = 11 / 84;
// Differences between the 5th- and 4th-order weights: the error estimate.
const E1 = 71 / 57600;
const E3 = -71 / 16695;
const E4 = 71 / 1920;
const E5 = -17253 / 339200;
const E6 = 22 / 525;
const E7 = -1 / 40;

/** Traces from (x0, y0) along F until a stop condition; returns the accepted points. */
export function traceCurve(field: PlanarField, x0: number, y0: number, options: TraceOptions): TracedCurve {
  const { domain } = options;
  const xs = [x0];
  const ys = [y0];
  const k1 = new Float64Array(2);
  const k2 = new Float64Array(2);
  const k3 = new Float64Array(2);
  const k4 = new Float64Array(2);
  const k5 = new Float64Array(2);
  const k6 = new Float64Array(2);
  const k7 = new Float64Array(2);
  let x = x0;
  let y = y0;
  let h = options.maxStep / 4;
  let length = 0;
  if (!field(x, y, k1)) return { x: xs, y: ys, end: 'stagnation' };

  for (let step = 0; step < options.maxSteps; ) {
    const f2 = field(x + h * A21 * k1[0]!, y + h * A21 * k1[1]!, k2);
    const f3 = field(x + h * (A31 * k1[0]! + A32 * k2[0]!), y + h * (A31 * k1[1]! + A32 * k2[1]!), k3);
    const f4 = field(
      x + h * (A41 * k1[0]! + A42 * k2[0]! + A43 * k3[0]!),
      y + h * (A41 * k1[1]! + A42 * k2[1]! + A43 * k3[1]!),
      k4,
    );
    const f5 = field(
      x + h * (A51 * k1[0]! + A52 * k2[0]! + A53 * k3[0]! + A54 * k4[0]!),
      y + h * (A51 * k1[1]! + A52 * k2[1]! + A53 * k3[1]! + A54 * k4[1]!),
      k5,
    );
    const f6 = field(
      x + h * (A61 * k1[0]! + A62 * k2[0]! + A63 * k3[0]! + A64 * k4[0]! + A65 * k5[0]!),
      y + h * (A61 * k1[1]! + A62 * k2[1]! + A63 * k3[1]! + A64 * k4[1]! + A65 * k5[1]!),
      k6,
    );
    const xn = x + h * (B1 * k1[0]! + B3 * k3[0]! + B4 * k4[0]! + B5 * k5[0]! + B6 * k6[0]!);
    const yn = y + h * (B1 * k1[1]! + B3 * k3[1]! + B4 * k4[1]! + B5 * k5[1]! + B6 * k6[1]!);
    const f7 = field(xn, yn, k7);
    let err = Number.POSITIVE_INFINITY;
    if (f2 && f3 && f4 && f5 && f6 && f7) {
      const ex = h * (E1 * k1[0]! + E3 * k3[0]! + E4 * k4[0]! + E5 * k5[0]! + E6 * k6[0]! + E7 * k7[0]!);
      const ey = h * (E1 * k1[1]! + E3 * k3[1]! + E4 * k4[1]! + E5 * k5[1]! + E6 * k6[1]! + E7 * k7[1]!);
      err = Math.max(Math.abs(ex), Math.abs(ey)) / options.tolerance;
    }
    if (err > 1) {
      // Rejected: shrink (at most tenfold) and retry from the same point.
      h *= Math.max(0.1, 0.9 * err ** -0.2);
      if (h < options.minStep) return { x: xs, y: ys, end: 'stagnation' };
      continue;
    }
    step++;
    if (!insideDomain(xn, yn, domain)) {
      const t = fractionToEdge(x, y, xn, yn, domain);
      xs.push(x + t * (xn - x));
      ys.push(y + t * (yn - y));
      return { x: xs, y: ys, end: 'edge' };
    }
    length += Math.hypot(xn - x, yn - y);
    x = xn;
    y = yn;
    xs.push(x);
    ys.push(y);
    const stop = options.stop?.(x, y);
    if (stop) {
      xs.push(stop.x);
      ys.push(stop.y);
      return { x: xs, y: ys, end: 'stopped' };
    }
    // An accepted step whose end direction opposes its start has crossed a zero of the field (a
    // saddle between charges): the curve ends there instead of zig-zagging on the spot.
    if (k1[0]! * k7[0]! + k1[1]! * k7[1]! < 0) return { x: xs, y: ys, end: 'stagnation' };
    if (length >= options.maxLength) return { x: xs, y: ys, end: 'length' };
    k1.set(k7);
    h = Math.min(options.maxStep, h * Math.min(5, 0.9 * Math.max(err, 1e-10) ** -0.2));
  }
  return { x: xs, y: ys, end: 'steps' };
}

function insideDomain(x: number, y: number, d: Domain): boolean {
  return x >= d.x_min && x <= d.x_max && y >= d.y_min && y <= d.y_max;
}

/** The fraction t ∈ [0, 1] of the segment (x0,y0)→(x1,y1) at which it leaves the rectangle. */
function fractionToEdge(x0: number, y0: number, x1: number, y1: number, d: Domain): number {
  let t = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  if (x1 > d.x_max) t = Math.min(t, (d.x_max - x0) / dx);
  if (x1 < d.x_min) t = Math.min(t, (d.x_min - x0) / dx);
  if (y1 > d.y_max) t = Math.min(t, (d.y_max - y0) / dy);
  if (y1 < d.y_min) t = Math.min(t, (d.y_min - y0) / dy);
  return Math.max(0, t);
}
