import { describe, expect, it } from 'vitest';
import { MU_0 } from '../constants.js';
import { gridAxes } from '../numerics/grid.js';
import { solveWireField } from './wire-field.js';

const domain = { x_min: -1, x_max: 1, y_min: -1, y_max: 1 };

describe('wire_field', () => {
  it('gives B = μ0 I / (2π r), circulating counter-clockwise for current out of the page', () => {
    const I = 5;
    const n = 81;
    const out = solveWireField({
      wires: [{ x: 0.1, y: 0.2, current: I }],
      ...domain,
      grid_size: n,
      show_field_lines: false,
    });
    const { x, y } = gridAxes(domain, n, n);
    const cell = (domain.x_max - domain.x_min) / (n - 1);
    let checked = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const dx = x[j]! - 0.1;
        const dy = y[i]! - 0.2;
        const r = Math.hypot(dx, dy);
        if (r < cell) continue;
        const k = i * n + j;
        const exact = (MU_0 * I) / (2 * Math.PI * r);
        // Exact Biot–Savart at every node at least one cell away: round-off only.
        expect(Math.abs(out.magnetic_field.magnitude.data[k]! / exact - 1)).toBeLessThanOrEqual(1e-9);
        // Direction φ̂ = (−dy, dx)/r: positive z-component of r × B.
        expect(dx * out.magnetic_field.By.data[k]! - dy * out.magnetic_field.Bx.data[k]!).toBeGreaterThan(0);
        // Perpendicular to r.
        expect(
          Math.abs(dx * out.magnetic_field.Bx.data[k]! + dy * out.magnetic_field.By.data[k]!),
        ).toBeLessThan(1e-12 * exact * r);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0.9 * n * n);
    for (const v of out.magnetic_field.Bz.data) expect(v).toBe(0);
    expect(out.metadata.mu_0).toBe(MU_0);
  });

  it("flips the field for direction '-z' and adds wires linearly", () => {
    const a = solveWireField({
      wires: [{ x: 0, y: 0, current: 2, direction: '-z' }],
      grid_size: 30,
      show_field_lines: false,
    });
    const b = solveWireField({
      wires: [{ x: 0, y: 0, current: -2 }],
      grid_size: 30,
      show_field_lines: false,
    });
    expect(a.magnetic_field.Bx.data).toEqual(b.magnetic_field.Bx.data);
    const both = solveWireField({
      wires: [
        { x: 0.3, y: 0, current: 1 },
        { x: -0.3, y: 0.1, current: 3 },
      ],
      grid_size: 30,
      show_field_lines: false,
    });
    const one = solveWireField({
      wires: [{ x: 0.3, y: 0, current: 1 }],
      grid_size: 30,
      show_field_lines: false,
    });
    const two = solveWireField({
      wires: [{ x: -0.3, y: 0.1, current: 3 }],
      grid_size: 30,
      show_field_lines: false,
    });
    for (let k = 0; k < 900; k++) {
      const sum = one.magnetic_field.By.data[k]! + two.magnetic_field.By.data[k]!;
      expect(both.magnetic_field.By.data[k]).toBeCloseTo(sum, 18);
    }
  });

  it('draws field lines of one wire as closed circles around it', () => {
    const out = solveWireField({ wires: [{ x: 0, y: 0, current: 1 }], grid_size: 161 });
    const closed = out.field_lines.filter((l) => l.x[0] === l.x.at(-1) && l.y[0] === l.y.at(-1));
    expect(closed.length).toBeGreaterThan(8);
    const h = 2 / 160;
    for (const line of closed) {
      const r = Math.hypot(line.x[0]!, line.y[0]!);
      if (r < 10 * h) continue;
      // A_z ∝ ln r: a level line is a circle; interpolating ln r along an edge misplaces a point
      // radially by ≲ h²/(8r)·(1 + ...) — see contours.test.ts — bounded here by h²/r.
      for (let k = 0; k < line.x.length; k++)
        expect(Math.abs(Math.hypot(line.x[k]!, line.y[k]!) - r)).toBeLessThan((h * h) / r);
    }
  });

  it('draws field lines on the exact level sets of A_z for an antiparallel pair', () => {
    const wires = [
      { x: -0.3, y: 0, current: 4 },
      { x: 0.3, y: 0, current: -4 },
    ];
    const n = 201;
    const h = 2 / (n - 1);
    const out = solveWireField({ wires, grid_size: n });
    expect(out.field_lines.length).toBeGreaterThan(10);
    const exactA = (px: number, py: number) =>
      wires.reduce(
        (a, w) => a - ((MU_0 * w.current) / (2 * Math.PI)) * Math.log(Math.hypot(px - w.x, py - w.y)),
        0,
      );
    let checked = 0;
    for (const line of out.field_lines) {
      // Every point of one line sits on one level of A_z: compare with the line's first point
      // far from the wires, as a distance |ΔA|/|B| from that level set.
      const far = (k: number) =>
        Math.min(...wires.map((w) => Math.hypot(line.x[k]! - w.x, line.y[k]! - w.y)));
      const ref = [...line.x.keys()].find((k) => far(k) > 0.1);
      if (ref === undefined) continue;
      const level = exactA(line.x[ref]!, line.y[ref]!);
      for (let k = 0; k < line.x.length; k++) {
        const r = far(k);
        if (r <= 0.1) continue;
        const px = line.x[k]!;
        const py = line.y[k]!;
        let bx = 0;
        let by = 0;
        for (const w of wires) {
          const s = (MU_0 * w.current) / (2 * Math.PI * ((px - w.x) ** 2 + (py - w.y) ** 2));
          bx -= s * (py - w.y);
          by += s * (px - w.x);
        }
        const b = Math.hypot(bx, by);
        // Interpolating ln r along an edge misplaces a point by ≲ h²/(8r); softening shifts the
        // level by (μ0 I/4π)δ²/r² per wire, i.e. a distance ≲ δ²/(2r). Two wires, both ends of
        // the comparison: ≤ 4(h²/8 + h²/8)/r = h²/r.
        expect(Math.abs(exactA(px, py) - level) / b).toBeLessThan((h * h) / r);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('wire_field with several wires, one on a node', () => {
  it('gives every node at least a cell from every wire Bx and By to 1e-9, the node on a wire the others only', () => {
    const wires = [
      { x: 0.5, y: -0.25, current: 4 },
      { x: -0.31, y: 0.17, current: -2.5 },
      { x: 0.08, y: 0.66, current: 1, direction: '-z' as const },
    ];
    const signed = wires.map((w) => ({ ...w, current: w.direction === '-z' ? -w.current : w.current }));
    const field = (ws: typeof signed, px: number, py: number) => {
      let bx = 0;
      let by = 0;
      let scale = 0;
      for (const w of ws) {
        const r2 = (px - w.x) ** 2 + (py - w.y) ** 2;
        const s = (MU_0 * w.current) / (2 * Math.PI * r2);
        bx -= s * (py - w.y);
        by += s * (px - w.x);
        scale += Math.abs(s) * Math.sqrt(r2);
      }
      return { bx, by, scale };
    };
    const n = 41;
    const out = solveWireField({ wires, ...domain, grid_size: n, show_field_lines: false });
    const cell = 2 / (n - 1);
    let checked = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const px = out.x[j]!;
        const py = out.y[i]!;
        if (Math.min(...wires.map((w) => Math.hypot(px - w.x, py - w.y))) < cell) continue;
        const exact = field(signed, px, py);
        // 1e-9 of Σ|contribution|: a sum of terms of both signs may cancel, its rounding may not.
        expect(Math.abs(out.magnetic_field.Bx.data[i * n + j]! - exact.bx)).toBeLessThanOrEqual(
          1e-9 * exact.scale,
        );
        expect(Math.abs(out.magnetic_field.By.data[i * n + j]! - exact.by)).toBeLessThanOrEqual(
          1e-9 * exact.scale,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0.9 * n * n);
    // (0.5, −0.25) is node (25, 30).
    expect(out.metadata.singular_nodes).toEqual([[25, 30]]);
    const others = field(signed.slice(1), 0.5, -0.25);
    expect(out.magnetic_field.Bx.data[25 * n + 30]! / others.bx - 1).toBeCloseTo(0, 13);
    expect(out.magnetic_field.By.data[25 * n + 30]! / others.by - 1).toBeCloseTo(0, 13);
  });
});

describe('wire_field at the nodes next to a wire', () => {
  it('gives μ0 I / 2πr one cell away and leaves the wire out at its own node', () => {
    const out = solveWireField({
      wires: [{ x: 0, y: 0, current: 1 }],
      x_min: -0.1,
      x_max: 0.1,
      y_min: -0.1,
      y_max: 0.1,
      grid_size: 41,
      show_field_lines: true,
    });
    expect(out.metadata.singular_nodes).toEqual([[20, 20]]);
    const h = 0.005;
    const b1 = out.magnetic_field.magnitude.data[20 * 41 + 21]!;
    expect(Math.abs(b1 / (MU_0 / (2 * Math.PI * h)) - 1)).toBeLessThan(1e-12);
    expect(out.magnetic_field.magnitude.data[20 * 41 + 20]).toBe(0);
    expect(out.x[0]).toBeCloseTo(-0.1, 15);
    expect(out.y[0]).toBeCloseTo(0.1, 15);
    expect(out.field_lines.length).toBeGreaterThan(0);
  });
});
