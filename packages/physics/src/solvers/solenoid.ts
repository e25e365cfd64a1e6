/**
 * solenoid — the magnetic field of a finite solenoid, exactly, on and off its axis.
 *
 * Model. N = n_turns turns of radius R (m) wound evenly over a length L (m) along z, centred at
 * the origin, carrying current I (A). Two models (`model`, reported in metadata.model):
 * - 'sheet': a cylindrical current sheet of n = N/L turns per metre (below). It is the limit of
 *   a dense winding: with turn spacing s = L/N the discrete turns are the midpoint rule of the
 *   sheet's integral, so on the axis they differ by an end correction of order (s/L)² and a
 *   ripple of relative size 2x·K1(x), x = 2πR/s: about 1 % at s = R, 3e-5 at s = R/2, 2e-10
 *   at s = R/4 (tested against Euler–Maclaurin and Poisson summation).
 * - 'loops': N discrete circular turns, the j-th at z_j = −L/2 + (j + ½)·s (the middle of its
 *   share of the length), each with the exact elliptic-integral field of a loop
 *   (`numerics/loop-field.ts`, ~1e-15 relative), summed. For five turns of 2 cm over 0.3 m the
 *   centre field is 3.37e-5 T/A where the sheet gives 2.08e-5 T/A.
 * The default is 'sheet' when s < R (the sheet is then within a few per cent even at the axis,
 * and the closed form costs two elliptic integrals per point), 'loops' otherwise. The loops model
 * sums every turn at every point, so its work n_turns × (2·n_points + turns in the middle half)
 * is bounded before it starts (LOOPS_WORK_LIMIT) and an explicit 'loops' above it is refused; a
 * default choice above it falls back to the sheet and says so in metadata.model_note.
 *
 * Sheet field. Integrating the field of circular loops over the length gives closed forms in complete
 * elliptic integrals (Derby & Olbert, Am. J. Phys. 78, 229 (2010)). With z± = z ± L/2,
 *   B_z(ρ, z) = (μ0 n I/π) · R/(R + ρ) · [β+ C(k+, γ², 1, γ) − β− C(k−, γ², 1, γ)],
 *   B_ρ(ρ, z) = (μ0 n I/π) · [α+ C(k+, 1, 1, −1) − α− C(k−, 1, 1, −1)],
 *   α± = R/√(z±² + (R+ρ)²),  β± = z±/√(z±² + (R+ρ)²),  γ = (R−ρ)/(R+ρ),
 *   k± = √((z±² + (R−ρ)²)/(z±² + (R+ρ)²)),
 * where C is Bulirsch's complete elliptic integral `cel` (`numerics/elliptic.ts`), accurate to
 * about 1e-15. On the axis this reduces to the textbook
 *   B_z(0, z) = (μ0 n I/2) [z+/√(z+² + R²) − z−/√(z−² + R²)],
 * μ0 n I · L/√(L² + 4R²) at the centre, which tends to the infinite-solenoid μ0 n I as L/R grows;
 * far away it falls off like a dipole, ∝ 1/z³.
 *
 * Outputs (tesla; positions in m):
 * - `axial_field`: B_z on the axis at n_points positions over axial_range (default [−L, L]).
 * - `radial_field`: B_z in the mid-plane z = 0 at n_points radii over radial_range (default
 *   [0, 2R]); B_ρ vanishes there by symmetry. Negative radii mirror (B_z depends on |ρ|). At
 *   ρ = R, on the sheet itself, the value is the mean of the inside and outside limits; with
 *   loops, a point on a turn's wire leaves that turn out and its index is listed in
 *   metadata.singular_points.
 * - `field_inside`: B_z at the centre (0, 0). `field_outside`: B_z in the mid-plane z = 0 at
 *   ρ = 2R, one radius outside the winding; it is small and of the opposite sign (the return
 *   flux), the "B ≈ 0 outside" of the textbook, and its ratio to field_inside says how good that is.
 * - `theoretical_field`: μ0 n I, the infinite-solenoid value.
 * - `uniformity`: min |B_z| / max |B_z| on the axis over the middle half |z| ≤ L/4 (1 = perfectly
 *   uniform). For the sheet B_z falls monotonically from the centre, so it is B_z(0, L/4)/B_z(0, 0);
 *   for loops the extremes lie at the turns and half-way between them (and at z = L/4), which are
 *   the points evaluated.
 * - `metadata.inductance` (H): Wheeler's current-sheet formula with Nagaoka's coefficient,
 *   L_ind = K_N μ0 N² π R² / L, where with k² = 4R²/(4R² + L²), k' = √(1 − k²),
 *   K_N = 4/(3π k') · [(K(k) − E(k))/k² − K(k) + 2E(k) − k]
 *   (exact for a current sheet; K_N → 1 for a long coil, 0.6884 for L = 2R). (K − E)/k² is
 *   computed directly as cel(k', 1, 0, 1) so long coils lose no digits to cancellation.
 */
