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

describe('solenoid', () => {
  const base = { n_turns: 500, length: 0.25, radius: 0.03, current: 2 };
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
