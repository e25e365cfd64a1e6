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

export interface LoopField {
  /** B_z, T */
  bz: number;
  /** B_ρ, T */
  br: number;
  /** The flux function ψ = ρ A_φ (T·m²): constant along a field line in the (z, ρ) half plane. */
  psi: number;
}

/**
 * The whole field of a loop of radius R (m) and current I (A) at (ρ ≥ 0, z), for figures: B_z,
 * B_ρ and the flux function whose level lines are the field lines (Simpson et al., NASA/TM-2001-
 * 210042, eqs. 12–13, with α² = (R − ρ)² + z², β² = (R + ρ)² + z², k² = 1 − α²/β²):
 *   B_z = μ0 I/(2π α² β) · [(R² − ρ² − z²) E(k) + α² K(k)],
 *   B_ρ = μ0 I z/(2π α² β ρ) · [(R² + ρ² + z²) E(k) − α² K(k)],
 *   ψ   = μ0 I β/(2π) · [(1 − k²/2) K(k) − E(k)].
 * It stays finite on the wire, where it is evaluated as at 1e-6 R from it (k'² ≥ 1e-12); off
 * the wire B_z agrees with `loopBz` to rounding (tested), which the solver uses for its
 * cancellation-free accuracy.
 */
export function loopField(R: number, I: number, rho: number, z: number): LoopField {
  const s = R * R + rho * rho + z * z;
  const alpha2 = Math.max(1e-30, s - 2 * R * rho);
  const beta2 = s + 2 * R * rho;
  const beta = Math.sqrt(beta2);
  const kc2 = Math.max(1e-12, alpha2 / beta2);
  const kc = Math.sqrt(kc2);
  const K = cel(kc, 1, 1, 1);
  const E = cel(kc, 1, 1, kc2);
  const c = (MU_0 * I) / Math.PI;
  const bz = (c / (2 * alpha2 * beta)) * ((R * R - rho * rho - z * z) * E + alpha2 * K);
  const br = rho > 1e-12 * R ? ((c * z) / (2 * alpha2 * beta * rho)) * (s * E - alpha2 * K) : 0;
  const psi = ((MU_0 * I * beta) / (2 * Math.PI)) * ((1 - (1 - kc2) / 2) * K - E);
  return { bz, br, psi };
}

/**
 * Mutual inductance (H) of two coaxial circular loops of radius R (m) a distance d (m) apart,
 * Maxwell's formula M = μ0 R [(2/k − k) K(k) − (2/k) E(k)], k² = 4R²/(4R² + d²). Written as
 * (2/k)[(1 − k²/2) K − E] = k·cel(k', 1, −1, 1), one elliptic integral with no cancellation
 * between K and E for distant loops.
 */
export function coaxialMutualInductance(R: number, d: number): number {
  const a = Math.hypot(2 * R, d);
  const k = (2 * R) / a;
  return MU_0 * R * k * cel(Math.abs(d) / a, 1, -1, 1);
}

/**
 * Self-inductance (H) of one circular turn of radius R (m) of round wire of radius a (m) ≪ R
 * carrying a uniform (low-frequency) current: μ0 R [ln(8R/a) − 7/4] (Rosa & Grover).
 */
export function turnSelfInductance(R: number, a: number): number {
  return MU_0 * R * (Math.log((8 * R) / a) - 1.75);
}

/**
 * Inductance (H) of N coaxial turns of radius R, pitch s, wire radius a: the sum of every
 * self- and mutual inductance, N·L_self + 2 Σ_{k=1}^{N−1} (N − k)·M(k·s) (M depends only on
 * the distance between the turns), N elliptic integrals in all.
 */
export function turnsInductance(N: number, R: number, pitch: number, a: number): number {
  let sum = N * turnSelfInductance(R, a);
  for (let k = 1; k < N; k++) sum += 2 * (N - k) * coaxialMutualInductance(R, k * pitch);
  return sum;
}
