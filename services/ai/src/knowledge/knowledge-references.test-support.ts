import {
  COULOMB_K,
  coulombField,
  EPSILON_0,
  fresnelCoefficients,
  loopBz,
  MU_0,
  SPEED_OF_LIGHT,
  solenoidBz,
  sphereFlux,
  wireField,
} from '@faraday/physics';
import { expect } from 'vitest';
import { KnowledgeBase } from './knowledge-base.js';

// What each computable course result must evaluate to, worked out independently of
// results.json: packages/physics, a numerical sum (Biot–Savart, Coulomb) or a followed orbit.
export const kb = KnowledgeBase.load();
const { e, me } = kb.constants as { e: number; me: number };

/** Midpoint-rule integral of f over [a, b] in n steps. */
function integrate(f: (x: number) => number, a: number, b: number, n = 20_000): number {
  const h = (b - a) / n;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += f(a + (i + 0.5) * h);
  return sum * h;
}

/** Biot–Savart: B_z at (0, 0, z) of a ring of radius R in the plane z = 0, summed over n elements. */
function biotSavartRingBz(R: number, I: number, z: number, n = 4000): number {
  let bz = 0;
  for (let i = 0; i < n; i++) {
    const phi = ((i + 0.5) * 2 * Math.PI) / n;
    const dl = [-Math.sin(phi), Math.cos(phi), 0].map((c) => (c * 2 * Math.PI * R) / n);
    const r = [-R * Math.cos(phi), -R * Math.sin(phi), z];
    const d = Math.hypot(r[0]!, r[1]!, r[2]!);
    bz += ((MU_0 / (4 * Math.PI)) * I * (dl[0]! * r[1]! - dl[1]! * r[0]!)) / d ** 3;
  }
  return bz;
}

/** A toroid of 200 turns carrying 2 A, its core between 6 and 10 cm; the field of its N I at radius s. */
const core = { N: 200, I: 2, a: 0.06, b: 0.1 };
const throughHole = (s: number) => wireField([{ x: 0, y: 0, current: 400 }], s, 0).by;

/** A charged particle's circle in B along z, followed with small Boris steps: its radius. */
function orbitRadius(m: number, q: number, v: number, B: number): number {
  const omega = (q * B) / m;
  const dt = 2e-3 / omega;
  let [x, y, vx, vy] = [0, 0, v, 0];
  let far = 0;
  for (let i = 0; i < 4000; i++) {
    const t = (omega * dt) / 2;
    const s = (2 * t) / (1 + t * t);
    const vpx = vx + vy * t;
    const vpy = vy - vx * t;
    vx += vpy * s;
    vy -= vpx * s;
    x += vx * dt;
    y += vy * dt;
    far = Math.max(far, Math.hypot(x, y));
  }
  return far / 2;
}

/** Coulomb's law summed over a uniformly charged spherical shell: the radial field at distance r from its centre. */
function shellField(Q: number, R: number, r: number): number {
  const sigma = Q / (4 * Math.PI * R * R);
  return integrate(
    (theta) => {
      const dq = sigma * 2 * Math.PI * R * R * Math.sin(theta);
      const d2 = R * R + r * r - 2 * R * r * Math.cos(theta);
      return (COULOMB_K * dq * (r - R * Math.cos(theta))) / d2 ** 1.5;
    },
    0,
    Math.PI,
  );
}

/**
 * The knowledge entry's value from elsewhere, at sample inputs, with the tolerance the method allows;
 * `scale` is what the error is measured against when the value is zero (inside a shell).
 */
export const references: Record<
  string,
  { values: Record<string, number>; expected: () => number; tol: number; scale?: number }
