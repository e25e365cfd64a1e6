/**
 * The axial field B_z of one circular current loop, exactly, anywhere off the wire.
 *
 * A loop of radius R carrying I (A) in the plane z = 0, centred on the z axis, gives at cylinder
 * coordinates (ρ ≥ 0, z) (Smythe, Static and Dynamic Electricity, §7.10; Jackson 5.37)
 *   B_z = μ0 I / (2π a) · [K(k) + (R² − ρ² − z²)/b² · E(k)],
 *   a² = (R + ρ)² + z²,  b² = (R − ρ)² + z²,  k² = 4Rρ/a² = 1 − (b/a)².
 * With R² − ρ² − z² = 2R(R − ρ) − b² and K − E = k²·cel(b/a, 1, 0, 1) the bracket becomes
 *   (4Rρ/a²)·cel(k_c, 1, 0, 1) + (2R(R − ρ)/b²)·E(k),   k_c = b/a,
 * which has no cancellation between K and E (inside the loop both terms are positive), so the
 * value is good to a few ulps of Bulirsch's `cel` (~1e-15). Every length enters as a ratio and a
 * and b come from Math.hypot, so no square underflows or overflows for any accepted size.
 * On the axis (ρ = 0) it reduces to μ0 I R² / (2 (R² + z²)^{3/2}), used directly there.
 */
import { MU_0 } from '../constants.js';
import { cel } from './elliptic.js';

/** B_z (T) of a loop of radius R (m) and current I (A) at (ρ ≥ 0, z); infinite on the wire (b = 0). */
export function loopBz(R: number, I: number, rho: number, z: number): number {
  if (rho === 0) {
    const s = R / Math.hypot(R, z);
    return ((MU_0 * I) / (2 * R)) * s * s * s;
  }
  const a = Math.hypot(R + rho, z);
  const b = Math.hypot(R - rho, z);
  const kc = b / a;
  const ra = R / a;
  const bracket =
    4 * ra * (rho / a) * cel(kc, 1, 0, 1) + 2 * (R / b) * ((R - rho) / b) * cel(kc, 1, 1, kc * kc);
  return ((MU_0 * I) / (2 * Math.PI * a)) * bracket;
}

/** Axial positions of N turns wound evenly over a length L centred at 0: each at the middle of its L/N share. */
export function turnPositions(nTurns: number, length: number): Float64Array {
  const out = new Float64Array(nTurns);
  const pitch = length / nTurns;
  for (let j = 0; j < nTurns; j++) out[j] = -length / 2 + (j + 0.5) * pitch;
  return out;
}

/**
 * Σ_j B_z of the turns at `turns` (radius R, current I each) at (ρ ≥ 0, z). A turn whose wire
 * passes within 1e-9·R of the point is left out (its field is infinite there) and `onWire` is
 * called, so the caller can report the point.
 */
export function turnsBz(
  turns: Float64Array,
  R: number,
  I: number,
  rho: number,
  z: number,
  onWire?: () => void,
): number {
  let sum = 0;
  const near = 1e-9 * R;
  for (let j = 0; j < turns.length; j++) {
    const dz = z - turns[j]!;
    if (Math.abs(rho - R) <= near && Math.abs(dz) <= near) {
      onWire?.();
      continue;
    }
    sum += loopBz(R, I, rho, dz);
  }
  return sum;
}