import { MU_0 } from '../constants.js';
import { cel } from '../numerics/elliptic.js';
import { linspace } from '../numerics/grid.js';
import { turnPositions, turnsBz } from '../numerics/loop-field.js';
import {
  LOOPS_WORK_LIMIT,
  loopsWork,
  type SolenoidInput,
  type SolenoidParams,
  solenoidSchema,
} from '../schemas/solenoid.js';
import { parseInput, secondsSince } from '../validation.js';

export interface SolenoidOutput {
  axial_field: { positions: Float64Array; field_strength: Float64Array };
  radial_field: { positions: Float64Array; field_strength: Float64Array };
  field_inside: number;
  field_outside: number;
  theoretical_field: number;
  uniformity: number;
  metadata: {
    /** The model used: 'sheet' or 'loops' (the default depends on the turn spacing). */
    model: SolenoidModel;
    /** Why the default model was chosen, when it is not the spacing rule alone. */
    model_note?: string;
    /** Indices into radial_field of points on a turn's wire (that turn left out there); loops only. */
    singular_points: number[];
    turns_per_meter: number;
    /** Henry. */
    inductance: number;
    nagaoka_coefficient: number;
    /** Seconds. */
    computation_time: number;
  };
}

export type SolenoidModel = 'sheet' | 'loops';

/** The model to use and, when the default had to differ from the spacing rule, why. */
export function chooseModel(p: SolenoidParams): { model: SolenoidModel; note?: string } {
  if (p.model) return { model: p.model };
  if (p.length / p.n_turns < p.radius) return { model: 'sheet' };
  if (loopsWork(p) <= LOOPS_WORK_LIMIT) return { model: 'loops' };
  return {
    model: 'sheet',
    note: `the turn spacing is at least the radius, but summing ${p.n_turns} turns at every point exceeds the work limit; the current sheet was used`,
  };
}

export function solveSolenoid(input: SolenoidInput): SolenoidOutput {
  const start = performance.now();
  const p = parseInput(solenoidSchema, input, 'solenoid');
  const { length: L, radius: R, current: I, n_turns: N } = p;
  const n = N / L;
  const { model, note } = chooseModel(p);
  const count = p.analysis_points.n_points;
  const [z0, z1] = p.analysis_points.axial_range ?? [-L, L];
  const [r0, r1] = p.analysis_points.radial_range ?? [0, 2 * R];

  const singular: number[] = [];
  const coil = { n, I, R, L };
  const turns = model === 'loops' ? turnPositions(N, L) : null;
  const bz = (rho: number, z: number): number =>
    turns ? turnsBz(turns, R, I, rho, z) : solenoidBz(coil, rho, z);
  const axialPositions = linspace(z0, z1, count);
  const radialPositions = linspace(r0, r1, count);
  const axial = new Float64Array(count);
  const radial = new Float64Array(count);
  // Direct calls in the profile loops: they are the solver's whole cost at 2 × 50,000 points.
  if (turns) {
    for (let k = 0; k < count; k++) {
      axial[k] = turnsBz(turns, R, I, 0, axialPositions[k]!);
      radial[k] = turnsBz(turns, R, I, Math.abs(radialPositions[k]!), 0, () => singular.push(k));
    }
  } else {
    for (let k = 0; k < count; k++) {
      axial[k] = solenoidBz(coil, 0, axialPositions[k]!);
      radial[k] = solenoidBz(coil, Math.abs(radialPositions[k]!), 0);
    }
  }

  const centre = bz(0, 0);
  const kN = nagaokaCoefficient(2 * R, L);
  return {
    axial_field: { positions: axialPositions, field_strength: axial },
    radial_field: { positions: radialPositions, field_strength: radial },
    field_inside: centre,
    field_outside: bz(2 * R, 0),
    theoretical_field: MU_0 * n * I,
    uniformity: model === 'sheet' ? sheetUniformity(centre, bz(0, L / 4)) : loopsUniformity(N, L, bz),
    metadata: {
      model,
      ...(note ? { model_note: note } : {}),
      singular_points: singular,
      turns_per_meter: n,
      inductance: (kN * MU_0 * N * N * Math.PI * R * R) / L,
      nagaoka_coefficient: kN,
      computation_time: secondsSince(start),
    },
  };
}

