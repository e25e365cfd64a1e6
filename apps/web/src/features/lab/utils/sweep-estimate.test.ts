import { describe, expect, it } from 'vitest';
import { secondsPerRun } from './sweep-estimate';

const box = (n: number) => ({ nx: n, ny: n, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 });

describe('how long one sweep run should take', () => {
  it('scales the run on the page by grid points', () => {
    const lastRun = {
      metadata: { computation_time: 0.2, render_time: 0.3 },
      body: { ...box(100), output_type: 'svg' },
    };
    expect(secondsPerRun('laplace2d', box(200), lastRun, [])).toBeCloseTo(0.5 * 4 + 0.1, 12);
    expect(secondsPerRun('laplace2d', box(100), lastRun, [])).toBeCloseTo(0.6, 12);
  });

  it('falls back to the user’s recent runs (their stored parameters), and to nothing', () => {
    const charges = [{ x: 0, y: 0, q: 1e-9 }];
    const recent = [
      { computation_time: 0.1, parameters: { charges, grid_size: 50, output_type: 'svg' } },
      { computation_time: 0.3, parameters: { charges, grid_size: 100, output_type: 'svg' } },
    ];
    // 0.1 s at 2,500 points and 0.3 s at 10,000 points → 0.4 s and 0.3 s at 10,000.
    expect(secondsPerRun('point_charges', { charges, grid_size: 100 }, undefined, recent)).toBeCloseTo(
      0.45,
      12,
    );
    expect(secondsPerRun('point_charges', { charges }, undefined, [])).toBeUndefined();
  });
});
