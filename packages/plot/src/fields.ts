/**
 * Fields computed for display only, when a solver's output carries numbers but no map (gauss_flux,
 * ampere_loop, the solenoid cross-section). They are the textbook closed forms, evaluated on a modest
 * grid; the solver's own numbers (flux, circulation, profiles) are always drawn as given.
 */
import { gridFrom } from './grid.js';
import type { Domain, Grid2D, PointCharge, Wire } from './types.js';

export const K_COULOMB = 8.9875517923e9;
export const MU_0 = 1.25663706212e-6;

export interface VectorGrids {
  u: Grid2D;
  v: Grid2D;
  magnitude: Grid2D;
}

/** E of point charges in their own plane (the 3-D Coulomb field, z = 0), softened within `soft`. */
export function coulombGrids(charges: PointCharge[], ext: Domain, n: number): VectorGrids {
  const soft2 = ((ext.x_max - ext.x_min) / n) ** 2;
  const ex = (x: number, y: number, comp: 0 | 1) => {
    let s = 0;
    for (const c of charges) {
      const dx = x - c.x;
      const dy = y - c.y;
      const r2 = dx * dx + dy * dy + soft2;
      s += (K_COULOMB * c.q * (comp === 0 ? dx : dy)) / (r2 * Math.sqrt(r2));
    }
    return s;
  };
  const u = gridFrom(ext, n, n, (x, y) => ex(x, y, 0));
  const v = gridFrom(ext, n, n, (x, y) => ex(x, y, 1));
  const magnitude = { nx: n, ny: n, data: u.data.map((a, i) => Math.hypot(a, v.data[i]!)) };
  return { u, v, magnitude };
}

function signedCurrent(w: Wire): number {
  return w.direction === '-z' ? -w.current : w.current;
}

/** B = μ0 I/(2π r) φ̂ summed over infinite wires along z. */
export function wireB(wires: Wire[], x: number, y: number): [number, number] {
  let bx = 0;
  let by = 0;
  for (const w of wires) {
    const dx = x - w.x;
    const dy = y - w.y;
    const r2 = dx * dx + dy * dy;
    if (r2 === 0) continue;
    const k = (MU_0 * signedCurrent(w)) / (2 * Math.PI * r2);
    bx -= k * dy;
    by += k * dx;
  }
  return [bx, by];
}

export function wireGrids(wires: Wire[], ext: Domain, n: number): VectorGrids {
  const u = gridFrom(ext, n, n, (x, y) => wireB(wires, x, y)[0]);
  const v = gridFrom(ext, n, n, (x, y) => wireB(wires, x, y)[1]);
  const magnitude = { nx: n, ny: n, data: u.data.map((a, i) => Math.hypot(a, v.data[i]!)) };
  return { u, v, magnitude };
}

/** A_z = −μ0 I/(2π) ln r: B field lines are its level lines, closed around the wires. */
export function wireVectorPotential(wires: Wire[], ext: Domain, n: number): Grid2D {
  const floor = ((ext.x_max - ext.x_min) / n) * 0.25;
  return gridFrom(ext, n, n, (x, y) => {
    let a = 0;
    for (const w of wires)
      a -=
        ((MU_0 * signedCurrent(w)) / (2 * Math.PI)) * Math.log(Math.max(floor, Math.hypot(x - w.x, y - w.y)));
    return a;
  });
}

/** Complete elliptic integrals K(m), E(m) (parameter m = k²) by the arithmetic-geometric mean. */
export function ellipticKE(m: number): [number, number] {
  let a = 1;
  let b = Math.sqrt(Math.max(0, 1 - m));
  let sum = m / 2;
  let pow = 0.5;
  for (let i = 0; i < 30; i++) {
    const c = (a - b) / 2;
    const an = (a + b) / 2;
    b = Math.sqrt(a * b);
    a = an;
    pow *= 2;
    sum += pow * c * c;
    if (Math.abs(c) < 1e-15) break;
  }
  const K = Math.PI / (2 * a);
  return [K, K * (1 - sum)];
}

/**
 * One circular loop (radius a at z0, current I): B_z, B_ρ (Simpson et al., NASA 2001, eqs. 12-13) and
 * the flux function ψ = ρ A_φ, whose level lines are the field lines in the (z, ρ) half plane.
 */
export function loopField(
  a: number,
  z0: number,
  I: number,
  rho: number,
  z: number,
): { bz: number; br: number; psi: number } {
  const zeta = z - z0;
  const s = a * a + rho * rho + zeta * zeta;
  const alpha2 = Math.max(1e-30, s - 2 * a * rho);
  const beta2 = s + 2 * a * rho;
  const beta = Math.sqrt(beta2);
  const m = Math.min(1 - 1e-12, 1 - alpha2 / beta2);
  const [K, E] = ellipticKE(m);
  const C = (MU_0 * I) / Math.PI;
  const bz = (C / (2 * alpha2 * beta)) * ((a * a - rho * rho - zeta * zeta) * E + alpha2 * K);
  const br = rho > 1e-12 * a ? ((C * zeta) / (2 * alpha2 * beta * rho)) * (s * E - alpha2 * K) : 0;
  const psi = ((MU_0 * I * beta) / (2 * Math.PI)) * ((1 - m / 2) * K - E);
  return { bz, br, psi };
}

/** A finite solenoid as evenly spaced loops (at most 80; the current is scaled to keep n·I). */
export function solenoidLoops(nTurns: number, length: number): { z: number[]; scale: number } {
  const n = Math.max(1, Math.min(80, Math.round(nTurns)));
  const z = Array.from({ length: n }, (_, i) => (n === 1 ? 0 : -length / 2 + (i + 0.5) * (length / n)));
  return { z, scale: nTurns / n };
}

export function solenoidFieldAt(
  radius: number,
  loops: { z: number[]; scale: number },
  current: number,
  rho: number,
  z: number,
): { bz: number; br: number; psi: number } {
  let bz = 0;
  let br = 0;
  let psi = 0;
  for (const z0 of loops.z) {
    const f = loopField(radius, z0, current * loops.scale, rho, z);
    bz += f.bz;
    br += f.br;
    psi += f.psi;
  }
  return { bz, br, psi };
}
