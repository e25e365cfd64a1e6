import { describe, expect, it } from 'vitest';
import { fresnelCoefficients, solveFresnel } from './fresnel.js';

const DEG = Math.PI / 180;

describe('fresnel', () => {
  it('reproduces the published air → glass (n = 1.5) values', () => {
    const s = solveFresnel({ n1: 1, n2: 1.5, theta_i: 45, polarization: 's' });
    const p = solveFresnel({ n1: 1, n2: 1.5, theta_i: 45, polarization: 'p' });
    const normal = solveFresnel({ n1: 1, n2: 1.5, theta_i: 0, polarization: 'unpolarized' });
    // Published values are given to 7 significant digits.
    expect(s.single_angle.reflectance).toBeCloseTo(0.0920134, 7);
    expect(p.single_angle.reflectance).toBeCloseTo(0.0084665, 7);
    expect(normal.single_angle.reflectance).toBeCloseTo(0.04, 15);
    expect(s.brewster_angle).toBeCloseTo(56.3099, 4);
    expect(s.critical_angle).toBeNull();
    // Snell: sin θt = sin 45° / 1.5.
    expect(s.single_angle.theta_t).toBeCloseTo(Math.asin(Math.SQRT1_2 / 1.5) / DEG, 12);
    // r_s is negative for n1 < n2 at every angle (phase 180°); t is positive.
    expect(s.single_angle.r_phase).toBe(180);
    expect(s.single_angle.t_phase).toBe(0);
    expect(s.single_angle.r_coefficient).toBeCloseTo(Math.sqrt(0.0920134), 6);
  });

  it('has the glass → air critical angle 41.8103° with total internal reflection beyond it', () => {
    const out = solveFresnel({ n1: 1.5, n2: 1, theta_i: 60, polarization: 's' });
    expect(out.critical_angle).toBeCloseTo(41.8103, 4);
    expect(out.metadata.total_internal_reflection).toBe(true);
    expect(out.single_angle.theta_t).toBeNull();
    expect(out.single_angle.reflectance).toBe(1);
    expect(out.single_angle.transmittance).toBe(0);
    // Complex r of modulus 1; its phase −2 atan(√(n² sin²θ − 1)/(n cos θ)) for s.
    expect(out.single_angle.r_coefficient).toBeCloseTo(1, 15);
    const n = 1.5;
    const phase =
      (-2 * Math.atan(Math.sqrt(n * n * Math.sin(60 * DEG) ** 2 - 1) / (n * Math.cos(60 * DEG)))) / DEG;
    expect(out.single_angle.r_phase).toBeCloseTo(phase, 10);
    const below = solveFresnel({ n1: 1.5, n2: 1, theta_i: 30 });
    expect(below.metadata.total_internal_reflection).toBe(false);
  });

  it('keeps R + T = 1 at every angle, for every polarisation, both directions', () => {
    for (const [n1, n2] of [
      [1, 1.5],
      [1.5, 1],
      [1.33, 2.4],
      [3.5, 1],
    ] as const) {
      for (let deg = 0; deg <= 90; deg += 0.1) {
        // The full complex formulas: |r|² and the transmitted power flux are computed separately.
        const c = fresnelCoefficients(n1, n2, deg * DEG);
        expect(Math.abs(c.Rs + c.Ts - 1)).toBeLessThan(1e-14);
        expect(Math.abs(c.Rp + c.Tp - 1)).toBeLessThan(1e-14);
        expect(Math.min(c.Rs, c.Ts, c.Rp, c.Tp)).toBeGreaterThanOrEqual(0);
      }
      for (const polarization of ['s', 'p', 'unpolarized'] as const) {
        // The sweep uses a real-arithmetic shortcut; it must agree with the complex formulas.
        const out = solveFresnel({ n1, n2, polarization, angle_range: { min: 0, max: 90, points: 901 } });
        const { angles, reflectance, transmittance } = out.angle_sweep;
        for (let k = 0; k < angles.length; k++) {
          const c = fresnelCoefficients(n1, n2, angles[k]! * DEG);
          const [R, T] =
            polarization === 's'
              ? [c.Rs, c.Ts]
              : polarization === 'p'
                ? [c.Rp, c.Tp]
                : [(c.Rs + c.Rp) / 2, (c.Ts + c.Tp) / 2];
          expect(Math.abs(reflectance[k]! - R)).toBeLessThan(1e-14);
          expect(Math.abs(transmittance[k]! - T)).toBeLessThan(1e-14);
        }
      }
    }
  });

  it('has |r| = 1 everywhere beyond the critical angle and r_p = 0 at Brewster', () => {
    for (let theta = 42; theta <= 90; theta += 0.5) {
      const c = fresnelCoefficients(1.5, 1, theta * DEG);
      expect(Math.hypot(...c.rs)).toBeCloseTo(1, 14);
      expect(Math.hypot(...c.rp)).toBeCloseTo(1, 14);
    }
    for (const [n1, n2] of [
      [1, 1.5],
      [1.5, 1],
    ] as const) {
      const brewster = solveFresnel({ n1, n2 }).brewster_angle;
      expect(Math.hypot(...fresnelCoefficients(n1, n2, brewster! * DEG).rp)).toBeLessThan(1e-15);
    }
  });

  it('averages s and p for unpolarised light', () => {
    const s = solveFresnel({ n1: 1, n2: 1.7, theta_i: 70, polarization: 's' });
    const p = solveFresnel({ n1: 1, n2: 1.7, theta_i: 70, polarization: 'p' });
    const u = solveFresnel({ n1: 1, n2: 1.7, theta_i: 70, polarization: 'unpolarized' });
    expect(u.single_angle.reflectance).toBeCloseTo(
      (s.single_angle.reflectance + p.single_angle.reflectance) / 2,
      15,
    );
    expect(u.single_angle.r_coefficient).toBeCloseTo(Math.sqrt(u.single_angle.reflectance), 15);
    expect(u.single_angle.r_phase).toBeNull();
    expect(u.metadata.polarization).toBe('unpolarized');
  });

  it('gives no reflection between equal media, even at grazing incidence', () => {
    const out = solveFresnel({
      n1: 1.4,
      n2: 1.4,
      polarization: 'p',
      angle_range: { min: 0, max: 90, points: 91 },
    });
    for (const r of out.angle_sweep.reflectance) expect(r).toBe(0);
    // No interface, so no Brewster angle (not atan(1) = 45°), and the note says why.
    expect(out.brewster_angle).toBeNull();
    expect(out.metadata.brewster_note).toMatch(/no interface/);
    expect(out.critical_angle).toBeNull();
    // Media that differ at all keep θB = atan(n2/n1), where r_p = 0.
    const near = solveFresnel({ n1: 1.4, n2: 1.4000001 });
    expect(near.brewster_angle).toBeCloseTo((Math.atan(1.4000001 / 1.4) * 180) / Math.PI, 12);
    expect(near.metadata.brewster_note).toBeUndefined();
  });

  it('sweeps the requested angles and rejects an empty range', () => {
    const out = solveFresnel({ angle_range: { min: 10, max: 20, points: 11 } });
    expect([...out.angle_sweep.angles]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(() => solveFresnel({ angle_range: { min: 30, max: 20 } })).toThrow(/angle_range\.max/);
    expect(() => solveFresnel({ polarization: 'circular' } as never)).toThrow(/polarization/);
  });
});
