import { describe, expect, it } from 'vitest';
import { MU_0 } from '../constants.js';
import {
  coaxialMutualInductance,
  loopField,
  turnSelfInductance,
  turnsInductance,
} from '../numerics/loop-field.js';
import { nagaokaCoefficient, solveSolenoid } from './solenoid.js';

/** On-axis B_z of one loop, the textbook closed form. */
const loopOnAxis = (R: number, z: number) => (MU_0 * R * R) / (2 * (R * R + z * z) ** 1.5);

/** Neumann's double line integral for coaxial loops, by the (spectrally exact) periodic trapezoid rule. */
function neumann(R: number, d: number): number {
  const n = 4000;
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const phi = (2 * Math.PI * k) / n;
    sum += Math.cos(phi) / Math.sqrt(d * d + 2 * R * R * (1 - Math.cos(phi)));
  }
  return ((MU_0 * R * R) / 2) * sum * ((2 * Math.PI) / n);
}

describe('solenoid: one model, continuous', () => {
  it('uses one uniformity, min/max |B_z| on the axis over |z| ≤ L/4, equal to a dense scan of the turns', () => {
    const L = 0.4;
    const R = 0.02;
    for (const N of [5, 19, 20, 21, 22, 37, 80]) {
      const out = solveSolenoid({ n_turns: N, length: L, radius: R, analysis_points: { n_points: 3 } });
      expect(out.metadata.model).toBe('loops');
      let lo = Number.POSITIVE_INFINITY;
      let hi = 0;
      for (let k = 0; k <= 20_000; k++) {
        const z = (k / 20_000) * (L / 4);
        let b = 0;
        for (let j = 0; j < N; j++) b += loopOnAxis(R, z - (-L / 2 + ((j + 0.5) * L) / N));
        lo = Math.min(lo, b);
        hi = Math.max(hi, b);
      }
      // the scan misses an extremum by at most O((scan step/spacing)²)
      expect(Math.abs(out.uniformity - lo / hi)).toBeLessThan(1e-6);
    }
  });

  it('has no jump where the turn spacing passes the radius: the default is the loops answer on both sides', () => {
    const L = 0.4;
    const R = 0.02;
    const p = (N: number) => ({ n_turns: N, length: L, radius: R, analysis_points: { n_points: 3 } });
    // spacing L/N = R at N = 20, where a spacing rule used to switch to the sheet
    for (let N = 16; N <= 26; N++) {
      const out = solveSolenoid(p(N));
      expect(out).toEqual({ ...solveSolenoid({ ...p(N), model: 'loops' }), metadata: expect.anything() });
      expect(out.metadata.model).toBe('loops');
    }
  });

  it('tends to the sheet for a dense winding in the field, and names the model in every answer', () => {
    const dense = { n_turns: 400, length: 0.3, radius: 0.02 };
    const loops = solveSolenoid(dense);
    const sheet = solveSolenoid({ ...dense, model: 'sheet' });
    expect(loops.metadata.model).toBe('loops');
    expect(sheet.metadata.model).toBe('sheet');
    expect(Math.abs(loops.field_inside / sheet.field_inside - 1)).toBeLessThan(1e-5);
    expect(Math.abs(loops.uniformity - sheet.uniformity)).toBeLessThan(1e-5);
  });

  it('reports the field outside a sparse coil as it is: positive, from the nearest turns', () => {
    // N = 1000 over 100 m at R = 0.02 m: 5 radii between turns; at (2R, 0) the turn at z = ±0.05
    // m dominates. Independent sum: the flux-function form of the loop field (loopField).
    const p = { n_turns: 1000, length: 100, radius: 0.02, analysis_points: { n_points: 3 } };
    const out = solveSolenoid(p);
    let sum = 0;
    for (let j = 0; j < 1000; j++) sum += loopField(0.02, 1, 0.04, -(-50 + (j + 0.5) * 0.1)).bz;
    expect(out.field_outside).toBeGreaterThan(0);
    expect(Math.abs(out.field_outside / sum - 1)).toBeLessThan(1e-10);
  });
});

describe('solenoid inductance of discrete turns', () => {
  it("Maxwell's mutual inductance equals Neumann's integral and the dipole limit", () => {
    for (const d of [1e-3, 0.01, 0.05, 0.3]) {
      expect(Math.abs(coaxialMutualInductance(0.02, d) / neumann(0.02, d) - 1)).toBeLessThan(1e-10);
    }
    // far apart: two dipoles, M = μ0 π R⁴/(2 d³)
    const far = coaxialMutualInductance(0.02, 20);
    expect(Math.abs(far / ((MU_0 * Math.PI * 0.02 ** 4) / (2 * 20 ** 3)) - 1)).toBeLessThan(1e-5);
  });

  it('sums every self- and mutual inductance: five turns of 2 cm over 0.3 m', () => {
    const out = solveSolenoid({ n_turns: 5, length: 0.3, radius: 0.02 });
    const a = out.metadata.wire_radius!;
    expect(a).toBeCloseTo(0.002, 15); // min(spacing/4, R/10)
    let expected = 5 * turnSelfInductance(0.02, a);
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++) if (i !== j) expected += neumann(0.02, Math.abs(i - j) * 0.06);
    expect(Math.abs(out.metadata.inductance / expected - 1)).toBeLessThan(1e-10);
    // not the current sheet's, which assumes a continuous winding
    const sheet = (nagaokaCoefficient(0.04, 0.3) * MU_0 * 25 * Math.PI * 0.02 ** 2) / 0.3;
    expect(Math.abs(out.metadata.inductance / sheet - 1)).toBeGreaterThan(0.5);
    // a thicker wire lowers the self term only
    const thick = solveSolenoid({ n_turns: 5, length: 0.3, radius: 0.02, wire_radius: 0.004 });
    expect(out.metadata.inductance - thick.metadata.inductance).toBeCloseTo(
      5 * MU_0 * 0.02 * Math.log(2),
      15,
    );
  });

  it('approaches the sheet (Nagaoka) for a dense winding, less the round-wire correction of order s/R', () => {
    // Rosa: L_turns = L_sheet − μ0 R N (A + B), A = 5/4 − ln(s/a) from the self term, B → 0.3365
    // for many turns from the mutual ones.
    const N = 2000;
    const [L, R] = [1, 0.05];
    const s = L / N;
    const a = s / 4;
    const sheet = (nagaokaCoefficient(2 * R, L) * MU_0 * N * N * Math.PI * R * R) / L;
    const rosa = sheet - MU_0 * R * N * (1.25 - Math.log(s / a) + 0.3365);
    expect(Math.abs(turnsInductance(N, R, s, a) / rosa - 1)).toBeLessThan(1e-3);
  });

  it('refuses a wire thicker than the winding allows', () => {
    expect(() => solveSolenoid({ n_turns: 5, length: 0.3, radius: 0.02, wire_radius: 0.03 })).toThrow(
      /wire_radius/,
    );
  });
});
