import { describe, expect, it } from 'vitest';
import { EPSILON_0, MU_0, SPEED_OF_LIGHT } from '../constants.js';
import type { PhysicsError } from '../errors.js';
import { MAX_SAVED_STEPS, wave1dGridPoints, wave1dSchema } from '../schemas/wave-1d.js';
import { animationFrameIndices, solveWave1d, type Wave1dOutput } from './wave-1d.js';

/** Position (m, parabolic sub-cell interpolation) and value of the largest E in row k, x > xMin. */
function peak(out: Wave1dOutput, k: number, xMin: number) {
  const { E, x } = out.wave_data;
  const nx = E.nx;
  let best = Number.NEGATIVE_INFINITY;
  let at = 0;
  for (let i = 1; i < nx - 1; i++) {
    const v = E.data[k * nx + i]!;
    if (x[i]! > xMin && v > best) {
      best = v;
      at = i;
    }
  }
  const [a, b, c] = [E.data[k * nx + at - 1]!, best, E.data[k * nx + at + 1]!];
  return { x: x[at]! + ((0.5 * (a - c)) / (a - 2 * b + c)) * out.metadata.dx, value: best };
}

function maxAbsRow(out: Wave1dOutput, k: number): number {
  const { E } = out.wave_data;
  let m = 0;
  for (let i = 0; i < E.nx; i++) m = Math.max(m, Math.abs(E.data[k * E.nx + i]!));
  return m;
}

