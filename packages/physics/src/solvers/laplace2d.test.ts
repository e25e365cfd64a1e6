import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../errors.js';
import { scaledResidual } from '../numerics/multigrid.js';
import { laplace2dSchema } from '../schemas/laplace2d.js';
import { toWire } from '../wire.js';
import { solveLaplace2d } from './laplace2d.js';

/**
 * Fourier-series solution on the unit square with V = 1 on the top (y = 1), 0 elsewhere:
 * V = Σ_{n odd} 4/(nπ) sin(nπx) sinh(nπy)/sinh(nπ), written with exponentials to avoid overflow.
 * 400 terms make the truncation error < 1e-12 at the interior points used.
 */
function fourier(x: number, y: number): number {
  let sum = 0;
  for (let n = 1; n < 800; n += 2) {
    const ratio =
      (Math.exp(n * Math.PI * (y - 1)) * (1 - Math.exp(-2 * n * Math.PI * y))) /
      (1 - Math.exp(-2 * n * Math.PI));
    sum += (4 / (n * Math.PI)) * Math.sin(n * Math.PI * x) * ratio;
  }
  return sum;
}

const square = (n: number) => ({ nx: n, ny: n, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 });

/** V at physical (x, y) on the unit square, for nodes that fall exactly on the grid. */
function at(out: ReturnType<typeof solveLaplace2d>, x: number, y: number): number {
  const { nx, data } = out.potential;
  const h = 1 / (nx - 1);
  return data[Math.round((1 - y) / h) * nx + Math.round(x / h)]!;
}

