import { describe, expect, it } from 'vitest';
import { MU_0 } from '../constants.js';
import { gaussLegendre } from '../numerics/quadrature.js';
import { nagaokaCoefficient, solenoidField, solveSolenoid } from './solenoid.js';

/**
 * Independent reference: Biot–Savart summed over the winding, n I dz' per slice, each circular
 * loop integrated by the periodic trapezoid rule (spectrally accurate) and the slices by
 * composite Gauss–Legendre. Uses no elliptic integrals at all.
 */
function biotSavart(n: number, I: number, R: number, L: number, rho: number, z: number) {
  const { nodes, weights } = gaussLegendre(24);
  const panels = 40;
  const phiPoints = 720;
  let bz = 0;
  let brho = 0;
  for (let p = 0; p < panels; p++) {
    const a = -L / 2 + (p * L) / panels;
    const half = L / panels / 2;
    for (let i = 0; i < nodes.length; i++) {
      const dz = z - (a + half * (nodes[i]! + 1));
      let sz = 0;
      let sr = 0;
      for (let k = 0; k < phiPoints; k++) {
        const c = Math.cos((2 * Math.PI * k) / phiPoints);
        const d3 = (rho * rho + R * R - 2 * rho * R * c + dz * dz) ** 1.5;
        sz += (R * R - R * rho * c) / d3;
        sr += (R * dz * c) / d3;
      }
      const w = weights[i]! * half * n * I * (MU_0 / (4 * Math.PI)) * ((2 * Math.PI) / phiPoints);
      bz += w * sz;
      brho += w * sr;
    }
  }
  return { bz, brho };
}

describe('solenoid (model sheet)', () => {
  const base = { n_turns: 500, length: 0.25, radius: 0.03, current: 2, model: 'sheet' as const };
  const n = 500 / 0.25;

  it('gives μ0 n I · L/√(L² + 4R²) at the centre and μ0 n I as theoretical_field', () => {
    const out = solveSolenoid(base);
    const exact = (MU_0 * n * 2 * 0.25) / Math.sqrt(0.25 ** 2 + 4 * 0.03 ** 2);
    expect(out.field_inside / exact).toBeCloseTo(1, 14);
    expect(out.theoretical_field).toBe(MU_0 * n * 2);
    expect(out.metadata.turns_per_meter).toBe(n);
  });

  it('matches the on-axis closed form along the whole axial profile', () => {
    const out = solveSolenoid({ ...base, analysis_points: { axial_range: [-0.5, 0.5], n_points: 201 } });
    const { positions, field_strength } = out.axial_field;
    expect(positions).toHaveLength(201);
    for (let k = 0; k < positions.length; k++) {
      const z = positions[k]!;
      const zp = z + 0.125;
      const zm = z - 0.125;
      const exact = ((MU_0 * n * 2) / 2) * (zp / Math.hypot(zp, 0.03) - zm / Math.hypot(zm, 0.03));
      expect(Math.abs(field_strength[k]! - exact)).toBeLessThan(1e-14 * MU_0 * n * 2);
    }
  });

  it('matches a direct Biot–Savart integration off the axis, inside and outside', () => {
    const coil = { n, I: 2, R: 0.03, L: 0.25 };
    for (const [rho, z] of [
      [0.015, 0.03],
      [0.045, 0.05],
      [0.024, 0.2],
      [0.09, 0],
      [0.06, -0.15],
    ] as const) {
      const exact = biotSavart(n, 2, 0.03, 0.25, rho, z);
      const field = solenoidField(coil, rho, z);
      // The reference quadratures converge to ~1e-12 of μ0 n I for points this far from the sheet.
      expect(Math.abs(field.bz - exact.bz)).toBeLessThan(1e-10 * MU_0 * n * 2);
      expect(Math.abs(field.brho - exact.brho)).toBeLessThan(1e-10 * MU_0 * n * 2);
    }
  });

  it('falls off like a dipole far along the axis', () => {
    const out = solveSolenoid({ ...base, analysis_points: { axial_range: [5, 10], n_points: 2 } });
    const [b5, b10] = out.axial_field.field_strength;
    // m = N I π R²; on the axis B = μ0 m/(2π z³) · (1 + O((L/z)²)), here (0.25/5)² = 0.25 %.
    const m = 500 * 2 * Math.PI * 0.03 ** 2;
    expect(b5! / ((MU_0 * m) / (2 * Math.PI * 5 ** 3))).toBeCloseTo(1, 2);
    expect(b5! / b10!).toBeCloseTo(8, 1);
  });

  it('approaches μ0 n I for a long coil, with a small negative return field outside', () => {
    const long = solveSolenoid({ n_turns: 10_000, length: 10, radius: 0.01, current: 1 });
    expect(long.field_inside / long.theoretical_field).toBeCloseTo(1, 5);
    expect(long.uniformity).toBeGreaterThan(0.9999);
    expect(long.field_outside).toBeLessThan(0);
    expect(Math.abs(long.field_outside / long.field_inside)).toBeLessThan(1e-4);
    // uniformity = B_z(0, L/4)/B_z(0, 0) from the on-axis closed form.
    const onAxis = (z: number, L: number, R: number) =>
      (z + L / 2) / Math.hypot(z + L / 2, R) - (z - L / 2) / Math.hypot(z - L / 2, R);
    const short = solveSolenoid({ ...base, length: 0.03 });
    expect(short.uniformity).toBeCloseTo(onAxis(0.0075, 0.03, 0.03) / onAxis(0, 0.03, 0.03), 14);
    expect(short.uniformity).toBeLessThan(long.uniformity);
  });

  it('gives the radial profile at the mid-plane, mirrored for negative radii', () => {
    const out = solveSolenoid({ ...base, analysis_points: { radial_range: [-0.06, 0.06], n_points: 121 } });
    const { positions, field_strength } = out.radial_field;
    for (let k = 0; k < 121; k++) {
      // linspace(−a, a) is symmetric only to rounding, hence a relative comparison.
      expect(field_strength[k]! / field_strength[120 - k]!).toBeCloseTo(1, 12);
      expect(field_strength[k]).toBe(
        solenoidField({ n, I: 2, R: 0.03, L: 0.25 }, Math.abs(positions[k]!), 0).bz,
      );
    }
  });

  it("computes Nagaoka's coefficient: tables and the long-coil series", () => {
    // Nagaoka's table (D/L = 1, 2, 10): 0.6884, 0.5255, 0.2033.
    expect(nagaokaCoefficient(1, 1)).toBeCloseTo(0.6884, 4);
    expect(nagaokaCoefficient(2, 1)).toBeCloseTo(0.5255, 4);
    expect(nagaokaCoefficient(10, 1)).toBeCloseTo(0.2033, 4);
    // Long coil, x = D/L: K = 1 − 4x/(3π) + x²/8 − x⁴/64 + O(x⁶); at x = 0.01 the remainder is 5e-15.
    const x = 0.01;
    expect(nagaokaCoefficient(x, 1)).toBeCloseTo(1 - (4 * x) / (3 * Math.PI) + (x * x) / 8 - x ** 4 / 64, 13);
    const out = solveSolenoid(base);
    const kN = nagaokaCoefficient(0.06, 0.25);
    expect(out.metadata.inductance).toBeCloseTo((kN * MU_0 * 500 ** 2 * Math.PI * 0.03 ** 2) / 0.25, 15);
  });
});

