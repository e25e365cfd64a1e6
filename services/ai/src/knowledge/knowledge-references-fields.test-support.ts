import {
  EPSILON_0,
  fresnelCoefficients,
  loopBz,
  MU_0,
  SPEED_OF_LIGHT,
  solenoidBz,
  wireField,
} from '@faraday/physics';
import { expect } from 'vitest';
import {
  biotSavartRingBz,
  core,
  e,
  integrate,
  me,
  orbitRadius,
  throughHole,
} from './knowledge-reference-methods.test-support.js';
import type { Reference } from './knowledge-references.test-support.js';

/** References of the magnetism, wave and optics results (knowledge-references.test-support.ts merges them). */
export const magnetismAndWaveReferences: Record<string, Reference> = {
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
  // Both wires' fields from packages/physics summed halfway between them, currents opposite and alike.
  'wires-midway-opposite': {
    values: { I1: 4, I2: 6, d: 0.1 },
    expected: () =>
      Math.abs(
        wireField(
          [
            { x: 0, y: 0, current: 4 },
            { x: 0.1, y: 0, current: -6 },
          ],
          0.05,
          0,
        ).by,
      ),
    tol: 1e-12,
  },
  'wires-midway-same': {
    values: { I1: 5, I2: 3, d: 0.06 },
    expected: () =>
      Math.abs(
        wireField(
          [
            { x: 0, y: 0, current: 5 },
            { x: 0.06, y: 0, current: 3 },
          ],
          0.03,
          0,
        ).by,
      ),
    tol: 1e-12,
  },
  // Biot–Savart summed along the four sides of a 10 cm square, each a/2 from its centre.
  'square-loop-centre': {
    values: { I: 2, a: 0.1, N: 1 },
    expected: () =>
      4 * integrate((x) => ((MU_0 / (4 * Math.PI)) * 2 * 0.05) / (x * x + 0.05 ** 2) ** 1.5, -0.05, 0.05),
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
  // A coax with radii: the current enclosed in each region, integrated over the uniform densities.
  'coax-inner-conductor': {
    values: { I: 6, a: 0.0015, b: 0.003, c: 0.004, s: 0.00075 },
    expected: () => {
      const J = 6 / (Math.PI * 0.0015 ** 2);
      return (MU_0 * integrate((x) => J * 2 * Math.PI * x, 0, 0.00075)) / (2 * Math.PI * 0.00075);
    },
    tol: 1e-6,
  },
  'coax-gap': {
    values: { I: 6, a: 0.0015, b: 0.003, c: 0.004, s: 0.002 },
    expected: () => wireField([{ x: 0, y: 0, current: 6 }], 0.002, 0).by,
    tol: 1e-12,
  },
  'coax-outer-conductor': {
    values: { I: 6, a: 0.0015, b: 0.003, c: 0.004, s: 0.0035 },
    expected: () => {
      const J = 6 / (Math.PI * (0.004 ** 2 - 0.003 ** 2));
      const back = integrate((x) => J * 2 * Math.PI * x, 0.003, 0.0035);
      return (MU_0 * (6 - back)) / (2 * Math.PI * 0.0035);
    },
    tol: 1e-6,
  },
  // Plates of radius 3 cm, 2 mm apart, at 5 MV/s: ε₀ dΦ_E/dt with Φ_E = (V/d)·πR² differentiated numerically,
  // and Ampère–Maxwell's B·2πr = μ₀ times the displacement current enclosed (all of it beyond the rim).
  'displacement-current-plates': {
    values: { R: 0.03, d: 0.002, rate: 5e6 },
    expected: () => (EPSILON_0 * ((5e6 * 1e-3) / 0.002 - 0) * Math.PI * 0.03 ** 2) / 1e-3,
    tol: 1e-9,
  },
  'displacement-current-field-rate': {
    values: { R: 0.05, rate: 2e12 },
    expected: () => (EPSILON_0 * (2e12 * 1e-6 * Math.PI * 0.05 ** 2)) / 1e-6,
    tol: 1e-9,
  },
  'capacitor-b-inside': {
    values: { r: 0.02, R: 0.03, d: 0.002, rate: 5e6 },
    expected: () => (MU_0 * EPSILON_0 * ((5e6 / 0.002) * Math.PI * 0.02 ** 2)) / (2 * Math.PI * 0.02),
    tol: 1e-9,
  },
  'capacitor-b-outside': {
    values: { r: 0.05, R: 0.03, d: 0.002, rate: 5e6 },
    expected: () => (MU_0 * EPSILON_0 * ((5e6 / 0.002) * Math.PI * 0.03 ** 2)) / (2 * Math.PI * 0.05),
    tol: 1e-9,
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
  // A rod 0.3 m long at 2 m/s closing a circuit in 0.5 T: the flux BLx it encloses, by a difference quotient.
  'motional-emf': {
    values: { B: 0.5, L: 0.3, v: 2 },
    expected: () => (0.5 * 0.3 * (0.1 + 2 * 0.011) - 0.5 * 0.3 * (0.1 + 2 * 0.01)) / 0.001,
    tol: 1e-9,
  },
  // A rod on rails: Ohm's law round the loop, and the drag ILB of that current (dissipated power / v).
  'rail-rod-current': {
    values: { B: 0.6, L: 0.3, v: 2.5, R: 1.5 },
    expected: () => (0.6 * 0.3 * 2.5) / 1.5,
    tol: 1e-12,
  },
  'rail-rod-force': {
    values: { B: 0.6, L: 0.3, v: 2.5, R: 1.5 },
    expected: () => (0.6 * 0.3 * 2.5) ** 2 / 1.5 / 2.5,
    tol: 1e-12,
  },
  // 100 turns of 0.01 m² at 50 rev/s in 0.2 T: the largest |dΦ/dt| of NBA cos 2πft over a period, sampled.
  'generator-emf': {
    values: { N: 100, B: 0.2, A: 0.01, f: 50 },
    expected: () => {
      const flux = (t: number) => 100 * 0.2 * 0.01 * Math.cos(2 * Math.PI * 50 * t);
      let peak = 0;
      for (let i = 0; i <= 4000; i++) {
        const t = (i / 4000) * 0.02;
        peak = Math.max(peak, Math.abs((flux(t + 1e-9) - flux(t - 1e-9)) / 2e-9));
      }
      return peak;
    },
    tol: 1e-4,
  },
  // Plates of 0.01 m² whose field grows at 2e13 V/(m·s): the rate their charge ε₀AE grows at.
  'displacement-current-size': {
    values: { rate: 2e11 },
    expected: () => (EPSILON_0 * 0.01 * (2e13 * 0.011) - EPSILON_0 * 0.01 * (2e13 * 0.01)) / 0.001,
    tol: 1e-9,
  },
  // B₀ = E₀/v with v = 1/√(μ₀ε₀εᵣ), εᵣ = n² = 2.25.
  'e-over-b': {
    values: { E: 300, n: 1.5 },
    expected: () => 300 * Math.sqrt(MU_0 * EPSILON_0 * 2.25),
    tol: 1e-9,
  },
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
