import { COULOMB_K, coulombField, MU_0, wireField } from '@faraday/physics';
import { KnowledgeBase } from './knowledge-base.js';

/** The course knowledge whose results the references check, and its constants. */
export const kb = KnowledgeBase.load();
export const { e, me } = kb.constants as { e: number; me: number };

// Independent ways of working out what course results must give: sums, integrals, followed orbits.

/** Midpoint-rule integral of f over [a, b] in n steps. */
export function integrate(f: (x: number) => number, a: number, b: number, n = 20_000): number {
  const h = (b - a) / n;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += f(a + (i + 0.5) * h);
  return sum * h;
}

/** Biot–Savart: B_z at (0, 0, z) of a ring of radius R in the plane z = 0, summed over n elements. */
export function biotSavartRingBz(R: number, I: number, z: number, n = 4000): number {
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
export const core = { N: 200, I: 2, a: 0.06, b: 0.1 };
export const throughHole = (s: number) => wireField([{ x: 0, y: 0, current: 400 }], s, 0).by;

/** A charged particle's circle in B along z, followed with small Boris steps: its radius. */
export function orbitRadius(m: number, q: number, v: number, B: number): number {
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
export function shellField(Q: number, R: number, r: number): number {
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
 * A ring of charge Q and radius R seen from (0, z) on its axis: every charge element is √(R² + z²)
 * away and opposite pairs give the same axial field, so two halves of Q at (±R, 0) stand for it.
 */
export function ringAsTwoHalves(Q: number, R: number, z: number) {
  return coulombField(
    [
      { x: -R, y: 0, q: Q / 2 },
      { x: R, y: 0, q: Q / 2 },
    ],
    0,
    z,
  );
}