/** On-axis field of one loop, μ0 I R² / 2(R² + z²)^{3/2}: the textbook closed form. */
const loopOnAxis = (R: number, I: number, z: number) => (MU_0 * I * R * R) / (2 * (R * R + z * z) ** 1.5);

/** B_z of one loop at (ρ, z) by Biot–Savart around it, periodic trapezoid rule (spectral). */
function loopBiotSavart(R: number, I: number, rho: number, z: number, points = 4096): number {
  let sum = 0;
  for (let k = 0; k < points; k++) {
    const c = Math.cos((2 * Math.PI * k) / points);
    sum += (R * R - R * rho * c) / (rho * rho + R * R - 2 * rho * R * c + z * z) ** 1.5;
  }
  return ((MU_0 * I) / (4 * Math.PI)) * ((2 * Math.PI) / points) * sum;
}

describe('solenoid with few turns (model loops)', () => {
  const few = { n_turns: 5, length: 0.3, radius: 0.02, current: 1 };
  const turns = [-0.12, -0.06, 0, 0.06, 0.12];
  const sumOnAxis = (z: number) => turns.reduce((s, zj) => s + loopOnAxis(0.02, 1, z - zj), 0);

  it('chooses the exact loops whenever they are within the work limit, dense or sparse', () => {
    const out = solveSolenoid(few);
    expect(out.metadata.model).toBe('loops');
    expect(solveSolenoid({ ...few, n_turns: 500 }).metadata.model).toBe('loops');
    expect(solveSolenoid({ ...few, model: 'sheet' }).metadata.model).toBe('sheet');
  });

  it('gives the sum of the loops’ on-axis fields: 3.37e-5 T at the centre, 1.14e-5 T between turns', () => {
    const out = solveSolenoid({ ...few, analysis_points: { axial_range: [-0.3, 0.3], n_points: 201 } });
    // Exact sum of five closed forms; the elliptic route on the axis is the same closed form.
    expect(Math.abs(out.field_inside / sumOnAxis(0) - 1)).toBeLessThan(1e-13);
    expect(out.field_inside).toBeCloseTo(3.368e-5, 8);
    const { positions, field_strength } = out.axial_field;
    for (let k = 0; k < positions.length; k++) {
      expect(Math.abs(field_strength[k]! / sumOnAxis(positions[k]!) - 1)).toBeLessThan(1e-13);
    }
    // z = 0.03, half-way between the turns at 0 and 0.06 (index 110 of 201 over [−0.3, 0.3]).
    expect(positions[110]).toBeCloseTo(0.03, 15);
    expect(field_strength[110]).toBeCloseTo(1.144e-5, 8);
    // The sheet model misses the ripple: 2.08e-5 T at the centre.
    expect(solveSolenoid({ ...few, model: 'sheet' }).field_inside).toBeCloseTo(2.08e-5, 7);
  });

  it('matches Biot–Savart around each loop off the axis, inside and outside the winding', () => {
    for (const [rho, z] of [
      [0.01, 0.03],
      [0.019, 0.0],
      [0.03, 0.05],
      [0.04, 0],
      [0.2, 0.7],
    ] as const) {
      const out = solveSolenoid({
        ...few,
        analysis_points: { axial_range: [z, z + 1], radial_range: [rho, rho + 1], n_points: 2 },
      });
      const exact = turns.reduce((s, zj) => s + loopBiotSavart(0.02, 1, rho, -zj), 0);
      // The trapezoid rule on a smooth periodic integrand converges geometrically: at 4096 points
      // and ρ no closer to the wire than R/20 it is at round-off (~1e-14 of the sum).
      expect(Math.abs(out.radial_field.field_strength[0]! / exact - 1)).toBeLessThan(1e-11);
    }
  });

  it('reports field_outside at 2R in the mid-plane and the uniformity over the middle half', () => {
    const out = solveSolenoid(few);
    const outside = turns.reduce((s, zj) => s + loopBiotSavart(0.02, 1, 0.04, -zj), 0);
    expect(Math.abs(out.field_outside / outside - 1)).toBeLessThan(1e-11);
    expect(out.field_outside).toBeLessThan(0);
    // |z| ≤ 0.075: the turn at 0 is the maximum, the dip near half-way to the next (0.03) the
    // minimum, moved off 0.03 by the envelope's slope: found here by a scan of step 1e-7 m.
    let dip = Number.POSITIVE_INFINITY;
    for (let z = 0.025; z <= 0.035; z += 1e-7) dip = Math.min(dip, sumOnAxis(z));
    expect(out.uniformity).toBeCloseTo(dip / sumOnAxis(0), 11);
    expect(out.uniformity).toBeLessThan(sumOnAxis(0.03) / sumOnAxis(0));
  });

  it('leaves a turn out at a point on its wire and lists that point', () => {
    const out = solveSolenoid({ ...few, analysis_points: { radial_range: [0, 0.04], n_points: 21 } });
    expect(out.metadata.singular_points).toEqual([10]);
    const others = [-0.12, -0.06, 0.06, 0.12].reduce((s, zj) => s + loopBiotSavart(0.02, 1, 0.02, -zj), 0);
    expect(Math.abs(out.radial_field.field_strength[10]! / others - 1)).toBeLessThan(1e-11);
    expect(out.radial_field.field_strength.every(Number.isFinite)).toBe(true);
  });

  it('refuses an explicit loops model beyond the work limit, and falls back to the sheet by default', () => {
    const many = { n_turns: 20_000, length: 100, radius: 0.02 };
    expect(() => solveSolenoid({ ...many, model: 'loops' })).toThrow(/model/);
    const out = solveSolenoid(many);
    expect(out.metadata.model).toBe('sheet');
    expect(out.metadata.model_note).toMatch(/work limit/);
    expect(out.metadata.model_note).toMatch(/0\.25 × the radius/);
  });

  it('tends to the sheet as the turns get dense: the midpoint-rule end correction of Euler–Maclaurin', () => {
    const dense = { n_turns: 40, length: 0.3, radius: 0.02, current: 1 };
    const loops = solveSolenoid({ ...dense, model: 'loops' }).field_inside;
    const sheet = solveSolenoid({ ...dense, model: 'sheet' }).field_inside;
    // The turns are the midpoint rule for the sheet's integral over the winding. At the centre,
    // Euler–Maclaurin gives loops − sheet = −(s/12)·h'(L/2) + O(s³) (the s³ term is 1.2e-12 T
    // here), h(z) = μ0 I R²/2(R² + z²)^{3/2}; Poisson summation adds the ripple of the discrete
    // turns, (2μ0 I/s)·x·K1(x) with x = 2πR/s = 16.8, below (2μ0 I/s)·1.1·x·√(π/2x)·e^{−x}.
    const s = 0.3 / 40;
    const dh = (-1.5 * MU_0 * 0.02 ** 2 * 0.15) / (0.02 ** 2 + 0.15 ** 2) ** 2.5;
    const endCorrection = -(s / 12) * dh;
    const x = (2 * Math.PI * 0.02) / s;
    const ripple = ((2 * MU_0) / s) * 1.1 * x * Math.sqrt(Math.PI / (2 * x)) * Math.exp(-x);
    expect(Math.abs(loops - sheet - endCorrection)).toBeLessThan(ripple + 2e-12);
    // Relative to the field, 6e-6 apart: the sheet is the right model for a dense winding.
    expect(Math.abs(loops / sheet - 1)).toBeLessThan(1e-5);
  });
});
