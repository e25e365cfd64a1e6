/**
 * The fields of point charges and of infinite straight wires at one point, in closed form. The
 * solvers fill their grids with the same sums in typed-array loops (`solvers/point-charges.ts`,
 * `solvers/wire-field.ts`); these evaluate them anywhere else: at a sweep's probe point between
 * the nodes, or for a figure that draws a field its solver does not return. The field of a
 * circular loop is `loopField` in `numerics/loop-field.ts`.
 */
import { COULOMB_K, MU_0 } from './constants.js';

/** A point charge q (C) at (x, y) (m) in the plane z = 0. */
export interface PointCharge {
  x: number;
  y: number;
  q: number;
}

/** An infinite straight wire along z through (x, y) (m), reduced to its signed current along +z (A). */
export interface LineCurrent {
  x: number;
  y: number;
  current: number;
}

/** The current along +z of a wire as requests give it: along `direction`, 'z' unless it is '-z'. */
export function signedCurrent(wire: { current: number; direction?: string }): number {
  return wire.direction === '-z' ? -wire.current : wire.current;
}

export interface CoulombField {
  /** V/m */
  ex: number;
  /** V/m */
  ey: number;
  /** V, zero at infinity */
  v: number;
}

/**
 * E and V of point charges at (x, y) in their plane, by superposition:
 *   E = Σ k q_i (r − r_i)/|r − r_i|³,   V = Σ k q_i/|r − r_i|   (the 3-D Coulomb field).
 * `softening` (m²) is added to every |r − r_i|²: 0 gives the exact field, infinite on a charge; a
 * figure passes a cell's square to draw a finite field through the charges.
 */
export function coulombField(
  charges: readonly PointCharge[],
  x: number,
  y: number,
  softening = 0,
): CoulombField {
  let ex = 0;
  let ey = 0;
  let v = 0;
  for (const c of charges) {
    const dx = x - c.x;
    const dy = y - c.y;
    const r2 = dx * dx + dy * dy + softening;
    const r = Math.sqrt(r2);
    ex += (COULOMB_K * c.q * dx) / (r2 * r);
    ey += (COULOMB_K * c.q * dy) / (r2 * r);
    v += (COULOMB_K * c.q) / r;
  }
  return { ex, ey, v };
}

export interface PlaneField {
  /** T */
  bx: number;
  /** T */
  by: number;
}

/**
 * B of infinite straight wires along z at (x, y), by Ampère's law and superposition:
 *   B = Σ μ0 I_i/(2π r_i) φ̂_i,   (Bx, By) = μ0 I/(2π r²) · (−(y − y_i), x − x_i),
 * counter-clockwise seen from +z for a positive current. A wire through the point itself is left
 * out: its field is undefined there.
 */
export function wireField(wires: readonly LineCurrent[], x: number, y: number): PlaneField {
  let bx = 0;
  let by = 0;
  for (const w of wires) {
    const dx = x - w.x;
    const dy = y - w.y;
    const r2 = dx * dx + dy * dy;
    if (r2 === 0) continue;
    const k = (MU_0 * w.current) / (2 * Math.PI * r2);
    bx -= k * dy;
    by += k * dx;
  }
  return { bx, by };
}

/**
 * A_z of the wires at (x, y), −Σ μ0 I_i/(2π) ln r_i (T·m, up to a constant): B = ∇ × (A_z ẑ), so
 * its level lines are the field lines. Every r_i is taken as at least `floor` (m), which keeps a
 * figure's value finite on a wire; 0 gives the exact (infinite) value there.
 */
export function wireVectorPotential(wires: readonly LineCurrent[], x: number, y: number, floor = 0): number {
  let a = 0;
  for (const w of wires) {
    a -= ((MU_0 * w.current) / (2 * Math.PI)) * Math.log(Math.max(floor, Math.hypot(x - w.x, y - w.y)));
  }
  return a;
}
