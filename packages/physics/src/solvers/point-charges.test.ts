import { describe, expect, it } from 'vitest';
import { COULOMB_K } from '../constants.js';
import { gridAxes } from '../numerics/grid.js';
import type { PointCharge } from '../point-fields.js';
import { solvePointCharges, traceFieldLines } from './point-charges.js';

const domain = { x_min: -1, x_max: 1, y_min: -1, y_max: 1 };

/** Exact Coulomb V and E of a charge set at (x, y). */
function coulomb(charges: PointCharge[], x: number, y: number) {
  let v = 0;
  let ex = 0;
  let ey = 0;
  for (const c of charges) {
    const dx = x - c.x;
    const dy = y - c.y;
    const r = Math.hypot(dx, dy);
    v += (COULOMB_K * c.q) / r;
    ex += (COULOMB_K * c.q * dx) / r ** 3;
    ey += (COULOMB_K * c.q * dy) / r ** 3;
  }
  return { v, ex, ey };
}

/**
 * Compares grid values with exact Coulomb at every node at least one cell from every charge, to
 * 1e-9 of Σ|contribution| (the sum's own rounding is a few ulps of that; with charges of both
 * signs the total can cancel, so its size is no measure of the error).
 */
function checkAgainstCoulomb(charges: PointCharge[], gridSize: number) {
  const out = solvePointCharges({ charges, ...domain, grid_size: gridSize, show_field_lines: false });
  const { x, y } = gridAxes(domain, gridSize, gridSize);
  const cell = (domain.x_max - domain.x_min) / (gridSize - 1);
  let checked = 0;
  for (let i = 0; i < gridSize; i++) {
    for (let j = 0; j < gridSize; j++) {
      const rs = charges.map((c) => Math.hypot(x[j]! - c.x, y[i]! - c.y));
      if (Math.min(...rs) < cell) continue;
      const exact = coulomb(charges, x[j]!, y[i]!);
      const scaleV = charges.reduce((s, c, n) => s + Math.abs(COULOMB_K * c.q) / rs[n]!, 0);
      const scaleE = charges.reduce((s, c, n) => s + Math.abs(COULOMB_K * c.q) / rs[n]! ** 2, 0);
      const k = i * gridSize + j;
      expect(Math.abs(out.potential.data[k]! - exact.v)).toBeLessThanOrEqual(1e-9 * scaleV);
      expect(Math.abs(out.electric_field.Ex.data[k]! - exact.ex)).toBeLessThanOrEqual(1e-9 * scaleE);
      expect(Math.abs(out.electric_field.Ey.data[k]! - exact.ey)).toBeLessThanOrEqual(1e-9 * scaleE);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(gridSize * gridSize * 0.8);
  expect(out.x[0]).toBe(domain.x_min);
  expect(out.y[0]).toBe(domain.y_max);
  return out;
}

describe('point_charges at the nodes next to a charge', () => {
  it('gives kq/r² one cell away and leaves the charge out at its own node', () => {
    const out = solvePointCharges({
      charges: [{ x: 0, y: 0, q: 1e-9 }],
      x_min: -2,
      x_max: 2,
      y_min: -2,
      y_max: 2,
      grid_size: 41,
      show_field_lines: false,
    });
    expect(out.metadata.singular_nodes).toEqual([[20, 20]]);
    const h = 0.1;
    const e1 = out.electric_field.magnitude.data[20 * 41 + 21]!;
    expect(Math.abs(e1 / ((COULOMB_K * 1e-9) / (h * h)) - 1)).toBeLessThan(1e-12);
    expect(Math.abs(out.potential.data[20 * 41 + 21]! / ((COULOMB_K * 1e-9) / h) - 1)).toBeLessThan(1e-12);
    // The node on the charge carries the field of the other charges: none here.
    expect(out.electric_field.magnitude.data[20 * 41 + 20]).toBe(0);
    expect(Number.isFinite(out.metadata.max_field_strength)).toBe(true);
  });
});

describe('point_charges with a charge on a node among others', () => {
  it('gives that node the exact field of the other charges only, and every other node its exact value', () => {
    // 0.5 is node (10, 30) of a 41-point grid over [−1, 1]²; the others sit between nodes.
    const charges = [
      { x: 0.5, y: 0.5, q: 3e-9 },
      { x: -0.33, y: 0.21, q: -2e-9 },
      { x: 0.12, y: -0.77, q: 1e-9 },
    ];
    const out = checkAgainstCoulomb(charges, 41);
    expect(out.metadata.singular_nodes).toEqual([[10, 30]]);
    const others = coulomb(charges.slice(1), 0.5, 0.5);
    const k = 10 * 41 + 30;
    expect(out.potential.data[k]! / others.v - 1).toBeCloseTo(0, 13);
    expect(out.electric_field.Ex.data[k]! / others.ex - 1).toBeCloseTo(0, 13);
    expect(out.electric_field.Ey.data[k]! / others.ey - 1).toBeCloseTo(0, 13);
    expect(out.x[30]).toBe(0.5);
    expect(out.y[10]).toBe(0.5);
  });
});

describe('point_charges', () => {
  it('reproduces the Coulomb potential and field of one charge', () => {
    const out = checkAgainstCoulomb([{ x: 0.1, y: -0.2, q: 2e-9 }], 81);
    // Exact superposition: V = kq/r to round-off at r ≈ 1.
    const { x, y } = gridAxes(domain, 81, 81);
    const r = Math.hypot(x[80]! - 0.1, y[0]! + 0.2);
    expect(out.potential.data[80]! / ((COULOMB_K * 2e-9) / r)).toBeCloseTo(1, 4);
    expect(out.metadata.total_charge).toBe(2e-9);
  });

  it('reproduces the field and potential of a dipole (V = 0 on the mid-plane)', () => {
    const dipole = [
      { x: -0.25, y: 0, q: 1e-9 },
      { x: 0.25, y: 0, q: -1e-9 },
    ];
    const out = checkAgainstCoulomb(dipole, 101);
    // Column 50 is x = 0: V vanishes there and E points from + to − (along +x).
    for (let i = 0; i < 101; i++) {
      expect(Math.abs(out.potential.data[i * 101 + 50]!)).toBeLessThan(1e-9);
      expect(out.electric_field.Ex.data[i * 101 + 50]!).toBeGreaterThan(0);
    }
    expect(out.metadata.total_charge).toBe(0);
  });

  it('reports |E| and its maximum', () => {
    const out = solvePointCharges({
      charges: [{ x: 0.3, y: 0.3, q: 1e-9 }],
      grid_size: 40,
      show_field_lines: false,
    });
    const { Ex, Ey, magnitude } = out.electric_field;
    let max = 0;
    for (let k = 0; k < magnitude.data.length; k++) {
      expect(magnitude.data[k]).toBeCloseTo(Math.hypot(Ex.data[k]!, Ey.data[k]!), 9);
      max = Math.max(max, magnitude.data[k]!);
    }
    expect(out.metadata.max_field_strength).toBe(max);
  });

  it('traces radial field lines from a lone positive charge, pointing outwards to the edge', () => {
    const lines = traceFieldLines([{ x: 0, y: 0, q: 1e-9 }], domain);
    expect(lines).toHaveLength(16);
    for (const line of lines) {
      expect([line.x[0], line.y[0]]).toEqual([0, 0]);
      const angle = Math.atan2(line.y[1]!, line.x[1]!);
      const n = line.x.length;
      // Straight: every point on the seed's ray (integration error ≪ 1e-6).
      for (let k = 1; k < n; k++) {
        expect(Math.abs(Math.atan2(line.y[k]!, line.x[k]!) - angle)).toBeLessThan(1e-6);
      }
      expect(Math.max(Math.abs(line.x[n - 1]!), Math.abs(line.y[n - 1]!))).toBeCloseTo(1, 12);
    }
  });

  it('traces lines of a lone negative charge backwards, so they still point along E (inwards)', () => {
    const lines = traceFieldLines([{ x: 0.2, y: 0.1, q: -3e-9 }], domain);
    expect(lines).toHaveLength(16);
    for (const line of lines) {
      const n = line.x.length;
      expect([line.x[n - 1], line.y[n - 1]]).toEqual([0.2, 0.1]);
      const r0 = Math.hypot(line.x[0]! - 0.2, line.y[0]! - 0.1);
      const r1 = Math.hypot(line.x[n - 2]! - 0.2, line.y[n - 2]! - 0.1);
      expect(r1).toBeLessThan(r0);
    }
  });

  it('joins the charges of a dipole: lines leave + and end on −, each traced once', () => {
    const plus = { x: -0.2, y: 0, q: 1e-9 };
    const minus = { x: 0.2, y: 0, q: -1e-9 };
    const lines = traceFieldLines([plus, minus], { x_min: -2, x_max: 2, y_min: -2, y_max: 2 });
    const startsAtPlus = lines.filter((l) => l.x[0] === plus.x && l.y[0] === plus.y);
    const endsAtMinus = lines.filter((l) => l.x.at(-1) === minus.x && l.y.at(-1) === minus.y);
    const joined = lines.filter((l) => startsAtPlus.includes(l) && endsAtMinus.includes(l));
    expect(joined.length).toBeGreaterThanOrEqual(10);
    // Each joining line is traced once (from +), not again backwards from −.
    expect(lines.length).toBeLessThan(32);
    // Every segment points along E (positive projection of the step on the exact field).
    for (const line of lines) {
      for (let k = 1; k + 1 < line.x.length; k++) {
        const e = coulomb([plus, minus], line.x[k]!, line.y[k]!);
        const step = [line.x[k + 1]! - line.x[k]!, line.y[k + 1]! - line.y[k]!];
        expect(step[0]! * e.ex + step[1]! * e.ey).toBeGreaterThan(0);
      }
    }
  });

  it('seeds a number of lines proportional to |q|', () => {
    const lines = traceFieldLines(
      [
        { x: -0.5, y: 0, q: 4e-9 },
        { x: 0.5, y: 0, q: 2e-9 },
      ],
      domain,
    );
    const from = (x: number) => lines.filter((l) => l.x[0] === x).length;
    expect(from(-0.5)).toBe(16);
    expect(from(0.5)).toBe(8);
  });

  it('draws equipotentials of one charge as circles r = kq/V', () => {
    const q = 1e-9;
    const out = solvePointCharges({ charges: [{ x: 0, y: 0, q }], grid_size: 201, show_field_lines: false });
    expect(out.equipotentials.length).toBeGreaterThan(4);
    const h = 2 / 200;
    for (const line of out.equipotentials) {
      const r = (COULOMB_K * q) / line.level;
      if (r < 10 * h) continue;
      // Linear interpolation of 1/r along an edge: radial error ≲ h²/r (see contours.test.ts
      // for the argument with r², here f''/|f'| = 2/r); the tolerance keeps the old softening margin.
      for (let k = 0; k < line.x.length; k++) {
        expect(Math.abs(Math.hypot(line.x[k]!, line.y[k]!) - r)).toBeLessThan(
          (h * h) / r + (1.5 * (h / 2) ** 2) / r,
        );
      }
    }
  });

  it('honours show_field_lines and show_equipotentials', () => {
    const out = solvePointCharges({
      charges: [{ x: 0, y: 0, q: 1e-9 }],
      grid_size: 20,
      show_field_lines: false,
      show_equipotentials: false,
    });
    expect(out.field_lines).toEqual([]);
    expect(out.equipotentials).toEqual([]);
  });

  it('rejects an empty domain and unknown fields with their paths', () => {
    expect(() => solvePointCharges({ charges: [{ x: 0, y: 0, q: 1 }], x_min: 1, x_max: 1 })).toThrow(/x_max/);
    expect(() => solvePointCharges({ charges: [{ x: 0, y: 0, q: 1, z: 0 }] } as never)).toThrow(
      /charges\[0\]\.z/,
    );
    expect(() => solvePointCharges({ charges: [] })).toThrow(/charges/);
  });
});
