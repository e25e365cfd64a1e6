import { fresnelCoefficients } from '@faraday/physics';
import { integrate } from './knowledge-reference-methods.test-support.js';
import type { Reference } from './knowledge-references.test-support.js';

/**
 * References of the optics and wave results added after the fields file reached its size
 * (knowledge-references.test-support.ts merges them).
 */
/** The largest angle (degrees) from air into a fibre's end for which the ray is totally reflected at the wall. */
function acceptance(core: number, cladding: number): number {
  const trapped = (theta: number) => {
    const inside = Math.asin(Math.sin(theta) / core);
    return fresnelCoefficients(core, cladding, Math.PI / 2 - inside).sinT >= 1;
  };
  let [lo, hi] = [0, Math.PI / 2];
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (trapped(mid)) lo = mid;
    else hi = mid;
  }
  return (lo * 180) / Math.PI;
}

export const opticsReferences: Record<string, Reference> = {
  // The physics package's complex Fresnel solver, at 45°: away from Brewster's angle (56.3°), where
  // R_p would be zero whatever the formula's sign.
  'p-reflectance': {
    values: { n1: 1, n2: 1.5, θ: 45 },
    expected: () => fresnelCoefficients(1, 1.5, Math.PI / 4).Rp,
    tol: 1e-12,
  },
  // A ray traced into the end from air: refracted by Snell's law, it meets the wall at 90° − θt and
  // stays in while the Fresnel solver's sin θt there is below 1; bisection finds the largest angle.
  'fibre-acceptance': {
    values: { n1: 1.48, n2: 1.46, n0: 1 },
    expected: () => acceptance(1.48, 1.46),
    tol: 1e-9,
  },
  'fibre-numerical-aperture': {
    values: { n1: 1.48, n2: 1.46 },
    expected: () => Math.sin((acceptance(1.48, 1.46) * Math.PI) / 180),
    tol: 1e-9,
  },
  // The root of the mean of E₀² sin²ωt over one period, integrated numerically.
  'wave-rms-field': {
    values: { E: 600 },
    expected: () => Math.sqrt(integrate((t) => (600 * Math.sin(t)) ** 2, 0, 2 * Math.PI) / (2 * Math.PI)),
    tol: 1e-9,
  },
};
