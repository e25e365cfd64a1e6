import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

describe('the problem solver on charges and currents in magnetic fields', () => {
  it('uses the angle between the velocity and B (|q|vB sin θ), 90° when none is given', () => {
    // 2e-6 · 400 · 0.5 · sin 45°; read without the angle it was declined as ignoring 45°.
    expect(
      solve(
        'A bead carrying 2 μC moves at 400 m/s making an angle of 45 degrees with a 0.5 T field. Magnetic force on it?',
      ),
    ).toContain('**Result:** F = 2.83 × 10⁻⁴ N');
    expect(solve('带电 3 μC 的小球以 200 m/s 运动，速度与 0.2 T 磁场夹角 30 度，求洛伦兹力')).toContain(
      'F = 6.00 × 10⁻⁵ N',
    );
    expect(
      solve('A 3 μC charge moves at 200 m/s at right angles to a 0.2 T magnetic field. Magnetic force?'),
    ).toContain('F = 1.20 × 10⁻⁴ N');
  });
});
