import { describe, expect, it } from 'vitest';
import { COULOMB_K, EPSILON_0 } from '../constants.js';
import type { PhysicsError } from '../errors.js';
import { solveGaussFlux, sphereFlux } from './gauss-flux.js';

describe('gauss_flux', () => {
  it('gives Q/ε0 for a charge at several radii and off-centre positions', () => {
    const q = 3e-9;
    for (const radius of [0.01, 0.5, 1, 7.5]) {
      for (const fraction of [0, 0.3, 0.9, 0.999]) {
        for (const angle of [0, 1, 2.5]) {
          const out = solveGaussFlux({
            charges: [
              {
                x: 0.4 + fraction * radius * Math.cos(angle),
                y: -0.2 + fraction * radius * Math.sin(angle),
                q,
              },
            ],
            surface: { type: 'circle', center_x: 0.4, center_y: -0.2, radius },
          });
          // Gauss–Legendre on an entire integrand (two exponentials): the default 64 nodes are
          // exact to rounding, so only a few ulps of the sum may remain.
          expect(out.enclosed_charge).toBe(q);
          expect(out.theoretical_flux).toBe(q / EPSILON_0);
          expect(out.relative_error).toBeLessThan(1e-13);
          expect(out.verification_passed).toBe(true);
        }
      }
    }
  });

  it('gives zero flux for charges outside the sphere, however close', () => {
    for (const d of [1.000001, 1.1, 3, 100]) {
      expect(Math.abs(sphereFlux(1e-9, d, 1, 64))).toBeLessThan(1e-13 * (1e-9 / EPSILON_0));
    }
    const out = solveGaussFlux({
      charges: [
        { x: 0, y: 0.2, q: 1e-9 },
        { x: 2, y: 0, q: 5e-9 },
        { x: 0, y: -1.001, q: -7e-9 },
      ],
    });
    expect(out.enclosed_charge).toBe(1e-9);
    expect(out.relative_error).toBeLessThan(1e-12);
  });

  it('converges with grid_resolution for a charge very close to the surface', () => {
    const d = 1 - 1e-9;
    const errors = [4, 8, 16, 32].map((n) => Math.abs(sphereFlux(1, d, 1, n) * EPSILON_0 - 1));
    for (let k = 1; k < errors.length; k++) expect(errors[k]!).toBeLessThan(errors[k - 1]! + 1e-15);
    expect(errors[0]).toBeGreaterThan(1e-3);
    expect(errors[3]).toBeLessThan(1e-12);
    const coarse = solveGaussFlux({ charges: [{ x: 1 - 1e-8, y: 0, q: 1 }], grid_resolution: 4 });
    expect(coarse.verification_passed).toBe(false);
  });

  it('samples the radial flux density on the equator (k q / R² for a centred charge)', () => {
    const out = solveGaussFlux({
      charges: [{ x: 1, y: 2, q: -2e-9 }],
      surface: { center_x: 1, center_y: 2, radius: 0.5 },
      grid_resolution: 36,
    });
    expect(out.surface_points.x).toHaveLength(36);
    for (let k = 0; k < 36; k++) {
      expect(Math.hypot(out.surface_points.x[k]! - 1, out.surface_points.y[k]! - 2)).toBeCloseTo(0.5, 14);
      expect(out.surface_points.flux_density[k]! / ((COULOMB_K * -2e-9) / 0.25)).toBeCloseTo(1, 12);
      expect(out.surface_points.field_normal[k]).toBe(out.surface_points.flux_density[k]);
    }
  });

  it('normalises the error by Σ|q|/ε0 when nothing is enclosed', () => {
    const out = solveGaussFlux({ charges: [{ x: 5, y: 0, q: 1e-9 }] });
    expect(out.enclosed_charge).toBe(0);
    expect(out.theoretical_flux).toBe(0);
    expect(out.relative_error).toBeLessThan(1e-13);
  });

  it('rejects a charge on the surface with the charge’s path', () => {
    try {
      solveGaussFlux({
        charges: [
          { x: 0, y: 0, q: 1 },
          { x: 0.6, y: 0.8, q: 1 },
        ],
        surface: { radius: 1 },
      });
      expect.unreachable();
    } catch (error) {
      expect((error as PhysicsError).code).toBe('INVALID_PARAMETERS');
      expect((error as PhysicsError).issues?.[0]?.path).toBe('charges[1]');
    }
  });
});
