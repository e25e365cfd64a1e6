import { describe, expect, it } from 'vitest';
import { type DirichletProblem, scaledResidual, solveDirichletMultigrid } from './multigrid.js';
import { solveJacobi, solveSor } from './relaxation.js';

/** Grid of u(x, y) on [0, (nx−1)h] × [0, (ny−1)h], rows along y (index = row·nx + col). */
function sample(nx: number, ny: number, h: number, u: (x: number, y: number) => number): Float64Array {
  const out = new Float64Array(nx * ny);
  for (let i = 0; i < ny; i++) for (let j = 0; j < nx; j++) out[i * nx + j] = u(j * h, i * h);
  return out;
}

/** Problem whose boundary holds `exact` and whose interior starts at zero. */
function problem(nx: number, ny: number, h: number, exact: Float64Array, f?: Float64Array): DirichletProblem {
  const u = Float64Array.from(exact);
  for (let i = 1; i < ny - 1; i++) for (let j = 1; j < nx - 1; j++) u[i * nx + j] = 0;
  return f ? { nx, ny, hx: h, hy: h, u, f } : { nx, ny, hx: h, hy: h, u };
}

function maxError(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Math.abs(a[k]! - b[k]!));
  return m;
}

// A harmonic function with non-constant boundary values: e^{πx} sin(πy) (Δu = 0).
const harmonic = (x: number, y: number) => Math.exp(Math.PI * x) * Math.sin(Math.PI * y);

describe('multigrid Poisson solver', () => {
  it('converges at second order on a manufactured harmonic solution (measured rate)', () => {
    const errors: number[] = [];
    for (const n of [17, 33, 65, 129]) {
      const h = 1 / (n - 1);
      const exact = sample(n, n, h, harmonic);
      const p = problem(n, n, h, exact);
      const r = solveDirichletMultigrid(p, { tolerance: 1e-13, maxCycles: 50 });
      expect(r.converged).toBe(true);
      errors.push(maxError(p.u, exact));
    }
    // The 5-point stencil's truncation error is (h²/12)(u_xxxx + u_yyyy): halving h must cut the
    // error by 4. Solver error (1e-13) is far below the smallest discretisation error (~1e-5),
    // so the observed order must be 2 to within ±0.05.
    for (let k = 1; k < errors.length; k++) {
      const order = Math.log2(errors[k - 1]! / errors[k]!);
      expect(order).toBeGreaterThan(1.95);
      expect(order).toBeLessThan(2.05);
    }
  });

  it('converges at second order with a source term: −Δu = 2π² sin(πx) sin(πy)', () => {
    const errors: number[] = [];
    for (const n of [21, 41, 81]) {
      const h = 1 / (n - 1);
      const exact = sample(n, n, h, (x, y) => Math.sin(Math.PI * x) * Math.sin(Math.PI * y));
      const f = sample(n, n, h, (x, y) => 2 * Math.PI ** 2 * Math.sin(Math.PI * x) * Math.sin(Math.PI * y));
      const p = problem(n, n, h, exact, f);
      expect(solveDirichletMultigrid(p, { tolerance: 1e-13, maxCycles: 50 }).converged).toBe(true);
      errors.push(maxError(p.u, exact));
    }
    expect(Math.log2(errors[0]! / errors[1]!)).toBeCloseTo(2, 1);
    expect(Math.log2(errors[1]! / errors[2]!)).toBeCloseTo(2, 1);
  });

  it('handles sizes that are not 2^k + 1, including thin and rectangular grids', () => {
    for (const [nx, ny] of [
      [316, 316],
      [100, 37],
      [4, 300],
      [3, 50],
      [250, 5],
    ] as const) {
      const h = 1 / (Math.max(nx, ny) - 1);
      const exact = sample(nx, ny, h, harmonic);
      const p = problem(nx, ny, h, exact);
      const r = solveDirichletMultigrid(p, { tolerance: 1e-10, maxCycles: 40 });
      expect(r.converged).toBe(true);
      // The reported residual is the true one, recomputed independently.
      expect(scaledResidual(p)).toBeLessThanOrEqual(1e-10 * 1.0001);
      expect(r.cycles).toBeLessThanOrEqual(12);
    }
  });

  it('reduces the residual by at least tenfold per cycle (textbook multigrid efficiency)', () => {
    const n = 201;
    const h = 1 / (n - 1);
    const p = problem(n, n, h, sample(n, n, h, harmonic));
    const r = solveDirichletMultigrid(p, { tolerance: 1e-13, maxCycles: 30 });
    for (let k = 1; k < r.history.length; k++) {
      if (r.history[k - 1]! > 1e-11) expect(r.history[k]! / r.history[k - 1]!).toBeLessThan(0.1);
    }
  });

  it('agrees with Jacobi and SOR on the same discrete problem', () => {
    const n = 33;
    const h = 1 / (n - 1);
    const exact = sample(n, n, h, harmonic);
    const mg = problem(n, n, h, exact);
    const jacobi = problem(n, n, h, exact);
    const sor = problem(n, n, h, exact);
    solveDirichletMultigrid(mg, { tolerance: 1e-12, maxCycles: 50 });
    expect(solveJacobi(jacobi, { tolerance: 1e-12, maxIterations: 1e6 }).converged).toBe(true);
    expect(solveSor(sor, { tolerance: 1e-12, maxIterations: 1e5 }).converged).toBe(true);
    // Each stops at a residual of 1e-12 V; the error is then at most cond·residual ≈ 1e-9.
    expect(maxError(mg.u, jacobi.u)).toBeLessThan(1e-8);
    expect(maxError(mg.u, sor.u)).toBeLessThan(1e-8);
  });

  it('reports stagnation instead of looping when the tolerance is below round-off', () => {
    const n = 65;
    const h = 1 / (n - 1);
    const p = problem(
      n,
      n,
      h,
      sample(n, n, h, (x, y) => 1e6 * harmonic(x, y)),
    );
    const r = solveDirichletMultigrid(p, { tolerance: 1e-20, maxCycles: 1000 });
    expect(r.converged).toBe(false);
    expect(r.stagnated).toBe(true);
    expect(r.cycles).toBeLessThan(30);
  });
});
