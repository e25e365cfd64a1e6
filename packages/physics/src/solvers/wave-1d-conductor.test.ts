import { describe, expect, it } from 'vitest';
import { EPSILON_0, MU_0, SPEED_OF_LIGHT } from '../constants.js';
import { runFdtd } from '../numerics/fdtd1d.js';
import { MIN_CELLS_PER_WAVELENGTH, solveWave1d, yeePhaseVelocityRatio } from './wave-1d.js';

/** Every step of a 201-node line with a unit soft source at its middle (stride 1, all stored). */
function everyStep(sigma: number, boundary: 'absorbing' | 'reflecting') {
  const nx = 201;
  const dx = 1 / (nx - 1);
  const dt = (0.9 * dx) / SPEED_OF_LIGHT;
  const nt = 1000;
  const tau = 0.05 / SPEED_OF_LIGHT;
  const record = runFdtd({
    nx,
    dx,
    dt,
    nt,
    eps: EPSILON_0,
    mu: MU_0,
    sigma,
    boundary,
    sourceNode: 100,
    source: (t) => 1.8 * Math.exp(-(((t - 4 * tau) / tau) ** 2)),
    stride: 1,
    frames: nt + 1,
  });
  let max = 0;
  for (const v of record.E.data) max = Math.max(max, Math.abs(v));
  return max;
}

describe('wave_1d in a conductor', () => {
  it('lets no field survive in a good conductor: |E| ≤ 1e-6 V/m at σ = 1e9 S/m at every step', () => {
    // Relaxation time ε0/σ ≈ 9e-21 s against dt ≈ 4.5e-12 s: the source current J drives only
    // E ≈ J·dt/ε / (σ dt/(2ε)) ~ 2·(V/m per step)·ε/(σ dt) ≈ 4e-9 V/m, and nothing outlives it.
    for (const boundary of ['absorbing', 'reflecting'] as const) {
      expect(everyStep(1e9, boundary)).toBeLessThan(1e-6);
    }
    const out = solveWave1d({ medium: { sigma: 1e9 } });
    expect(Math.max(...out.wave_data.E.data.map(Math.abs))).toBeLessThan(1e-6);
  });

  it('injects the same field as before into a lossless line (the source weight is 1 at σ = 0)', () => {
    // Two pulses of amplitude 1 V/m leave the source: 1.8 = 2·S with S = 0.9.
    expect(everyStep(0, 'absorbing')).toBeGreaterThan(0.99);
    expect(everyStep(0, 'absorbing')).toBeLessThan(1.01);
  });
});

describe('wave_1d grid dispersion', () => {
  it('follows the Yee dispersion relation: exact at S = 1, 1 − (k dx)²(1 − S²)/24 for fine cells', () => {
    const v = SPEED_OF_LIGHT;
    const dx = 1e-3;
    const f = v / (8 * dx);
    expect(yeePhaseVelocityRatio(f, v, dx, dx / v)).toBeCloseTo(1, 12);
    const fine = v / (200 * dx);
    const kdx = (2 * Math.PI) / 200;
    const expected = 1 - (kdx * kdx * (1 - 0.81)) / 24;
    expect(yeePhaseVelocityRatio(fine, v, dx, (0.9 * dx) / v) - expected).toBeLessThan(1e-8);
    expect(yeePhaseVelocityRatio(fine, v, dx, (0.9 * dx) / v) - expected).toBeGreaterThan(-1e-8);
  });

  it('warns when a carrier spans fewer than 10 cells per wavelength, naming the phase-velocity error', () => {
    // 201 nodes over 1 m: dx = 5 mm, so 4 cells per wavelength is f = c/0.02 m ≈ 1.5e10 Hz.
    const coarse = solveWave1d({ source: { frequency: SPEED_OF_LIGHT / 0.02 }, output_type: 'data' });
    expect(coarse.metadata.warnings).toHaveLength(1);
    expect(coarse.metadata.warnings[0]).toMatch(/4\.0 cells/);
    expect(coarse.metadata.warnings[0]).toMatch(/-2\.6 %/);
    const justEnough = solveWave1d({
      source: { frequency: SPEED_OF_LIGHT / (MIN_CELLS_PER_WAVELENGTH * 0.005) },
    });
    expect(justEnough.metadata.warnings).toEqual([]);
    expect(solveWave1d({}).metadata.warnings).toEqual([]);
  });
});
