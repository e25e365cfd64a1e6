import { fresnelCoefficients } from '@faraday/physics';
import type { Reference } from './knowledge-references.test-support.js';

/**
 * References of the optics results added after the fields file reached its size
 * (knowledge-references.test-support.ts merges them): the physics package's complex Fresnel solver.
 */
export const opticsReferences: Record<string, Reference> = {
  // At 45°, away from Brewster's angle (56.3°), where R_p would be zero whatever the formula's sign.
  'p-reflectance': {
    values: { n1: 1, n2: 1.5, θ: 45 },
    expected: () => fresnelCoefficients(1, 1.5, Math.PI / 4).Rp,
    tol: 1e-12,
  },
};
