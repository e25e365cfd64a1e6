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

describe('ampere_loop whatever the distance from the wire to the loop', () => {
  // The arc-by-arc swept angle is exact, so these hold to round-off (1e-9 leaves room for the
  // few hundred additions of angles near ±π when the wire almost touches the loop).
  const R = 0.5;
  for (const ratio of [0.9, 0.999, 0.99999, 1.00001, 1.001, 2]) {
    for (const angle of [0, 1.234]) {
      it(`a wire at d/R = ${ratio} (${ratio < 1 ? 'inside' : 'outside'}, direction ${angle} rad) gives μ0 I_enc to 1e-9`, () => {
        const d = ratio * R;
        const out = solveAmpereLoop({
          current_sources: [
            { type: 'wire', x: 0.1 + d * Math.cos(angle), y: -0.2 + d * Math.sin(angle), current: 3 },
          ],
          loop: { type: 'circle', center_x: 0.1, center_y: -0.2, radius: R },
        });
        const expected = ratio < 1 ? MU_0 * 3 : 0;
        expect(Math.abs(out.magnetic_circulation - expected)).toBeLessThan(1e-9 * MU_0 * 3);
        expect(out.enclosed_current).toBe(ratio < 1 ? 3 : 0);
      });
    }
  }

  it('adds several wires near the loop exactly, with few points', () => {
    const out = solveAmpereLoop({
      current_sources: [
        { type: 'wire', x: 0.99999, y: 0, current: 2 },
        { type: 'wire', x: 0, y: -1.00001, current: -5 },
        { type: 'wire', x: 0.2, y: 0.3, current: 1.5 },
      ],
      loop: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
      n_points: 8,
    });
    expect(out.magnetic_circulation / MU_0).toBeCloseTo(3.5, 9);
    expect(out.verification_passed).toBe(true);
  });
});
