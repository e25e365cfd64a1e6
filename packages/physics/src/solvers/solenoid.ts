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
 * The default is 'loops', the exact model of the winding, whenever its work — every turn at every
 * point, n_turns × (2·n_points + 64) loop fields — is within LOOPS_WORK_LIMIT (an explicit
 * 'loops' above it is refused). Above it the sheet is used and metadata.model_note says so: the
 * winding then has at least LOOPS_WORK_LIMIT/(2·n_points + 64) turns (≈ 7,500 at the default 101
 * points), dense enough that the sheet is within 0.1 % unless the spacing approaches the radius,
 * which the note reports. So no answer jumps where a spacing rule would switch models (at s = R
 * the sheet is ~1 % off at the centre and its uniformity 2.5 % off).
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
 *   ρ = 2R, one radius outside the winding: for a dense coil small and of the opposite sign (the
 *   return flux, the textbook's "B ≈ 0 outside"); for a sparse one (spacing ≳ R) the nearest turn
 *   dominates and it is positive, up to a good fraction of the centre field.
 * - `theoretical_field`: μ0 n I, the infinite-solenoid value.
 * - `uniformity`, one definition for both models: min |B_z| / max |B_z| on the axis over the
 *   middle half |z| ≤ L/4 (1 = perfectly uniform). For the sheet B_z falls monotonically from
 *   the centre, so it is B_z(0, L/4)/B_z(0, 0); for loops the envelope falls the same way and the
 *   ripple peaks at the turns and dips half-way between them, so the extremes are at the turns and
 *   mid-points within 1.5 spacings of z = 0 and of z = L/4 (each located by golden-section search),
 *   and at those two points.
 * - `metadata.inductance` (H), of the model used. Sheet: Wheeler's current-sheet formula with
 *   Nagaoka's coefficient, L_ind = K_N μ0 N² π R² / L, where with k² = 4R²/(4R² + L²), k' = √(1 − k²),
 *   K_N = 4/(3π k') · [(K(k) − E(k))/k² − K(k) + 2E(k) − k]
 *   (exact for a current sheet; K_N → 1 for a long coil, 0.6884 for L = 2R). (K − E)/k² is
 *   computed directly as cel(k', 1, 0, 1) so long coils lose no digits to cancellation.
 *   Loops: Σ_i Σ_j M_ij, Maxwell's mutual inductance of coaxial turns for i ≠ j and the
 *   self-inductance μ0 R [ln(8R/a) − 7/4] of a turn of round wire of radius a = wire_radius
 *   (`numerics/loop-field.ts`); metadata.wire_radius reports a.
 */
import { MU_0 } from '../constants.js';
import { cel } from '../numerics/elliptic.js';
import { linspace } from '../numerics/grid.js';
import { turnPositions, turnsBz, turnsInductance } from '../numerics/loop-field.js';
import {
  LOOPS_WORK_LIMIT,
  loopsWork,
  type SolenoidInput,
  type SolenoidParams,
  solenoidSchema,
  wireRadius,
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
    /** The model every output comes from: 'loops' (exact) unless its work exceeds the limit. */
    model: SolenoidModel;
    /** Wire radius of the loops model's self-inductances, m (loops only). */
    wire_radius?: number;
    /** Why the default model was chosen, when it is not the spacing rule alone. */
    model_note?: string;
    /** Indices into radial_field of points on a turn's wire (that turn left out there); loops only. */
    singular_points: number[];
    turns_per_meter: number;
    /** Henry, of the model used. */
    inductance: number;
    nagaoka_coefficient: number;
    /** Seconds. */
    computation_time: number;
  };
}

export type SolenoidModel = 'sheet' | 'loops';

/** The model to use and, when the default could not be the exact one, why. */
export function chooseModel(p: SolenoidParams): { model: SolenoidModel; note?: string } {
  if (p.model) return { model: p.model };
  if (loopsWork(p) <= LOOPS_WORK_LIMIT) return { model: 'loops' };
  const spacing = p.length / p.n_turns / p.radius;
  return {
    model: 'sheet',
    note: `summing ${p.n_turns} turns at every point exceeds the work limit, so the current sheet was used; its error grows with the turn spacing, here ${Number(spacing.toPrecision(3))} × the radius (about 1 % at the centre at 1 ×, below 0.1 % under 0.7 ×)`,
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
  const wire = wireRadius(p);
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
      ...(model === 'loops' ? { wire_radius: wire } : {}),
      singular_points: singular,
      turns_per_meter: n,
      inductance:
        model === 'loops' ? turnsInductance(N, R, L / N, wire) : (kN * MU_0 * N * N * Math.PI * R * R) / L,
      nagaoka_coefficient: kN,
      computation_time: secondsSince(start),
    },
  };
}

function sheetUniformity(centre: number, quarter: number): number {
  return centre === 0 ? 1 : quarter / centre;
}

/**
 * min |B_z| / max |B_z| on the axis over 0 ≤ z ≤ L/4 (the field is even in z). The extremes are
 * at z = 0, at z = L/4, or at the ripple's peaks and dips next to a turn or a mid-point within
 * 1.5 spacings of either (see the module comment); each of those is found by golden-section
 * search over its half-spacing cell, since the envelope's slope moves it off the turn.
 */
function loopsUniformity(N: number, L: number, bz: (rho: number, z: number) => number): number {
  const pitch = L / N;
  const b = (z: number) => Math.abs(bz(0, z));
  let lo = Math.min(b(0), b(L / 4));
  let hi = Math.max(b(0), b(L / 4));
  const near = (z: number) => Math.min(z, Math.abs(z - L / 4)) <= 1.5 * pitch;
  for (let j = 0; j < N; j++) {
    const zj = -L / 2 + (j + 0.5) * pitch;
    for (const c of [zj, zj + pitch / 2]) {
      if (c < 0 || c > L / 4 || !near(c)) continue;
      const from = Math.max(0, c - pitch / 4);
      const to = Math.min(L / 4, c + pitch / 4);
      lo = Math.min(lo, goldenExtremum(b, from, to, 1));
      hi = Math.max(hi, goldenExtremum(b, from, to, -1));
    }
  }
  return hi === 0 ? 1 : lo / hi;
}

/** The least (sign 1) or greatest (sign −1) value of f on [a, b], by golden-section search. */
function goldenExtremum(f: (z: number) => number, a: number, b: number, sign: 1 | -1): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let [x0, x1] = [a, b];
  let c = x1 - g * (x1 - x0);
  let d = x0 + g * (x1 - x0);
  let fc = sign * f(c);
  let fd = sign * f(d);
  for (let k = 0; k < 40; k++) {
    if (fc < fd) {
      x1 = d;
      d = c;
      fd = fc;
      c = x1 - g * (x1 - x0);
      fc = sign * f(c);
    } else {
      x0 = c;
      c = d;
      fc = fd;
      d = x0 + g * (x1 - x0);
      fd = sign * f(d);
    }
  }
  return sign * Math.min(fc, fd, sign * f(a), sign * f(b));
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
