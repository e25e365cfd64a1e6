import { describe, expect, it } from 'vitest';
import { MU_0 } from '../constants.js';
import type { PhysicsError } from '../errors.js';
import { solveAmpereLoop } from './ampere-loop.js';

describe('ampere_loop', () => {
  it('gives circulation μ0 I_enc for wires inside and outside the loop', () => {
    const out = solveAmpereLoop({
      current_sources: [
        { type: 'wire', x: 0.1, y: 0.2, current: 3 },
        { x: -0.5, y: 0.3, current: -1.5 },
        { x: 2.5, y: 0, current: 10 },
      ],
      loop: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
      n_points: 360,
    });
    expect(out.enclosed_current).toBe(1.5);
    expect(out.theoretical_circulation).toBe(MU_0 * 1.5);
    // Trapezoid error ≈ (d/R)^n: 0.6^360 and (1/2.5)^360 are far below rounding.
    expect(out.relative_error).toBeLessThan(1e-12);
    expect(out.verification_passed).toBe(true);
  });

  it('gives B_t = μ0 I/(2πR) everywhere on a loop around a centred wire', () => {
    const out = solveAmpereLoop({
      current_sources: [{ x: 1, y: 1, current: 2 }],
      loop: { center_x: 1, center_y: 1, radius: 0.25 },
      n_points: 12,
    });
    for (const bt of out.loop_points.field_tangential)
      expect(bt / ((MU_0 * 2) / (2 * Math.PI * 0.25))).toBeCloseTo(1, 13);
    expect(out.magnetic_circulation / (MU_0 * 2)).toBeCloseTo(1, 14);
  });

  it('converges geometrically with n_points, like (d/R)^n, for a wire near the loop', () => {
    const run = (n: number) =>
      solveAmpereLoop({ current_sources: [{ x: 0.9, y: 0, current: 1 }], n_points: n }).relative_error;
    const e20 = run(20);
    const e40 = run(40);
    // R·B_t is a Poisson kernel, Σ_m (d/R)^m cos mφ; n trapezoid points alias the modes
    // m = n, 2n, …, so the relative error is exactly Σ_k (d/R)^{kn} = ρⁿ/(1 − ρⁿ), ρ = d/R.
    expect(e20).toBeCloseTo(0.9 ** 20 / (1 - 0.9 ** 20), 12);
    expect(e40).toBeCloseTo(0.9 ** 40 / (1 - 0.9 ** 40), 12);
    expect(run(400)).toBeLessThan(1e-14);
  });

  it('rejects a wire lying on the loop', () => {
    try {
      solveAmpereLoop({
        current_sources: [
          { x: 0, y: 0, current: 1 },
          { x: 0, y: -2, current: 1 },
        ],
        loop: { radius: 2 },
      });
      expect.unreachable();
    } catch (error) {
      expect((error as PhysicsError).code).toBe('INVALID_PARAMETERS');
      expect((error as PhysicsError).issues?.[0]?.path).toBe('current_sources[1]');
    }
  });
});
