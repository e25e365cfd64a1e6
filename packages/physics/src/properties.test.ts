/**
 * Property tests over random inputs from a seeded generator (so a failure is reproducible):
 * the conservation laws must hold for every charge or current set, not only for chosen ones.
 */
import { describe, expect, it } from 'vitest';
import { COULOMB_K, EPSILON_0, MU_0 } from './constants.js';
import { gridAxes } from './numerics/grid.js';
import { solveAmpereLoop } from './solvers/ampere-loop.js';
import { solveGaussFlux } from './solvers/gauss-flux.js';
import { solvePointCharges } from './solvers/point-charges.js';
import { solveWireField } from './solvers/wire-field.js';

/** mulberry32: a small, well-mixed 32-bit generator. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCharges(rand: () => number, count: number, spread: number) {
  return Array.from({ length: count }, () => ({
    x: (rand() * 2 - 1) * spread,
    y: (rand() * 2 - 1) * spread,
    q: (rand() * 2 - 1) * 1e-8,
  }));
}

describe('conservation laws on random configurations', () => {
  it('Gauss: the flux through a random sphere is the enclosed charge over ε0', () => {
    const rand = prng(20240517);
    for (let trial = 0; trial < 200; trial++) {
      const charges = randomCharges(rand, 1 + Math.floor(rand() * 12), 2);
      const surface = { center_x: rand() - 0.5, center_y: rand() - 0.5, radius: 0.2 + 1.5 * rand() };
      const out = solveGaussFlux({ charges, surface });
      const enclosed = charges
        .filter((c) => Math.hypot(c.x - surface.center_x, c.y - surface.center_y) < surface.radius)
        .reduce((s, c) => s + c.q, 0);
      expect(out.enclosed_charge).toBeCloseTo(enclosed, 25);
      // 64 Gauss–Legendre nodes integrate each charge's share to rounding; the sum of up to 12
      // shares of size |q|/ε0 can lose ~1e-15 of Σ|q|/ε0.
      const scale = charges.reduce((s, c) => s + Math.abs(c.q), 0) / EPSILON_0;
      expect(Math.abs(out.electric_flux - enclosed / EPSILON_0)).toBeLessThan(1e-13 * scale);
    }
  });

  it('Ampère: the circulation around a random loop is μ0 times the enclosed current', () => {
    const rand = prng(7);
    for (let trial = 0; trial < 200; trial++) {
      const current_sources = Array.from({ length: 1 + Math.floor(rand() * 10) }, () => ({
        x: (rand() * 2 - 1) * 3,
        y: (rand() * 2 - 1) * 3,
        current: (rand() * 2 - 1) * 50,
      }));
      const loop = { center_x: rand() - 0.5, center_y: rand() - 0.5, radius: 0.5 + rand() };
      // Wires within 5 % of the loop need more points: (d/R)^n ≤ 0.95^2000 ≈ 1e-45.
      const out = solveAmpereLoop({ current_sources, loop, n_points: 2000 });
      const enclosed = current_sources
        .filter((w) => Math.hypot(w.x - loop.center_x, w.y - loop.center_y) < loop.radius)
        .reduce((s, w) => s + w.current, 0);
      const scale = MU_0 * current_sources.reduce((s, w) => s + Math.abs(w.current), 0);
      const nearest = Math.min(
        ...current_sources.map((w) =>
          Math.abs(Math.hypot(w.x - loop.center_x, w.y - loop.center_y) / loop.radius - 1),
        ),
      );
      if (nearest < 0.05) continue;
      expect(out.enclosed_current).toBeCloseTo(enclosed, 12);
      expect(Math.abs(out.magnetic_circulation - MU_0 * enclosed)).toBeLessThan(1e-12 * scale);
      expect(out.verification_passed).toBe(true);
    }
  });

  it('superposition: fields are linear in the charges (scaling and adding)', () => {
    const rand = prng(99);
    const n = 25;
    const { x, y } = gridAxes({ x_min: -1, x_max: 1, y_min: -1, y_max: 1 }, n, n);
    for (let trial = 0; trial < 10; trial++) {
      const a = randomCharges(rand, 3, 0.9);
      const b = randomCharges(rand, 4, 0.9);
      const alpha = rand() * 10 - 5;
      const options = { grid_size: n, show_field_lines: false, show_equipotentials: false };
      const fa = solvePointCharges({ charges: a, ...options });
      const fb = solvePointCharges({ charges: b, ...options });
      const fab = solvePointCharges({ charges: [...a, ...b], ...options });
      const scaled = solvePointCharges({ charges: a.map((c) => ({ ...c, q: alpha * c.q })), ...options });
      const d2 = 0;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const k = i * n + j;
          // Rounding is relative to the sizes of the terms summed, not to their (possibly
          // cancelling) total: a few ulps per term, 32 ε of Σ|term| in all.
          const r2 = [...a, ...b].map((c) => (x[j]! - c.x) ** 2 + (y[i]! - c.y) ** 2 + d2);
          const all = [...a, ...b];
          const scaleV = all.reduce((s, c, m) => s + (COULOMB_K * Math.abs(c.q)) / Math.sqrt(r2[m]!), 0);
          const scaleE = all.reduce((s, c, m) => s + (COULOMB_K * Math.abs(c.q)) / r2[m]!, 0);
          const tolerance = 32 * Number.EPSILON;
          const sumV = fa.potential.data[k]! + fb.potential.data[k]!;
          expect(Math.abs(fab.potential.data[k]! - sumV)).toBeLessThanOrEqual(tolerance * scaleV);
          const sumEx = fa.electric_field.Ex.data[k]! + fb.electric_field.Ex.data[k]!;
          expect(Math.abs(fab.electric_field.Ex.data[k]! - sumEx)).toBeLessThanOrEqual(tolerance * scaleE);
          expect(Math.abs(scaled.potential.data[k]! - alpha * fa.potential.data[k]!)).toBeLessThanOrEqual(
            tolerance * Math.abs(alpha) * scaleV,
          );
        }
      }
    }
  });

  it('superposition: magnetic fields of wires add', () => {
    const rand = prng(3);
    const wires = Array.from({ length: 5 }, () => ({
      x: rand() * 2 - 1,
      y: rand() * 2 - 1,
      current: rand() * 20 - 10,
    }));
    const options = { grid_size: 20, show_field_lines: false };
    const all = solveWireField({ wires, ...options });
    const parts = wires.map((w) => solveWireField({ wires: [w], ...options }));
    for (let k = 0; k < 400; k++) {
      const sum = parts.reduce((s, p) => s + p.magnetic_field.Bx.data[k]!, 0);
      const size = parts.reduce((s, p) => s + Math.abs(p.magnetic_field.Bx.data[k]!), 0);
      expect(Math.abs(all.magnetic_field.Bx.data[k]! - sum)).toBeLessThanOrEqual(1e-14 * size);
    }
  });
});