function sheetUniformity(centre: number, quarter: number): number {
  return centre === 0 ? 1 : quarter / centre;
}

/**
 * min |B_z| / max |B_z| on the axis over 0 ≤ z ≤ L/4 (the field is even in z): at the turns and
 * half-way between them inside that range, and at z = 0 and z = L/4.
 */
function loopsUniformity(N: number, L: number, bz: (rho: number, z: number) => number): number {
  const pitch = L / N;
  const points = [0, L / 4];
  for (let j = 0; j < N; j++) {
    const zj = -L / 2 + (j + 0.5) * pitch;
    if (zj >= 0 && zj <= L / 4) points.push(zj);
    const mid = zj + pitch / 2;
    if (mid >= 0 && mid <= L / 4) points.push(mid);
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const z of points) {
    const b = Math.abs(bz(0, z));
    lo = Math.min(lo, b);
    hi = Math.max(hi, b);
  }
  return hi === 0 ? 1 : lo / hi;
}

export interface Coil {
  /** Turns per metre. */
  n: number;
  /** Current, A. */
  I: number;
  /** Radius, m. */
  R: number;
  /** Length, m. */
  L: number;
}

/** B_z and B_ρ (T) at radius ρ ≥ 0 and height z of the coil (Derby & Olbert, see above). */
export function solenoidField(coil: Coil, rho: number, z: number): { bz: number; brho: number } {
  const { n, I, R, L } = coil;
  const b0 = (MU_0 * n * I) / Math.PI;
  let brho = 0;
  for (const [zs, sign] of [
    [z + L / 2, 1],
    [z - L / 2, -1],
  ] as const) {
    const denominator = Math.sqrt(zs * zs + (R + rho) * (R + rho));
    brho += sign * (R / denominator) * cel(endModulus(zs, rho, R), 1, 1, -1);
  }
  return { bz: solenoidBz(coil, rho, z), brho: b0 * brho };
}

/** B_z alone (T): the profiles need only this component, at half the cost. */
export function solenoidBz(coil: Coil, rho: number, z: number): number {
  const { n, I, R, L } = coil;
  const gamma = (R - rho) / (R + rho);
  const zp = z + L / 2;
  const zm = z - L / 2;
  const betaP = zp / Math.sqrt(zp * zp + (R + rho) * (R + rho));
  const betaM = zm / Math.sqrt(zm * zm + (R + rho) * (R + rho));
  const bracket =
    betaP * cel(endModulus(zp, rho, R), gamma * gamma, 1, gamma) -
    betaM * cel(endModulus(zm, rho, R), gamma * gamma, 1, gamma);
  return ((MU_0 * n * I) / Math.PI) * (R / (R + rho)) * bracket;
}

/**
 * k± of the end at axial distance zs. It is 0 only on the rim of an end face (ρ = R, z = ±L/2),
 * where the field of an ideal current sheet diverges (cel returns NaN there).
 */
function endModulus(zs: number, rho: number, R: number): number {
  return Math.sqrt((zs * zs + (R - rho) * (R - rho)) / (zs * zs + (R + rho) * (R + rho)));
}

/** Nagaoka's coefficient of a current sheet of diameter D and length L (see the module comment). */
export function nagaokaCoefficient(D: number, L: number): number {
  const k2 = (D * D) / (D * D + L * L);
  const k = Math.sqrt(k2);
  const kc = L / Math.sqrt(D * D + L * L);
  const K = cel(kc, 1, 1, 1);
  const E = cel(kc, 1, 1, kc * kc);
  const kMinusEOverK2 = cel(kc, 1, 0, 1);
  return (4 / (3 * Math.PI * kc)) * (kMinusEOverK2 - K + 2 * E - k);
}