describe('wave_1d', () => {
  it('moves the pulse at c/√(ε_r μ_r), measured from the simulated travel', () => {
    for (const [epsilon_r, mu_r] of [
      [1, 1],
      [4, 1],
      [2.25, 2],
    ] as const) {
      const v = SPEED_OF_LIGHT / Math.sqrt(epsilon_r * mu_r);
      const out = solveWave1d({
        length: 1,
        total_time: 0.6 / v,
        nx: 601,
        medium: { epsilon_r, mu_r },
        source: { position: 0.2, width: 0.03 },
      });
      const { t } = out.wave_data;
      const k1 = Math.round(0.6 * (t.length - 1));
      const k2 = t.length - 1;
      const speed = (peak(out, k2, 0.2).x - peak(out, k1, 0.2).x) / (t[k2]! - t[k1]!);
      expect(out.wave_speed).toBe(v);
      // Yee's numerical dispersion for a pulse of 18 cells' half-width at Courant 0.9 shifts the
      // group velocity by ~1e-4; peak interpolation adds ~1e-4 of a cell per frame.
      expect(Math.abs(speed / v - 1)).toBeLessThan(2e-3);
    }
  });

  it('emits two pulses of the requested amplitude with E = ηH in the right-moving one', () => {
    const out = solveWave1d({
      length: 1,
      total_time: 1.5e-9,
      nx: 801,
      source: { position: 0.2, width: 0.03, amplitude: 250 },
    });
    const k = out.wave_data.t.length - 1;
    const right = peak(out, k, 0.2);
    // Continuum radiation of a sheet source gives exactly the amplitude; the discrete Yee source
    // differs by O((dx/width)²) ≈ 0.1 %.
    expect(right.value / 250).toBeCloseTo(1, 2);
    // E = ηH across the whole right-moving pulse (wherever E > 10 % of its peak). H is stored
    // averaged onto the E nodes and time levels, which leaves an O((dx/width)²) mismatch, 0.3 %
    // here; an unaveraged half-cell offset would show (dx/width)·|x/width| ≈ 6 % on the flanks.
    const { E, H, x } = out.wave_data;
    const eta = Math.sqrt(MU_0 / EPSILON_0);
    let checked = 0;
    for (let i = 0; i < E.nx; i++) {
      const e = E.data[k * E.nx + i]!;
      if (x[i]! <= 0.2 || e < 25) continue;
      expect(Math.abs(e / (eta * H.data[k * E.nx + i]!) - 1)).toBeLessThan(0.01);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('absorbs outgoing pulses (reflection < 1 %) and reflects them with E = 0 walls', () => {
    const run = (boundary_condition: 'absorbing' | 'reflecting' | 'periodic', nt?: number) =>
      solveWave1d({
        length: 1,
        total_time: 2.5 / SPEED_OF_LIGHT,
        nx: 401,
        nt,
        boundary_condition,
        source: { width: 0.03 },
      });
    // After 2.5 L/c both pulses have hit the walls; whatever remains is reflection. Courant 0.9
    // (the default nt) and 0.5 (nt = 2000): Mur's first-order condition is exact only at 1.
    for (const nt of [undefined, 2000]) {
      const absorbing = run('absorbing', nt);
      const last = absorbing.wave_data.t.length - 1;
      const emitted = maxAbsRow(absorbing, Math.round(0.15 * last));
      expect(emitted).toBeGreaterThan(0.95);
      expect(maxAbsRow(absorbing, last) / emitted).toBeLessThan(0.01);
    }
    for (const bc of ['reflecting', 'periodic'] as const) {
      const out = run(bc);
      const last = out.wave_data.t.length - 1;
      expect(maxAbsRow(out, last) / maxAbsRow(out, Math.round(0.15 * last))).toBeGreaterThan(0.95);
    }
  });

  it('absorbs in a lossy medium too: under 0.5 % comes back for σ up to 0.2 S/m (εr = 4)', () => {
    // Exact infinite-domain reference: the same grid, time step and source on a line 0.8 m longer
    // at each end, which nothing emitted can reach within total_time (v·T = 1.2 m < 1.3 m), so
    // whatever differs on the common 1 m is what the absorbing layers sent back.
    const common = { total_time: 8e-9, nt: 540, medium: { epsilon_r: 4 }, source: { width: 0.05 } };
    const reflection: number[] = [];
    for (const sigma of [0, 0.05, 0.1, 0.2]) {
      const medium = { epsilon_r: 4, sigma };
      const small = solveWave1d({
        ...common,
        medium,
        length: 1,
        nx: 401,
        source: { width: 0.05, position: 0.5 },
      });
      const big = solveWave1d({
        ...common,
        medium,
        length: 2.6,
        nx: 1041,
        source: { width: 0.05, position: 1.3 },
      });
      expect(small.metadata.dt).toBe(big.metadata.dt);
      expect(small.metadata.save_every).toBe(big.metadata.save_every);
      const a = small.wave_data.E;
      const b = big.wave_data.E;
      let incident = 0;
      let returned = 0;
      for (let k = 0; k < a.ny; k++) {
        // What arrives at the boundary nodes (x = 0 and x = 1) in the reference.
        incident = Math.max(incident, Math.abs(b.data[k * b.nx + 320]!), Math.abs(b.data[k * b.nx + 720]!));
        for (let i = 0; i < a.nx; i++) {
          returned = Math.max(returned, Math.abs(a.data[k * a.nx + i]! - b.data[k * b.nx + i + 320]!));
        }
      }
      expect(incident).toBeGreaterThan(0);
      reflection.push(returned / incident);
    }
    // The bar asked of the boundary is 0.5 %; the matched layer returns under 1e-5 (measured 3e-7 to 6e-7),
    // where a layer matched to the lossless medium only returns several per cent at σ = 0.1.
    for (const r of reflection) expect(r).toBeLessThan(1e-5);
  });

  it('brings a pulse back to its start after one period in a periodic domain', () => {
    const L = 1;
    const out = solveWave1d({
      length: L,
      total_time: (L + 4 * 0.03) / SPEED_OF_LIGHT,
      nx: 401,
      nt: 500,
      boundary_condition: 'periodic',
      source: { position: 0.5, width: 0.03 },
    });
    const k = out.wave_data.t.length - 1;
    const { E } = out.wave_data;
    // The two pulses meet again at the source after travelling L/2 each way: E = 2·amplitude.
    expect(peak(out, k, 0).value / 2).toBeCloseTo(1, 2);
    expect(Math.abs(peak(out, k, 0).x - 0.5)).toBeLessThan(2 * out.metadata.dx);
    expect(E.data[k * E.nx]).toBe(E.data[k * E.nx + E.nx - 1]);
  });

  it('damps the pulse at the rate σ/(2ε) in a weakly conducting medium', () => {
    const sigma = 0.002;
    const out = solveWave1d({
      length: 2,
      total_time: 2e-9,
      nx: 801,
      medium: { sigma },
      source: { position: 0.5, width: 0.05 },
    });
    const { t } = out.wave_data;
    const k1 = Math.round(0.5 * (t.length - 1));
    const k2 = t.length - 1;
    const ratio = peak(out, k2, 0.5).value / peak(out, k1, 0.5).value;
    // Telegrapher's equation: E = e^{−αt} w with w_tt = v² w_xx + α² w; the α² term changes the
    // decay by O((ατ)²) ≈ 1e-4 for this pulse, the wake it leaves by a similar amount.
    const alpha = sigma / (2 * EPSILON_0);
    expect(ratio / Math.exp(-alpha * (t[k2]! - t[k1]!))).toBeCloseTo(1, 2);
  });

  it('rejects an nt that breaks the Courant limit, naming the smallest valid nt', () => {
    try {
      solveWave1d({ length: 1, total_time: 1e-9, nx: 101, nt: 10 });
      expect.unreachable();
    } catch (error) {
      const e = error as PhysicsError;
      expect(e.code).toBe('INVALID_PARAMETERS');
      expect(e.issues?.[0]?.path).toBe('nt');
      const smallest = Number(/smallest valid nt is (\d+)/.exec(e.details ?? '')?.[1]);
      expect(smallest).toBe(Math.ceil((1e-9 * SPEED_OF_LIGHT) / 0.01));
      const ok = solveWave1d({ length: 1, total_time: 1e-9, nx: 101, nt: smallest });
      expect(ok.metadata.cfl_number).toBeLessThanOrEqual(1);
      expect(() => solveWave1d({ length: 1, total_time: 1e-9, nx: 101, nt: smallest - 1 })).toThrow(/nt/);
    }
  });

  it('stores evenly spaced steps, bounded in number, and counts the spatial grid as grid points', () => {
    const out = solveWave1d({ nx: 101, nt: 1000, total_time: 2e-9 });
    // 1000 = 8 × 125: 126 rows every 8 steps, the last one at total_time.
    expect(out.metadata).toMatchObject({ dx: 0.01, dt: 2e-12, nt: 1000, save_every: 8, saved_steps: 126 });
    expect(out.wave_data.t).toHaveLength(126);
    expect(out.wave_data.E.ny).toBe(126);
    for (let k = 0; k < 126; k++) expect(out.wave_data.t[k]).toBe(k * 8 * 2e-12);
    expect(out.wave_data.t.at(-1)).toBeCloseTo(2e-9, 20);
    expect(wave1dGridPoints(wave1dSchema.parse({ nx: 101, nt: 1000, total_time: 2e-9 }))).toBe(101);
    expect(out.metadata.cfl_number).toBeCloseTo((SPEED_OF_LIGHT * 2e-12) / 0.01, 15);
    // A prime nt has no divisor: every ⌈997/199⌉ = 6th step, the record ends 1 step short.
    const prime = solveWave1d({ nx: 101, nt: 997, total_time: 2e-9 });
    expect(prime.metadata).toMatchObject({ save_every: 6, saved_steps: 167 });
    expect(prime.wave_data.t.at(-1)).toBe(996 * (2e-9 / 997));
    // The solver's own nt is a whole number of intervals: the record ends at total_time.
    const free = solveWave1d({ nx: 101, total_time: 2e-8 });
    expect(free.metadata.nt % free.metadata.save_every).toBe(0);
    expect(free.wave_data.t.at(-1)).toBeCloseTo(2e-8, 20);
    expect(free.metadata.saved_steps).toBeLessThanOrEqual(MAX_SAVED_STEPS);
  });

  it('runs a 100,000-node line (the limit is on the spatial grid) and stores a bounded record', () => {
    const input = { length: 1, nx: 100_000, total_time: 2e-11, source: { width: 5e-4 } };
    const out = solveWave1d(input);
    expect(wave1dGridPoints(wave1dSchema.parse(input))).toBe(100_000);
    // MAX_STORED_VALUES / nx = 4 rows, evenly spaced, the last at total_time.
    expect(out.metadata.saved_steps).toBe(4);
    expect(out.wave_data.E.data.length).toBe(4 * 100_000);
    expect(out.wave_data.t.at(-1)).toBeCloseTo(2e-11, 24);
    expect(out.wave_data.t[2]! - out.wave_data.t[1]!).toBeCloseTo(out.wave_data.t[1]!, 24);
    // τ = 1.67 ps, t0 = 6.7 ps: by 20 ps both pulses are out at full amplitude, 4 mm from the source.
    const k = 3;
    const right = peak(out, k, 0.5);
    expect(right.value).toBeCloseTo(1, 2);
    expect(right.x - 0.5).toBeCloseTo(SPEED_OF_LIGHT * (2e-11 - 4 * (5e-4 / SPEED_OF_LIGHT)), 4);
  });

  it('reports frequency and wavelength of a modulated and a plain pulse', () => {
    const modulated = solveWave1d({ source: { frequency: 3e9 } });
    expect(modulated.frequency).toBe(3e9);
    expect(modulated.wavelength).toBeCloseTo(SPEED_OF_LIGHT / 3e9, 15);
    const plain = solveWave1d({ source: { width: 0.05 } });
    expect(plain.frequency).toBeCloseTo(SPEED_OF_LIGHT / (Math.PI * 0.05), 3);
    expect(() => solveWave1d({ nx: 101, source: { frequency: 1e11 } })).toThrow(/source\.frequency/);
    expect(() => solveWave1d({ nx: 101, source: { width: 0.001 } })).toThrow(/source\.width/);
  });

  it('picks at most 60 evenly spread animation frames, first and last included', () => {
    expect(animationFrameIndices(200)).toHaveLength(60);
    expect(animationFrameIndices(200)[0]).toBe(0);
    expect(animationFrameIndices(200).at(-1)).toBe(199);
    expect(animationFrameIndices(10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(animationFrameIndices(1)).toEqual([0]);
  });
});
