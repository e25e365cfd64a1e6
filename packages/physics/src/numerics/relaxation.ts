/**
 * Classical relaxation methods for Laplace's equation, kept as baselines for the benchmark and as
 * independent checks of the multigrid solver. They solve the same 5-point problem as
 * `multigrid.ts` (Dirichlet values on the boundary of `u`, no source) and stop on the same scaled
 * max-norm residual, so iteration counts and times compare like with like.
 *
 * Why they are slow: on an n × n grid the error component of the longest wavelength shrinks per
 * Jacobi sweep by ρ_J = cos(π/(n−1)) ≈ 1 − π²/(2(n−1)²), so reaching a tolerance ε from an O(1)
 * start takes about 2(n−1)² ln(1/ε)/π² sweeps: 370,000 for n = 316 and ε = 1e-8. SOR with the
 * optimal ω = 2/(1 + sin(π/(n−1))) has ρ = ω − 1 ≈ 1 − 2π/(n−1), i.e. O(n) sweeps (about 900).
 */
import type { DirichletProblem } from './multigrid.js';

export interface RelaxationOptions {
  tolerance: number;
  maxIterations: number;
  /** Stop (unconverged) after this much wall-clock time; the result then carries the rate. */
  timeBudgetMs?: number;
}

export interface RelaxationResult {
  iterations: number;
  residual: number;
  converged: boolean;
  elapsedMs: number;
  /** (iteration, scaled residual) pairs sampled during the run, for rate estimates. */
  samples: Array<[number, number]>;
}

/**
 * Jacobi: every point becomes the weighted mean of its neighbours' previous values. The update
 * at a point equals its scaled residual before the update, so the stopping test is free.
 */
export function solveJacobi(p: DirichletProblem, options: RelaxationOptions): RelaxationResult {
  const { nx, ny, hx, hy } = p;
  const ax = 1 / (hx * hx);
  const ay = 1 / (hy * hy);
  const cx = ax / (2 * ax + 2 * ay);
  const cy = ay / (2 * ax + 2 * ay);
  let u: Float64Array = p.u;
  let v: Float64Array = Float64Array.from(u);
  const start = performance.now();
  const budget = options.timeBudgetMs ?? Number.POSITIVE_INFINITY;
  const samples: Array<[number, number]> = [];
  let residual = Number.POSITIVE_INFINITY;
  let iterations = 0;
  while (iterations < options.maxIterations) {
    let max = 0;
    for (let i = 1; i < ny - 1; i++) {
      for (let k = i * nx + 1, end = i * nx + nx - 1; k < end; k++) {
        const next = cx * (u[k - 1]! + u[k + 1]!) + cy * (u[k - nx]! + u[k + nx]!);
        const change = next - u[k]!;
        v[k] = next;
        if (change > max) max = change;
        else if (-change > max) max = -change;
      }
    }
    residual = max;
    iterations++;
    [u, v] = [v, u];
    if ((iterations & 255) === 0) {
      samples.push([iterations, residual]);
      if (performance.now() - start > budget) break;
    }
    if (residual <= options.tolerance) break;
  }
  if (u !== p.u) p.u.set(u);
  samples.push([iterations, residual]);
  return {
    iterations,
    residual,
    converged: residual <= options.tolerance,
    elapsedMs: performance.now() - start,
    samples,
  };
}

/** The over-relaxation factor that minimises the SOR spectral radius on an nx × ny grid. */
export function optimalSorOmega(nx: number, ny: number): number {
  // ρ_J for the 5-point Laplacian with equal spacing, then ω = 2 / (1 + √(1 − ρ_J²)).
  const rhoJ = 0.5 * (Math.cos(Math.PI / (nx - 1)) + Math.cos(Math.PI / (ny - 1)));
  return 2 / (1 + Math.sqrt(1 - rhoJ * rhoJ));
}

/** Red-black successive over-relaxation; the true residual is checked every 8 sweeps. */
export function solveSor(
  p: DirichletProblem,
  options: RelaxationOptions & { omega?: number },
): RelaxationResult {
  const { nx, ny, hx, hy, u } = p;
  const ax = 1 / (hx * hx);
  const ay = 1 / (hy * hy);
  const cx = ax / (2 * ax + 2 * ay);
  const cy = ay / (2 * ax + 2 * ay);
  const omega = options.omega ?? optimalSorOmega(nx, ny);
  const start = performance.now();
  const budget = options.timeBudgetMs ?? Number.POSITIVE_INFINITY;
  const samples: Array<[number, number]> = [];
  let residual = Number.POSITIVE_INFINITY;
  let iterations = 0;
  while (iterations < options.maxIterations) {
    for (let color = 0; color < 2; color++) {
      for (let i = 1; i < ny - 1; i++) {
        const row = i * nx;
        for (let k = row + 1 + ((i + color + 1) & 1), end = row + nx - 1; k < end; k += 2) {
          const gs = cx * (u[k - 1]! + u[k + 1]!) + cy * (u[k - nx]! + u[k + nx]!);
          u[k] = u[k]! + omega * (gs - u[k]!);
        }
      }
    }
    iterations++;
    if ((iterations & 7) === 0 || iterations === options.maxIterations) {
      residual = scaledResidualNoSource(u, nx, ny, cx, cy);
      samples.push([iterations, residual]);
      if (residual <= options.tolerance || performance.now() - start > budget) break;
    }
  }
  return {
    iterations,
    residual,
    converged: residual <= options.tolerance,
    elapsedMs: performance.now() - start,
    samples,
  };
}

function scaledResidualNoSource(u: Float64Array, nx: number, ny: number, cx: number, cy: number): number {
  let max = 0;
  for (let i = 1; i < ny - 1; i++) {
    for (let k = i * nx + 1, end = i * nx + nx - 1; k < end; k++) {
      const r = cx * (u[k - 1]! + u[k + 1]!) + cy * (u[k - nx]! + u[k + nx]!) - u[k]!;
      if (r > max) max = r;
      else if (-r > max) max = -r;
    }
  }
  return max;
}
