import { fresnelCoefficients } from '@faraday/physics';
import { integrate } from './knowledge-reference-methods.test-support.js';
import type { Reference } from './knowledge-references.test-support.js';

/**
 * References of the optics and wave results added after the fields file reached its size
 * (knowledge-references.test-support.ts merges them).
 */
export const opticsReferences: Record<string, Reference> = {
  // The physics package's complex Fresnel solver, at 45°: away from Brewster's angle (56.3°), where
  // R_p would be zero whatever the formula's sign.
  'p-reflectance': {
    values: { n1: 1, n2: 1.5, θ: 45 },
    expected: () => fresnelCoefficients(1, 1.5, Math.PI / 4).Rp,
    tol: 1e-12,
  },
  // The root of the mean of E₀² sin²ωt over one period, integrated numerically.
  'wave-rms-field': {
    values: { E: 600 },
    expected: () => Math.sqrt(integrate((t) => (600 * Math.sin(t)) ** 2, 0, 2 * Math.PI) / (2 * Math.PI)),
    tol: 1e-9,
  },
};
