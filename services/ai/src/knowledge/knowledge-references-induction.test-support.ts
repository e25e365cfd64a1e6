import { EPSILON_0, MU_0, SPEED_OF_LIGHT, wireField } from '@faraday/physics';
import { integrate } from './knowledge-reference-methods.test-support.js';
import type { Reference } from './knowledge-references.test-support.js';

/** B of a straight current along the axis, at radius s: packages/physics's wire. */
const around = (current: number, s: number) => wireField([{ x: 0, y: 0, current }], s, 0).by;

/** |n × B| for a unit normal at `normal`° to B: the torque on a moment of 1 per unit field. */
const crossed = (normal: number) => {
  const n = [Math.cos((normal * Math.PI) / 180), Math.sin((normal * Math.PI) / 180), 0];
  const b = [1, 0, 0];
  return Math.abs(n[0]! * b[1]! - n[1]! * b[0]!);
};

/** The coil results of one shape: moment NIA, torque with the plane or the normal at 30° to B. */
const coil = (shape: string, values: Record<string, number>, area: number): Record<string, Reference> => ({
  [`coil-moment-${shape}`]: {
    values: { N: 20, I: 0.5, ...values },
    expected: () => 20 * 0.5 * area,
    tol: 1e-12,
  },
  // The plane at 30° to B puts the normal at 60°.
  [`coil-torque-${shape}-plane`]: {
    values: { N: 20, I: 0.5, B: 0.3, θ: 30, ...values },
    expected: () => 20 * 0.5 * area * 0.3 * crossed(60),
    tol: 1e-12,
  },
  [`coil-torque-${shape}-normal`]: {
    values: { N: 20, I: 0.5, B: 0.3, θ: 30, ...values },
    expected: () => 20 * 0.5 * area * 0.3 * crossed(30),
    tol: 1e-12,
  },
});

/** References of the induction, coil, region and wave results added with the solver's later classes. */
export const inductionReferences: Record<string, Reference> = {
  // The speed at which qE and qvB cancel: the net force q(E − vB) is zero.
  'velocity-selector': { values: { E: 3e4, B: 0.06 }, expected: () => 3e4 / 0.06, tol: 1e-12 },
  'induced-current': { values: { emf: 0.5, R: 4 }, expected: () => 0.5 / 4, tol: 1e-12 },
  // The grid's shortest resolved wavelength is N cells; f = c/λ.
  'fdtd-max-frequency': {
    values: { N: 20, Δ: 5e-4 },
    expected: () => SPEED_OF_LIGHT / (20 * 5e-4),
    tol: 1e-9,
  },
  // N dΦ/dt by a difference quotient of the flux Bπr² through each turn.
  'faraday-emf-circle': {
    values: { N: 100, r: 0.05, rate: 0.02 },
    expected: () => {
      const flux = (t: number) => 100 * (0.1 + 0.02 * t) * Math.PI * 0.05 ** 2;
      return (flux(1.001) - flux(1)) / 0.001;
    },
    tol: 1e-6,
  },
  // Ampère's law round a circle in the core encloses NI: a wire of NI through the hole.
  'toroid-core-point': {
    values: { N: 800, I: 0.5, a: 0.08, b: 0.12, s: 0.09 },
    expected: () => around(400, 0.09),
    tol: 1e-9,
  },
  'toroid-outside-point': {
    values: { N: 800, I: 0.5, a: 0.08, b: 0.12, s: 0.15 },
    expected: () => 0,
    tol: 1e-12,
    scale: around(400, 0.15),
  },
  // The enclosed current summed ring by ring over the wall, J = I/(π(b² − a²)).
  'hollow-wire-bore': {
    values: { I: 10, a: 0.002, b: 0.005, s: 0.001 },
    expected: () => 0,
    tol: 1e-12,
    scale: around(10, 0.001),
  },
  'hollow-wire-wall': {
    values: { I: 10, a: 0.002, b: 0.005, s: 0.0035 },
    expected: () => {
      const J = 10 / (Math.PI * (0.005 ** 2 - 0.002 ** 2));
      return around(
        integrate((r) => J * 2 * Math.PI * r, 0.002, 0.0035),
        0.0035,
      );
    },
    tol: 1e-6,
  },
  'hollow-wire-outside': {
    values: { I: 10, a: 0.002, b: 0.005, s: 0.008 },
    expected: () => around(10, 0.008),
    tol: 1e-9,
  },
  // Biot–Savart summed along the segment, from −L/2 to L/2, at distance s from its midpoint.
  'finite-wire-bisector': {
    values: { I: 4, L: 0.3, s: 0.08 },
    expected: () =>
      integrate((x) => ((MU_0 * 4) / (4 * Math.PI)) * (0.08 / (x * x + 0.08 ** 2) ** 1.5), -0.15, 0.15),
    tol: 1e-6,
  },
  // ε₀ dΦ_E/dt with Φ_E = Q/ε₀ between the plates: dQ/dt, the charging current.
  'capacitor-displacement-current': {
    values: { I: 0.2 },
    expected: () => EPSILON_0 * (0.2 / EPSILON_0),
    tol: 1e-12,
  },
  // The displacement current spread evenly: πr²/πR² of it inside r, like a wire carrying that.
  'capacitor-current-b-inside': {
    values: { I: 0.2, R: 0.1, r: 0.05 },
    expected: () => around((0.2 * 0.05 ** 2) / 0.1 ** 2, 0.05),
    tol: 1e-9,
  },
  'capacitor-current-b-outside': {
    values: { I: 0.2, R: 0.1, r: 0.15 },
    expected: () => around(0.2, 0.15),
    tol: 1e-9,
  },
  // ½LI² with L = μ₀n²Aℓ, for the B = μ₀nI of n = 2000 /m and I = 1.5 A.
  'solenoid-stored-energy': {
    values: { B: MU_0 * 2000 * 1.5, A: 4e-4, l: 0.5 },
    expected: () => 0.5 * (MU_0 * 2000 ** 2 * 4e-4 * 0.5) * 1.5 ** 2,
    tol: 1e-9,
  },
  // The root of the mean of (NBAω sin ωt)² over one turn, integrated numerically.
  'generator-rms-emf': {
    values: { e0: 188 },
    expected: () => Math.sqrt(integrate((t) => (188 * Math.sin(t)) ** 2, 0, 2 * Math.PI) / (2 * Math.PI)),
    tol: 1e-9,
  },
  // The flux linkage NΦ over the current, Φ = BA with the core's B = μ_r μ₀ n I at I = 2 A.
  'solenoid-inductance-core': {
    values: { μr: 400, N: 1500, l: 0.3, A: 4e-4 },
    expected: () => (1500 * (400 * MU_0 * (1500 / 0.3) * 2) * 4e-4) / 2,
    tol: 1e-12,
  },
  ...coil('rect', { a: 0.05, b: 0.08 }, 0.05 * 0.08),
  ...coil('circle', { r: 0.03 }, Math.PI * 0.03 ** 2),
  ...coil('area', { A: 2e-3 }, 2e-3),
};
