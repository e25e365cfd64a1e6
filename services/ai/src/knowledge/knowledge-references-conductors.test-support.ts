import { coulombField, EPSILON_0 } from '@faraday/physics';
import { e, integrate, ringAsTwoHalves, shellField } from './knowledge-reference-methods.test-support.js';
import type { Reference } from './knowledge-references.test-support.js';

// References of the potential, conductor and image results (knowledge-references.test-support.ts
// merges them): Coulomb's law summed over point charges, rings and shells, and integrated work.

/** The radial field at r of a charge q at the centre of a shell carrying −q on radius a and q + Q on b. */
const thickShell = (q: number, Q: number, a: number, b: number, r: number) =>
  coulombField([{ x: 0, y: 0, q }], r, 0).ex + shellField(-q, a, r) + shellField(q + Q, b, r);

/** Where on the x-axis the field of q1 at 0 and q2 at d vanishes, found by bisection on Coulomb's law. */
function zeroFieldAt(q1: number, q2: number, d: number): number {
  const ex = (x: number) =>
    coulombField(
      [
        { x: 0, y: 0, q: q1 },
        { x: d, y: 0, q: q2 },
      ],
      x,
      0,
    ).ex;
  // Unlike charges, the smaller first: the point lies beyond it, at x < 0.
  let [lo, hi] = [-100 * d, -1e-9 * d];
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(ex(mid)) === Math.sign(ex(lo))) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export const conductorReferences: Record<string, Reference> = {
  // Two halves of the ring's charge at (±R, 0) are each √(R² + z²) from (0, z), as every element is.
  'ring-axis-potential': {
    values: { Q: 12e-9, R: 0.06, z: 0.08 },
    expected: () => ringAsTwoHalves(12e-9, 0.06, 0.08).v,
    tol: 1e-12,
  },
  // Minus the central difference of the linear potential V x/d that Laplace's equation gives between plates.
  'plates-voltage-field': {
    values: { V: 150, d: 0.02 },
    expected: () => {
      const V = (x: number) => (150 * x) / 0.02;
      return Math.abs(-(V(0.011) - V(0.009)) / 0.002);
    },
    tol: 1e-9,
  },
  // The field's work eV/d over a 2 mm gap, integrated, is the kinetic energy gained; U falls by as much.
  'accelerated-energy-change': {
    values: { q: -e, V: 500 },
    expected: () => -integrate(() => (e * 500) / 0.002, 0, 0.002),
    tol: 1e-9,
  },
  // The charge at height d and its image −q at depth d, summed on the plane right below the charge.
  // Gauss's law from the midplane, where the field is zero by symmetry, gives E(x) = ρ(d/2 − x)/ε₀
  // at x from a plate; the potential there is that field integrated from the grounded plate.
  'slab-midplane-potential': {
    values: { ρ: 5e-6, d: 0.02 },
    expected: () => integrate((x) => (5e-6 * (0.01 - x)) / EPSILON_0, 0, 0.01),
    tol: 1e-9,
  },
  // The charge ρd/2 per unit area between the midplane and a plate, through a pillbox's one face.
  'slab-plate-field': { values: { ρ: 5e-6, d: 0.02 }, expected: () => (5e-6 * 0.01) / EPSILON_0, tol: 1e-12 },
  'image-plane-field': {
    values: { q: 3e-9, d: 0.02 },
    expected: () =>
      Math.abs(
        coulombField(
          [
            { x: 0, y: 0.02, q: 3e-9 },
            { x: 0, y: -0.02, q: -3e-9 },
          ],
          0,
          0,
        ).ey,
      ),
    tol: 1e-9,
  },
  // The image's pull q²/(4πε₀(2z)²) integrated from d to infinity (z = d/t, t from 1 to 0).
  'image-plane-work': {
    values: { q: 3e-9, d: 0.02 },
    expected: () => {
      const pull = (z: number) => Math.abs(3e-9 * coulombField([{ x: 0, y: -z, q: -3e-9 }], 0, z).ey);
      return integrate((t) => (pull(0.02 / t) * 0.02) / (t * t), 0, 1, 2000);
    },
    tol: 1e-9,
  },
  // Coulomb's force of the image −qR/a at R²/a on the charge at a.
  'image-sphere-force': {
    values: { q: 4e-9, R: 0.05, a: 0.2 },
    expected: () =>
      Math.abs(4e-9 * coulombField([{ x: 0.05 ** 2 / 0.2, y: 0, q: (-4e-9 * 0.05) / 0.2 }], 0.2, 0).ex),
    tol: 1e-9,
  },
  // Gauss's law in the metal: the sphere there encloses q and the inner surface's charge, zero in all.
  'thick-shell-inner-charge': { values: { q: 5e-9, Q: 2e-9 }, expected: () => 0 - 5e-9, tol: 1e-12 },
  // The shell's net charge less what went to the inner surface.
  'thick-shell-outer-charge': { values: { q: 5e-9, Q: -2e-9 }, expected: () => -2e-9 - -5e-9, tol: 1e-12 },
  // ε₀ times the field just outside the outer surface, summed from the charge and both surfaces.
  'thick-shell-outer-sigma': {
    values: { q: 4e-9, Q: 1e-9, a: 0.05, b: 0.08 },
    // (Gauss's law outside: E r² is the same at every r > b, so the field at 20 cm is scaled to b.)
    expected: () => EPSILON_0 * thickShell(4e-9, 1e-9, 0.05, 0.08, 0.2) * (0.2 / 0.08) ** 2,
    tol: 1e-4,
  },
  'thick-shell-cavity': {
    values: { q: 5e-9, Q: -3e-9, a: 0.04, b: 0.06, r: 0.02 },
    expected: () => thickShell(5e-9, -3e-9, 0.04, 0.06, 0.02),
    tol: 1e-4,
  },
  'thick-shell-metal': {
    values: { q: 5e-9, Q: -3e-9, a: 0.04, b: 0.06, r: 0.05 },
    expected: () => thickShell(5e-9, -3e-9, 0.04, 0.06, 0.05),
    tol: 1e-4,
    scale: (8987551792.3 * 5e-9) / 0.05 ** 2,
  },
  'thick-shell-outside': {
    values: { q: 5e-9, Q: -3e-9, a: 0.04, b: 0.06, r: 0.1 },
    expected: () => thickShell(5e-9, -3e-9, 0.04, 0.06, 0.1),
    tol: 1e-4,
  },
  // A charge at the centre and a thin shell's own charge, summed with Coulomb's law over the shell.
  'centre-charge-shell-inside': {
    values: { q: 5e-9, Q: -15e-9, R: 0.1, r: 0.05 },
    expected: () => coulombField([{ x: 0, y: 0, q: 5e-9 }], 0.05, 0).ex + shellField(-15e-9, 0.1, 0.05),
    tol: 1e-4,
  },
  'centre-charge-shell-outside': {
    values: { q: 5e-9, Q: -15e-9, R: 0.1, r: 0.25 },
    expected: () =>
      Math.abs(coulombField([{ x: 0, y: 0, q: 5e-9 }], 0.25, 0).ex + shellField(-15e-9, 0.1, 0.25)),
    tol: 1e-4,
  },
  'zero-field-point': {
    values: { q1: 4e-9, q2: -9e-9, d: 0.1 },
    expected: () => Math.abs(zeroFieldAt(4e-9, -9e-9, 0.1)),
    tol: 1e-9,
  },
  // Both charges' potentials added at the point found by bisection.
  'zero-field-potential': {
    values: { q1: 4e-9, q2: -9e-9, d: 0.1 },
    expected: () =>
      coulombField(
        [
          { x: 0, y: 0, q: 4e-9 },
          { x: 0.1, y: 0, q: -9e-9 },
        ],
        zeroFieldAt(4e-9, -9e-9, 0.1),
        0,
      ).v,
    tol: 1e-9,
  },
};