> = {
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
  'wire-field': {
    values: { I: 10, s: 0.05 },
    expected: () => wireField([{ x: 0, y: 0, current: 10 }], 0.05, 0).by,
    tol: 1e-12,
  },
  'parallel-wires': {
    values: { I1: 5, I2: 5, d: 0.1 },
    expected: () => 5 * wireField([{ x: 0, y: 0, current: 5 }], 0.1, 0).by,
    tol: 1e-12,
  },
  // |I L × B| with L and B as vectors 30° apart in the xy-plane.
  'wire-force': {
    values: { I: 4, L: 0.5, B: 0.2, θ: 30 },
    expected: () => {
      const [l, b] = [
        [0.5, 0, 0],
        [0.2 * Math.cos(Math.PI / 6), 0.2 * Math.sin(Math.PI / 6), 0],
      ];
      return 4 * Math.abs(l[0]! * b[1]! - l[1]! * b[0]!);
    },
    tol: 1e-12,
  },
  // The ring's centre against a Biot–Savart sum and the exact loop field of packages/physics.
  'loop-centre': {
    values: { I: 2, R: 0.05, N: 1 },
    expected: () => {
      expect(biotSavartRingBz(0.05, 2, 0)).toBeCloseTo(loopBz(0.05, 2, 0, 0), 12);
      return biotSavartRingBz(0.05, 2, 0);
    },
    tol: 1e-6,
  },
  // Three turns, 6 cm along the axis of an 8 cm loop: the Biot–Savart sum and packages/physics agree.
  'loop-axis': {
    values: { I: 5, R: 0.08, z: 0.06, N: 3 },
    expected: () => {
      expect(biotSavartRingBz(0.08, 5, 0.06)).toBeCloseTo(loopBz(0.08, 5, 0, 0.06), 12);
      return 3 * loopBz(0.08, 5, 0, 0.06);
    },
    tol: 1e-9,
  },
  // Inside a thick wire: Ampère's law with the current within s integrated over the disc.
  'thick-wire-inside': {
    values: { I: 10, R: 0.002, s: 0.001 },
    expected: () => {
      const J = 10 / (Math.PI * 0.002 ** 2);
      return (MU_0 * integrate((x) => J * 2 * Math.PI * x, 0, 0.001)) / (2 * Math.PI * 0.001);
    },
    tol: 1e-6,
  },
  // Outside a thick wire: the whole current enclosed, the field of the same current on the axis.
  'thick-wire-outside': {
    values: { I: 10, R: 0.002, s: 0.005 },
    expected: () => wireField([{ x: 0, y: 0, current: 10 }], 0.005, 0).by,
    tol: 1e-12,
  },
  'coax-between': {
    values: { I: 5, s: 0.003 },
    // Only the inner conductor's current is enclosed: a wire's field at s.
    expected: () => wireField([{ x: 0, y: 0, current: 5 }], 0.003, 0).by,
    tol: 1e-12,
  },
  toroid: {
    values: { N: 200, I: 2, s: 0.1 },
    // N wires through the hole: the field of their total current at radius s.
    expected: () => wireField([{ x: 0, y: 0, current: 400 }], 0.1, 0).by,
    tol: 1e-12,
  },
  // The core between radii 6 and 10 cm: the field of N I through the hole at a, at b, at (a + b)/2.
  'toroid-inner': { values: core, expected: () => throughHole(0.06), tol: 1e-12 },
  'toroid-outer': { values: core, expected: () => throughHole(0.1), tol: 1e-12 },
  'toroid-mean': { values: core, expected: () => throughHole(0.08), tol: 1e-12 },
  // A sheet as many parallel wires 2 cm apart, 1 m away, 20 km wide (the edges: 6 × 10⁻⁵).
  'current-sheet': {
    values: { K: 100 },
    expected: () => {
      const n = 1_000_000;
      const width = 20_000;
      const wires = Array.from({ length: n }, (_, i) => ({
        x: -width / 2 + ((i + 0.5) * width) / n,
        y: 0,
        current: (100 * width) / n,
      }));
      return -wireField(wires, 0, 1).bx;
    },
    tol: 1e-4,
  },
  // The long-solenoid formula against the exact finite coil at its centre (L = 200 R).
  'solenoid-field': {
    values: { n: 1000, I: 2 },
    expected: () => solenoidBz({ n: 1000, I: 2, R: 0.01, L: 2 }, 0, 0),
    tol: 2e-4,
  },
  // L = NΦ/I with Φ = B A and B = μ₀nI.
  'solenoid-inductance': {
    values: { N: 500, l: 0.25, a: 0.01 },
    expected: () => (500 * MU_0 * (500 / 0.25) * 1 * Math.PI * 0.01 ** 2) / 1,
    tol: 1e-12,
  },
  // The same inductance from the cross-section's area: a coil of radius 1 cm has area π (1 cm)².
  'solenoid-inductance-area': {
    values: { N: 500, l: 0.25, A: Math.PI * 0.01 ** 2 },
    expected: () => (500 * MU_0 * (500 / 0.25) * 1 * Math.PI * 0.01 ** 2) / 1,
    tol: 1e-12,
  },
  'inductor-energy': {
    values: { L: 0.02, I: 3 },
    expected: () => integrate((i) => 0.02 * i, 0, 3),
    tol: 1e-9,
  },
  // u_B × volume of a long solenoid equals ½LI².
  'magnetic-energy-density': {
    values: { B: 0.5 },
    expected: () => {
      const n = 1000;
      const I = 0.5 / (MU_0 * n);
      const [A, l] = [1e-3, 1];
      return (0.5 * MU_0 * n * n * A * l * I * I) / (A * l);
    },
    tol: 1e-12,
  },
  'inductor-emf': { values: { L: 0.2, rate: 50 }, expected: () => 0.2 * 50, tol: 1e-12 },
  // At 30° to B the orbit across B is the one at v sin 30°.
  'cyclotron-radius': {
    values: { m: me, v: 6e6, B: 0.01, q: e, θ: 30 },
    expected: () => orbitRadius(me, e, 3e6, 0.01),
    tol: 1e-4,
  },
  'cyclotron-frequency': {
    values: { q: e, B: 1, m: 1.67262192369e-27 },
    expected: () => 3e5 / orbitRadius(1.67262192369e-27, e, 3e5, 1),
    tol: 1e-4,
  },
  // The force that keeps the simulated orbit on its circle, m v²/r, of the velocity's part across B:
  // at 6 × 10⁶ m/s and 30° to B, the 3 × 10⁶ m/s orbit (along B the charge just drifts).
  'moving-charge-force': {
    values: { q: e, v: 6e6, B: 0.01, θ: 30 },
    expected: () => (me * 3e6 ** 2) / orbitRadius(me, e, 3e6, 0.01),
    tol: 1e-4,
  },
  // Once round the simulated orbit at its speed.
  'cyclotron-period': {
    values: { m: me, q: e, B: 0.01 },
    expected: () => (2 * Math.PI * orbitRadius(me, e, 3e6, 0.01)) / 3e6,
    tol: 1e-4,
  },
  // The time average of N dΦ/dt for a flux that grows unevenly, Φ = ΔΦ (t/Δt)², over Δt.
  'faraday-emf': {
    values: { N: 200, dΦ: 0.03, dt: 0.1 },
    expected: () => integrate((t) => (200 * 0.03 * 2 * t) / 0.1 ** 2, 0, 0.1) / 0.1,
    tol: 1e-9,
  },
  // The flux BA through 50 turns, B falling linearly by 0.3 T over 0.02 s: N dΦ/dt by a difference quotient.
  'faraday-emf-field': {
    values: { N: 50, A: 4e-3, rate: -15 },
    expected: () => Math.abs((50 * (4e-3 * (0.5 - 15 * 0.011)) - 50 * (4e-3 * (0.5 - 15 * 0.01))) / 0.001),
    tol: 1e-9,
  },
  'e-over-b': { values: { E: 300 }, expected: () => 300 * Math.sqrt(MU_0 * EPSILON_0), tol: 1e-9 },
  // In water (ε = n²ε₀, μ = μ₀) the wave moves at 1/√(με) and covers one wavelength per period.
  wavelength: {
    values: { f: 1e8, n: 1.33 },
    expected: () => 1 / Math.sqrt(MU_0 * EPSILON_0 * 1.33 ** 2) / 1e8,
    tol: 1e-9,
  },
  // The Poynting vector's time average over a period, E₀ = 1000 V/m.
  'wave-intensity': {
    values: { E: 1000 },
    expected: () =>
      integrate((t) => (1000 * Math.cos(t)) ** 2 / (MU_0 * SPEED_OF_LIGHT), 0, 2 * Math.PI) / (2 * Math.PI),
    tol: 1e-9,
  },
  // The power spread over the spot's area, summed in rings of radius ρ: P / ∫ 2πρ dρ.
  'beam-intensity': {
    values: { P: 5e-3, r: 1e-3 },
    expected: () => 5e-3 / integrate((rho) => 2 * Math.PI * rho, 0, 1e-3),
    tol: 1e-6,
  },
  'beam-intensity-area': { values: { P: 5e-3, A: 1e-6 }, expected: () => 5e-3 / 1e-6, tol: 1e-12 },
  // The amplitude whose period-averaged Poynting flux is the power over the area, 5 mW on 1 mm².
  'beam-peak-field': {
    values: { P: 5e-3, A: 1e-6 },
    expected: () =>
      Math.sqrt(
        5e-3 /
          1e-6 /
          (integrate((t) => Math.cos(t) ** 2 / (MU_0 * SPEED_OF_LIGHT), 0, 2 * Math.PI) / (2 * Math.PI)),
      ),
    tol: 1e-9,
  },
  // The amplitude whose period-averaged Poynting flux is 1000 W/m² (the flux grows as E₀²).
  'wave-amplitude': {
    values: { I: 1000 },
    expected: () =>
      Math.sqrt(
        1000 / (integrate((t) => Math.cos(t) ** 2 / (MU_0 * SPEED_OF_LIGHT), 0, 2 * Math.PI) / (2 * Math.PI)),
      ),
    tol: 1e-9,
  },
  'radiation-pressure': { values: { I: 1360 }, expected: () => 1360 / SPEED_OF_LIGHT, tol: 1e-12 },
  // Malus: the field's component along the axis, squared.
  malus: { values: { I0: 100, θ: 60 }, expected: () => 100 * Math.cos(Math.PI / 3) ** 2, tol: 1e-12 },
  'speed-in-medium': { values: { n: 1.5 }, expected: () => SPEED_OF_LIGHT / 1.5, tol: 1e-12 },
  // The CFL limit cΔt = Δ/√D, in 3D on a 1 mm grid.
  courant: { values: { Δ: 1e-3, D: 3 }, expected: () => 1e-3 / (SPEED_OF_LIGHT * Math.sqrt(3)), tol: 1e-12 },
  // In one step the wave covers S of a cell: cΔt = SΔ.
  'courant-step': { values: { S: 0.5, Δ: 1e-3 }, expected: () => (0.5 * 1e-3) / SPEED_OF_LIGHT, tol: 1e-12 },
  // Snell from the Fresnel solver's sin θt.
  snell: {
    values: { n1: 1, n2: 1.33, θ: 30 },
    expected: () => (Math.asin(fresnelCoefficients(1, 1.33, Math.PI / 6).sinT) * 180) / Math.PI,
    tol: 1e-12,
  },
  // The critical angle: where the Fresnel solver's sin θt reaches 1.
  'critical-angle': {
    values: { n1: 1.5, n2: 1 },
    expected: () => {
      let [lo, hi] = [0, Math.PI / 2];
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (fresnelCoefficients(1.5, 1, mid).sinT < 1) lo = mid;
        else hi = mid;
      }
      return (lo * 180) / Math.PI;
    },
    tol: 1e-9,
  },
  // Brewster's angle: where the Fresnel solver's r_p vanishes.
  brewster: {
    values: { n1: 1, n2: 1.5 },
    expected: () => {
      let [lo, hi] = [0, Math.PI / 2];
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (fresnelCoefficients(1, 1.5, mid).rp[0] > 0) lo = mid;
        else hi = mid;
      }
      return (lo * 180) / Math.PI;
    },
    tol: 1e-9,
  },
  's-reflectance': {
    values: { n1: 1, n2: 1.5, θ: 60 },
    expected: () => fresnelCoefficients(1, 1.5, Math.PI / 3).Rs,
    tol: 1e-12,
  },
  'normal-reflectance': {
    values: { n1: 1, n2: 1.33 },
    expected: () => fresnelCoefficients(1, 1.33, 0).Rs,
    tol: 1e-12,
  },
};