describe('laplace2d', () => {
  it('gives exactly 1/4 of the top potential at the centre of a square (symmetry)', () => {
    // Rotating the problem four times and adding gives V ≡ 1, and the discrete problem has the
    // same symmetry on an odd grid, so the centre is 0.25 up to the solver tolerance.
    for (const n of [21, 101, 317]) {
      const out = solveLaplace2d({ ...square(n), tolerance: 1e-12 });
      expect(Math.abs(at(out, 0.5, 0.5) - 0.25)).toBeLessThan(1e-10);
    }
  });

  it('matches the Fourier series to the O(h²) discretisation error off centre', () => {
    const points = [
      [0.25, 0.75],
      [0.5, 0.25],
      [0.75, 0.5],
      [0.25, 0.25],
    ] as const;
    const worst = (n: number) => {
      const out = solveLaplace2d({ ...square(n), tolerance: 1e-13 });
      return Math.max(...points.map(([x, y]) => Math.abs(at(out, x, y) - fourier(x, y))));
    };
    const e81 = worst(81);
    const e161 = worst(161);
    // Truncation error (h²/12)(V_xxxx + V_yyyy) gives an O(h²) error; measured constant ≈ 0.13,
    // so 0.2·h² bounds it, and halving h must divide it by 4 (±5 %).
    expect(e81).toBeLessThan(0.2 * (1 / 80) ** 2);
    expect(e161).toBeLessThan(0.2 * (1 / 160) ** 2);
    expect(e81 / e161).toBeGreaterThan(3.8);
    expect(e81 / e161).toBeLessThan(4.2);
  });

  it('puts row 0 at the top edge and column 0 at the left edge', () => {
    const out = solveLaplace2d({ nx: 30, ny: 20, v_top: 7, v_bottom: -3, v_left: 2, v_right: 5 });
    const wire = toWire(out);
    expect(wire.potential).toHaveLength(20);
    expect(wire.potential[0]).toHaveLength(30);
    expect(wire.potential[0]![10]).toBe(7);
    expect(wire.potential[19]![10]).toBe(-3);
    expect(wire.potential[10]![0]).toBe(2);
    expect(wire.potential[10]![29]).toBe(5);
    // Maximum principle: interior values lie between the extreme boundary values.
    for (const row of wire.potential) for (const v of row) expect(v >= -3 && v <= 7).toBe(true);
    expect(out.domain).toEqual({ x_min: 0, x_max: 1, y_min: 0, y_max: 19 / 29 });
  });

  it('accepts a request with only nx, ny and the four potentials, filling documented defaults', () => {
    const params = laplace2dSchema.parse(square(11));
    expect(params.max_iterations).toBe(100);
    expect(params.tolerance).toBe(1e-6);
    expect(params.visualization).toMatchObject({ show_contour: true, show_field: true, colormap: 'viridis' });
    const out = solveLaplace2d(square(11));
    expect(out.metadata.grid_size).toEqual([11, 11]);
    expect(out.metadata.convergence_error).toBeLessThanOrEqual(1e-6);
    expect(out.metadata.computation_time).toBeGreaterThan(0);
  });

  it('reports the true final max-norm residual as convergence_error', () => {
    const out = solveLaplace2d({ ...square(64), tolerance: 1e-9 });
    const h = 1 / 63;
    const residual = scaledResidual({ nx: 64, ny: 64, hx: h, hy: h, u: out.potential.data });
    expect(residual).toBeCloseTo(out.metadata.convergence_error, 15);
    expect(residual).toBeLessThanOrEqual(1e-9);
  });

  it('stays within 4× the tolerance of the exact discrete solution, as the tolerance says', () => {
    // The tolerance bounds the residual; the error against the same equations solved to round-off
    // was measured at up to ~2.5× the tolerance here, and the description promises about 4×.
    const box = { nx: 64, ny: 40, v_top: 1, v_bottom: 0.3, v_left: -0.5, v_right: 0, max_iterations: 200 };
    const exact = solveLaplace2d({ ...box, tolerance: 1e-13 }).potential.data;
    for (const tolerance of [1e-2, 1e-3, 1e-4, 1e-6, 1e-8]) {
      const v = solveLaplace2d({ ...box, tolerance }).potential.data;
      let error = 0;
      for (let k = 0; k < v.length; k++) error = Math.max(error, Math.abs(v[k]! - exact[k]!));
      expect(error).toBeLessThanOrEqual(4 * tolerance);
    }
  });

  it('makes the longer side 1 m and gives the node coordinates and |E| on the grid', () => {
    const out = solveLaplace2d({ nx: 21, ny: 11, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 });
    expect(out.domain).toEqual({ x_min: 0, x_max: 1, y_min: 0, y_max: 0.5 });
    expect(out.x[0]).toBe(0);
    expect(out.x.at(-1)).toBe(1);
    expect(out.x).toHaveLength(21);
    // Row 0 is the top edge.
    expect(out.y[0]).toBe(0.5);
    expect(out.y.at(-1)).toBe(0);
    expect(out.y).toHaveLength(11);
    const { Ex, Ey, magnitude } = out.electric_field;
    for (let k = 0; k < magnitude.data.length; k++) {
      expect(magnitude.data[k]).toBe(Math.hypot(Ex.data[k]!, Ey.data[k]!));
    }
  });

  it('computes E = −∇V: zero for a uniform box, and the Fourier derivative inside', () => {
    const uniform = solveLaplace2d({
      nx: 15,
      ny: 9,
      v_top: 4,
      v_bottom: 4,
      v_left: 4,
      v_right: 4,
      tolerance: 1e-13,
    });
    for (const v of uniform.electric_field.Ex.data) expect(Math.abs(v)).toBeLessThan(1e-9);
    for (const v of uniform.electric_field.Ey.data) expect(Math.abs(v)).toBeLessThan(1e-9);

    const n = 161;
    const out = solveLaplace2d({ ...square(n), tolerance: 1e-12 });
    const h = 1 / (n - 1);
    const k = Math.round(0.25 / h) * n + Math.round(0.5 / h); // x = 0.5, y = 0.75
    const d = 1e-5;
    const ey = -(fourier(0.5, 0.75 + d) - fourier(0.5, 0.75 - d)) / (2 * d);
    // V rises towards the top plate, so E points down (Ey < 0).
    expect(ey).toBeLessThan(0);
    // Central difference of an O(h²)-accurate V: O(h²) again; 2e-3 relative at h = 1/160.
    expect(Math.abs(out.electric_field.Ey.data[k]! - ey) / Math.abs(ey)).toBeLessThan(2e-3);
    expect(Math.abs(out.electric_field.Ex.data[k]!)).toBeLessThan(1e-9);
  });

  it('throws CONVERGENCE_ERROR when max_iterations is reached before the tolerance', () => {
    const run = () => solveLaplace2d({ ...square(101), max_iterations: 1, tolerance: 1e-12 });
    expect(run).toThrow(PhysicsError);
    try {
      run();
    } catch (error) {
      expect((error as PhysicsError).code).toBe('CONVERGENCE_ERROR');
      expect((error as PhysicsError).details).toMatch(/after 1 cycles/);
    }
  });

  it('throws CONVERGENCE_ERROR when the tolerance is below the round-off floor', () => {
    const run = () =>
      solveLaplace2d({ nx: 99, ny: 99, v_top: 1e6, v_bottom: -1e6, v_left: 0, v_right: 0, tolerance: 1e-14 });
    expect(run).toThrow(/did not reach tolerance/);
  });

  it('rejects bad fields with their paths', () => {
    try {
      solveLaplace2d({
        nx: 2,
        ny: 10.5,
        v_top: Number.NaN,
        v_bottom: 0,
        v_left: 0,
        v_right: 0,
        extra: 1,
      } as never);
      expect.unreachable();
    } catch (error) {
      const e = error as PhysicsError;
      expect(e.code).toBe('INVALID_PARAMETERS');
      expect(e.issues?.map((i) => i.path).sort()).toEqual(['extra', 'nx', 'ny', 'v_top']);
    }
  });
});
