import { describe, expect, it } from 'vitest';
import { EPSILON_0, MU_0, SPEED_OF_LIGHT } from '../constants.js';
import { runFdtd } from '../numerics/fdtd1d.js';
import { solveWave1d } from './wave-1d.js';

/** A lossless 1 V/m pulse from the middle of a 1 m line, long enough to reach x = 1 m. */
const pulse = { length: 1, total_time: 3.5e-9, source: { amplitude: 1, width: 0.05 } };

describe('wave_1d far-end peak', () => {
  it('is read at every step: the same whatever the stored frames', () => {
    const line = {
      nx: 401,
      dx: 1 / 400,
      dt: 0.9 / 400 / SPEED_OF_LIGHT,
      nt: 1500,
      eps: EPSILON_0,
      mu: MU_0,
      sigma: 0,
      boundary: 'absorbing' as const,
      sourceNode: 200,
      source: (t: number) => 1.8 * Math.exp(-(((t - 6.7e-10) / 1.67e-10) ** 2)),
    };
    const every = runFdtd({ ...line, stride: 1, frames: 1501 });
    const sparse = runFdtd({ ...line, stride: 97, frames: 4 });
    expect(sparse.farEnd).toEqual(every.farEnd);
    // and it is the largest |E| of the last node over all steps
    let max = 0;
    for (let k = 0; k <= 1500; k++) max = Math.max(max, Math.abs(every.E.data[k * 401 + 400]!));
    expect(every.farEnd.E).toBe(max);
  });

  it('reports the 1 V/m pulse as 1 V/m on any grid (absorbing end)', () => {
    // Numerical dispersion lowers a pulse of 10 cells per width by ~0.3 %; finer grids converge.
    for (const nx of [201, 1001, 4001]) {
      const out = solveWave1d({ ...pulse, nx, output_type: 'data' });
      expect(Math.abs(out.far_end_peak - 1)).toBeLessThan(nx === 201 ? 1e-2 : 2e-3);
    }
  });

  it('measures the incident pulse at a reflecting wall, where E = 0, from H = 2E/η', () => {
    for (const nx of [201, 2001]) {
      const out = solveWave1d({
        ...pulse,
        total_time: 7e-9,
        nx,
        boundary_condition: 'reflecting',
        medium: { epsilon_r: 4 },
      });
      expect(out.wave_data.E.data[out.wave_data.E.nx - 1]).toBe(0);
      expect(Math.abs(out.far_end_peak - 1)).toBeLessThan(nx === 201 ? 1e-2 : 2e-3);
    }
  });

  it('sees both pulses of a centred source arrive together at a periodic end: 2 V/m', () => {
    const out = solveWave1d({ ...pulse, nx: 1001, boundary_condition: 'periodic' });
    expect(Math.abs(out.far_end_peak - 2)).toBeLessThan(4e-3);
  });
});
