import { describe, expect, it } from 'vitest';
import { COULOMB_K, MU_0 } from './constants.js';
import { loopBz, loopField } from './numerics/loop-field.js';
import { coulombField, signedCurrent, wireField, wireVectorPotential } from './point-fields.js';
import { solvePointCharges } from './solvers/point-charges.js';
import { solveWireField } from './solvers/wire-field.js';

function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

describe('point charges at one point', () => {
  const charges = [
    { x: -0.3, y: 0.1, q: 2e-9 },
    { x: 0.4, y: -0.25, q: -1e-9 },
    { x: 0.05, y: 0.6, q: 0.5e-9 },
  ];

  it("agree with the solver's grid at every node (the same superposition)", () => {
    const out = solvePointCharges({ charges, grid_size: 23 });
    for (let i = 0; i < 23; i++) {
      for (let j = 0; j < 23; j++) {
        const at = coulombField(charges, out.x[j]!, out.y[i]!);
        const k = i * 23 + j;
        expect(rel(at.v, out.potential.data[k]!)).toBeLessThan(1e-13);
        const e = out.electric_field.magnitude.data[k]!;
        expect(rel(Math.hypot(at.ex, at.ey), e)).toBeLessThan(1e-13);
        expect(Math.abs(at.ex - out.electric_field.Ex.data[k]!)).toBeLessThan(1e-13 * e);
        expect(Math.abs(at.ey - out.electric_field.Ey.data[k]!)).toBeLessThan(1e-13 * e);
      }
    }
  });

  it('are k q / r and k q / r² for one charge; softening adds to r²', () => {
    const one = [{ x: 1, y: 2, q: 3e-9 }];
    const at = coulombField(one, 4, 6); // r = 5
    expect(rel(at.v, (COULOMB_K * 3e-9) / 5)).toBeLessThan(1e-15);
    expect(rel(at.ex, ((COULOMB_K * 3e-9) / 25) * 0.6)).toBeLessThan(1e-15);
    expect(rel(at.ey, ((COULOMB_K * 3e-9) / 25) * 0.8)).toBeLessThan(1e-15);
    const soft = coulombField(one, 4, 6, 11); // r² = 25 + 11
    expect(rel(soft.v, (COULOMB_K * 3e-9) / 6)).toBeLessThan(1e-15);
    expect(Number.isFinite(coulombField(one, 1, 2, 1e-4).ex)).toBe(true);
  });
});

describe('infinite wires at one point', () => {
  const wires = [
    { x: 0, y: 0, current: 3, direction: 'z' as const },
    { x: 0.2, y: 0.1, current: 2, direction: '-z' as const },
  ];
  const currents = wires.map((w) => ({ x: w.x, y: w.y, current: signedCurrent(w) }));

  it("agree with the solver's grid at every node", () => {
    const out = solveWireField({ wires, grid_size: 19, x_min: -0.45, x_max: 0.5, y_min: -0.5, y_max: 0.45 });
    for (let i = 0; i < 19; i++) {
      for (let j = 0; j < 19; j++) {
        const b = wireField(currents, out.x[j]!, out.y[i]!);
        const k = i * 19 + j;
        expect(rel(Math.hypot(b.bx, b.by), out.magnetic_field.magnitude.data[k]!)).toBeLessThan(1e-13);
        expect(Math.abs(b.bx - out.magnetic_field.Bx.data[k]!)).toBeLessThan(1e-13 * Math.hypot(b.bx, b.by));
        expect(Math.abs(b.by - out.magnetic_field.By.data[k]!)).toBeLessThan(1e-13 * Math.hypot(b.bx, b.by));
      }
    }
  });

  it('are μ0 I / 2π r counter-clockwise; -z flips the current; a wire through the point is left out', () => {
    const b = wireField([{ x: 0, y: 0, current: signedCurrent({ current: 4 }) }], 0.5, 0);
    expect(b.bx).toBe(0);
    expect(rel(b.by, (MU_0 * 4) / (2 * Math.PI * 0.5))).toBeLessThan(1e-15);
    const flipped = wireField(
      [{ x: 0, y: 0, current: signedCurrent({ current: 4, direction: '-z' }) }],
      0.5,
      0,
    );
    expect(flipped.by).toBe(-b.by);
    expect(wireField([{ x: 0.5, y: 0, current: 1 }], 0.5, 0)).toEqual({ bx: 0, by: 0 });
  });

  it('have B = ∇ × (A_z ẑ): Bx = ∂A/∂y, By = −∂A/∂x', () => {
    const h = 1e-6;
    for (const [x, y] of [
      [0.3, -0.2],
      [-0.1, 0.25],
      [0.15, 0.05],
    ] as const) {
      const b = wireField(currents, x, y);
      const dAdy =
        (wireVectorPotential(currents, x, y + h) - wireVectorPotential(currents, x, y - h)) / (2 * h);
      const dAdx =
        (wireVectorPotential(currents, x + h, y) - wireVectorPotential(currents, x - h, y)) / (2 * h);
      expect(rel(dAdy, b.bx)).toBeLessThan(1e-6);
      expect(rel(-dAdx, b.by)).toBeLessThan(1e-6);
    }
    expect(Number.isFinite(wireVectorPotential(currents, 0, 0, 1e-3))).toBe(true);
  });
});

describe('the whole field of a circular loop', () => {
  const R = 0.02;
  const I = 3;

  it('has the B_z of loopBz off the wire, and the textbook value on the axis', () => {
    for (const [rho, z] of [
      [0, 0],
      [0, 0.05],
      [0.005, 0.001],
      [0.019, -0.002],
      [0.021, 0.0005],
      [0.08, 0.03],
    ] as const) {
      const f = loopField(R, I, rho, z);
      expect(Math.abs(f.bz - loopBz(R, I, rho, z))).toBeLessThan(1e-12 * Math.abs(loopBz(R, I, 0, 0)));
    }
    const axis = loopField(R, I, 0, 0.03);
    expect(axis.br).toBe(0);
    expect(rel(axis.bz, (MU_0 * I * R * R) / (2 * (R * R + 0.03 ** 2) ** 1.5))).toBeLessThan(1e-12);
  });

  it('has field lines along the flux function: B_z = (1/ρ) ∂ψ/∂ρ, B_ρ = −(1/ρ) ∂ψ/∂z', () => {
    const h = 1e-7;
    for (const [rho, z] of [
      [0.01, 0.004],
      [0.03, -0.01],
      [0.015, 0.02],
    ] as const) {
      const f = loopField(R, I, rho, z);
      const dPsiDrho = (loopField(R, I, rho + h, z).psi - loopField(R, I, rho - h, z).psi) / (2 * h);
      const dPsiDz = (loopField(R, I, rho, z + h).psi - loopField(R, I, rho, z - h).psi) / (2 * h);
      expect(rel(dPsiDrho / rho, f.bz)).toBeLessThan(1e-5);
      expect(rel(-dPsiDz / rho, f.br)).toBeLessThan(1e-5);
    }
  });

  it('stays finite on the wire', () => {
    const f = loopField(R, I, R, 0);
    expect([f.bz, f.br, f.psi].every(Number.isFinite)).toBe(true);
  });
});
