import { COULOMB_K, coulombField, EPSILON_0, sphereFlux } from '@faraday/physics';
import {
  e,
  integrate,
  kb,
  me,
  ringAsTwoHalves,
  shellField,
} from './knowledge-reference-methods.test-support.js';
import { conductorReferences } from './knowledge-references-conductors.test-support.js';
import { magnetismAndWaveReferences } from './knowledge-references-fields.test-support.js';
import { inductionReferences } from './knowledge-references-induction.test-support.js';
import { opticsReferences } from './knowledge-references-optics.test-support.js';

// What each computable course result must evaluate to, worked out independently of
// results.json: packages/physics, a numerical sum (Biot–Savart, Coulomb) or a followed orbit.
export { kb };

/** What a reference gives: sample inputs, the value from elsewhere, its tolerance. */
export interface Reference {
  values: Record<string, number>;
  expected: () => number;
  tol: number;
  scale?: number;
}

/**
 * The knowledge entry's value from elsewhere, at sample inputs, with the tolerance the method allows;
 * `scale` is what the error is measured against when the value is zero (inside a shell).
 */
export const references: Record<string, Reference> = {
  'coulomb-law': {
    values: { q1: 2e-6, q2: -3e-6, r: 0.1 },
    expected: () => Math.abs(-3e-6 * coulombField([{ x: 0, y: 0, q: 2e-6 }], 0.1, 0).ex),
    tol: 1e-12,
  },
  'point-field': {
    values: { q: 1e-9, r: 0.02 },
    expected: () => coulombField([{ x: 0, y: 0, q: 1e-9 }], 0, 0.02).ey,
    tol: 1e-12,
  },
  'point-potential': {
    values: { q: 5e-9, r: 0.3 },
    expected: () => coulombField([{ x: 0, y: 0, q: 5e-9 }], 0.3, 0).v,
    tol: 1e-12,
  },
  // The second charge times the first one's potential where it sits (U = q₂V of the notes).
  'pair-energy': {
    values: { q1: 4e-9, q2: -6e-9, r: 0.05 },
    expected: () => -6e-9 * coulombField([{ x: 0, y: 0, q: 4e-9 }], 0.05, 0).v,
    tol: 1e-12,
  },
  // Coulomb's field of both charges summed at the point halfway between them.
  'midpoint-field': {
    values: { q1: 3e-9, q2: -1e-9, d: 0.04 },
    expected: () =>
      Math.abs(
        coulombField(
          [
            { x: 0, y: 0, q: 3e-9 },
            { x: 0.04, y: 0, q: -1e-9 },
          ],
          0.02,
          0,
        ).ex,
      ),
    tol: 1e-12,
  },
  'electron-volt': { values: { V: 100 }, expected: () => 100 * 1.602176634e-19, tol: 1e-12 },
  // The work of the force eV/d over a 2 mm gap, integrated, is the kinetic energy ½mₑv².
  'accelerated-speed': {
    values: { q: -e, m: me, V: 100 },
    expected: () => Math.sqrt((2 * integrate(() => (e * 100) / 0.002, 0, 0.002)) / me),
    tol: 1e-9,
  },
  'dipole-moment': { values: { q: 2e-9, d: 1e-3 }, expected: () => 2e-12, tol: 1e-12 },
  // The torque of the forces on ±q in a uniform field E along x, the dipole along y.
  'dipole-torque': {
    values: { p: 2e-12, E: 1e4 },
    expected: () => {
      const q = 2e-9;
      const d = 1e-3;
      return 2 * (d / 2) * q * 1e4;
    },
    tol: 1e-12,
  },
  // Gauss's law against the flux of a point charge through a sphere, integrated numerically.
  'gauss-law': { values: { Q: 3e-9 }, expected: () => sphereFlux(3e-9, 0.02, 0.1, 64), tol: 1e-9 },
  // One face of a 2 cm cube around the charge: Coulomb's field through the face, integrated over it.
  'cube-face-flux': {
    values: { Q: 3e-9 },
    expected: () => {
      const h = 0.01;
      const normal = (x: number, y: number) => (COULOMB_K * 3e-9 * h) / (x * x + y * y + h * h) ** 1.5;
      return integrate((x) => integrate((y) => normal(x, y), -h, h, 400), -h, h, 400);
    },
    tol: 1e-5,
  },
  // Inside a uniform ball: Coulomb's law for the charge within r (integrated shell by shell).
  'sphere-inside': {
    values: { Q: 2e-6, R: 0.1, r: 0.05 },
    expected: () => {
      const rho = 2e-6 / ((4 / 3) * Math.PI * 0.1 ** 3);
      const inside = integrate((s) => rho * 4 * Math.PI * s * s, 0, 0.05);
      return (COULOMB_K * inside) / 0.05 ** 2;
    },
    tol: 1e-6,
  },
  // At the surface the enclosed charge is all of it: Gauss's sum of the charge within R, at R.
  'sphere-surface': {
    values: { Q: 2e-6, R: 0.1 },
    expected: () => {
      const rho = 2e-6 / ((4 / 3) * Math.PI * 0.1 ** 3);
      return (COULOMB_K * integrate((s) => rho * 4 * Math.PI * s * s, 0, 0.1)) / 0.1 ** 2;
    },
    tol: 1e-6,
  },
  'sphere-outside': {
    values: { Q: 2e-6, R: 0.1, r: 0.2 },
    expected: () => coulombField([{ x: 0, y: 0, q: 2e-6 }], 0.2, 0).ex,
    tol: 1e-12,
  },
  // Inside a shell the summed Coulomb fields cancel (to the integration's accuracy); outside, a point charge.
  'shell-inside': {
    values: { Q: 4e-6, R: 0.12, r: 0.06 },
    expected: () => shellField(4e-6, 0.12, 0.06),
    tol: 1e-6,
    scale: (COULOMB_K * 4e-6) / 0.12 ** 2,
  },
  'shell-outside': {
    values: { Q: 4e-6, R: 0.12, r: 0.3 },
    expected: () => shellField(4e-6, 0.12, 0.3),
    tol: 1e-6,
  },
  // Summed over the shell's rings of charge, each at distance R from the centre.
  'shell-potential': {
    values: { Q: 4e-6, R: 0.12 },
    expected: () => integrate((theta) => (COULOMB_K * (4e-6 / 2) * Math.sin(theta)) / 0.12, 0, Math.PI),
    tol: 1e-6,
  },
  // The charge of 2 m of line summed in 1 cm pieces.
  'line-charge-total': {
    values: { λ: 3e-9, L: 2 },
    expected: () => integrate(() => 3e-9, 0, 2, 200),
    tol: 1e-9,
  },
  // A long line as many point charges; its middle is far from both ends.
  'line-charge': {
    values: { λ: 3e-9, r: 0.1 },
    expected: () => {
      const n = 200_000;
      const half = 2000;
      const charges = Array.from({ length: n }, (_, i) => ({
        x: -half + ((i + 0.5) * 2 * half) / n,
        y: 0,
        q: (3e-9 * 2 * half) / n,
      }));
      return coulombField(charges, 0, 0.1).ey;
    },
    tol: 1e-4,
  },
  // Just outside a conductor: the pillbox sees σ on one face only, twice a lone sheet's field.
  conductor: { values: { σ: 2e-6 }, expected: () => (2 * 2e-6) / (2 * EPSILON_0), tol: 1e-12 },
  // A charge q at height d above a grounded plane is pulled by its image −q at distance 2d.
  'image-plane': {
    values: { q: 3e-9, d: 0.02 },
    expected: () => Math.abs(3e-9 * coulombField([{ x: 0, y: 0, q: -3e-9 }], 0, 0.04).ey),
    // The package's k and the base's ε₀ differ in the twelfth digit.
    tol: 1e-9,
  },
  // ε₀ times the normal field of the charge and its image, just above the plane below the charge.
  // The sphere's potential is zero at both ends of the diameter through the charge: q/(a−R) +
  // q'/(R−b) = 0 and q/(a+R) + q'/(R+b) = 0 give b = R²/a and q' = −q(R−b)/(a−R).
  // The five-point Laplacian vanishes: 4V − (V1 + V2 + V3 + V4) = 0.
  'finite-difference': {
    values: { V1: 10, V2: 0, V3: 7, V4: 3 },
    expected: () => 20 / 4,
    tol: 1e-12,
  },
  'image-sphere': {
    values: { q: 4e-9, R: 0.05, a: 0.2 },
    expected: () => (-4e-9 * (0.05 - 0.05 ** 2 / 0.2)) / (0.2 - 0.05),
    tol: 1e-12,
  },
  'image-sphere-position': {
    values: { R: 0.05, a: 0.2 },
    expected: () => 0.05 ** 2 / 0.2,
    tol: 1e-12,
  },
  'image-plane-sigma': {
    values: { q: 3e-9, d: 0.02 },
    expected: () =>
      EPSILON_0 *
      coulombField(
        [
          { x: 0, y: 0.02, q: 3e-9 },
          { x: 0, y: -0.02, q: -3e-9 },
        ],
        0,
        0,
      ).ey,
    tol: 1e-9,
  },
  // A large disk's axial field at z = 1 cm, integrated ring by ring in log radius out to 1 km.
  'plane-charge': {
    values: { σ: 2e-6 },
    expected: () => {
      const z = 0.01;
      const ring = (u: number) => {
        const s = Math.exp(u);
        return (2e-6 * 2 * Math.PI * s * s * z) / (4 * Math.PI * EPSILON_0 * (s * s + z * z) ** 1.5);
      };
      return integrate(ring, Math.log(1e-9), Math.log(1e3), 200_000);
    },
    tol: 2e-5,
  },
  'parallel-plates': {
    values: { σ: 1e-6 },
    expected: () => 2 * (1e-6 / (2 * EPSILON_0)),
    tol: 1e-12,
  },
  // A ring's axial field: every pair of opposite charge elements on it gives the same axial field,
  // so the ring's equals that of two halves of its charge at (±R, 0), summed with Coulomb's law.
  'ring-axis': {
    values: { Q: 12e-9, R: 0.06, z: 0.08 },
    expected: () => ringAsTwoHalves(12e-9, 0.06, 0.08).ey,
    tol: 1e-12,
  },
  // A charged cylinder: Gauss's law with the charge per length within s integrated over the disc.
  'cylinder-inside': {
    values: { ρ: 4e-6, R: 0.02, s: 0.01 },
    expected: () => integrate((x) => 4e-6 * 2 * Math.PI * x, 0, 0.01) / (2 * Math.PI * EPSILON_0 * 0.01),
    tol: 1e-6,
  },
  'cylinder-outside': {
    values: { ρ: 4e-6, R: 0.02, s: 0.05 },
    expected: () => integrate((x) => 4e-6 * 2 * Math.PI * x, 0, 0.02) / (2 * Math.PI * EPSILON_0 * 0.05),
    tol: 1e-6,
  },
  // Two sheets at z = 0 and z = 1 cm: each sheet's σ/(2ε₀) with its sign along ±z, added at a point.
  'two-sheets-between': {
    values: { σ1: 3e-6, σ2: -1e-6 },
    expected: () => Math.abs(sheetsAt(0.004, [3e-6, -1e-6])),
    tol: 1e-12,
  },
  'plates-outside': {
    values: { σ: 4e-6 },
    expected: () => sheetsAt(0.03, [4e-6, -4e-6]),
    tol: 1e-12,
    scale: 4e-6 / (2 * EPSILON_0),
  },
  'two-sheets-outside': {
    values: { σ1: 5e-6, σ2: 2e-6 },
    expected: () => Math.abs(sheetsAt(0.03, [5e-6, 2e-6])),
    tol: 1e-12,
  },
  ...magnetismAndWaveReferences,
  ...conductorReferences,
  ...inductionReferences,
  ...opticsReferences,
};

/** The z-component at height z of sheets at z = 0 and 1 cm, each pointing away from itself for σ > 0. */
function sheetsAt(z: number, sigmas: number[]): number {
  return sigmas.reduce((sum, σ, i) => sum + (Math.sign(z - i * 0.01) * σ) / (2 * EPSILON_0), 0);
}
