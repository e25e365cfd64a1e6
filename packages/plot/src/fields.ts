/**
 * Fields computed for display only, when a solver's output carries numbers but no map (gauss_flux,
 * ampere_loop, the solenoid cross-section). They are the physics package's closed forms evaluated
 * on a modest grid; the solver's own numbers (flux, circulation, profiles) are always drawn as given.
 */
import {
  coulombField,
  type LineCurrent,
  loopField,
  signedCurrent,
  turnPositions,
  wireVectorPotential as vectorPotentialAt,
  wireField,
} from '@faraday/physics';
import { gridFrom } from './grid.js';
import type { Domain, Grid2D, PointCharge, Wire } from './types.js';

export interface VectorGrids {
  u: Grid2D;
  v: Grid2D;
  magnitude: Grid2D;
}

/** The wires as their field needs them: position and current along +z. */
export function lineCurrents(wires: readonly Wire[]): LineCurrent[] {
  return wires.map((w) => ({ x: w.x, y: w.y, current: signedCurrent(w) }));
}

/** E of point charges in their own plane (the 3-D Coulomb field, z = 0), softened within a cell. */
export function coulombGrids(charges: PointCharge[], ext: Domain, n: number): VectorGrids {
  const soft2 = ((ext.x_max - ext.x_min) / n) ** 2;
  const u = gridFrom(ext, n, n, (x, y) => coulombField(charges, x, y, soft2).ex);
  const v = gridFrom(ext, n, n, (x, y) => coulombField(charges, x, y, soft2).ey);
  const magnitude = { nx: n, ny: n, data: u.data.map((a, i) => Math.hypot(a, v.data[i]!)) };
  return { u, v, magnitude };
}

/** B = μ0 I/(2π r) φ̂ of infinite wires along z. */
export function wireGrids(wires: Wire[], ext: Domain, n: number): VectorGrids {
  const currents = lineCurrents(wires);
  const u = gridFrom(ext, n, n, (x, y) => wireField(currents, x, y).bx);
  const v = gridFrom(ext, n, n, (x, y) => wireField(currents, x, y).by);
  const magnitude = { nx: n, ny: n, data: u.data.map((a, i) => Math.hypot(a, v.data[i]!)) };
  return { u, v, magnitude };
}

/** A_z of the wires, finite within a quarter cell of each: B field lines are its level lines. */
export function wireVectorPotential(wires: Wire[], ext: Domain, n: number): Grid2D {
  const floor = ((ext.x_max - ext.x_min) / n) * 0.25;
  const currents = lineCurrents(wires);
  return gridFrom(ext, n, n, (x, y) => vectorPotentialAt(currents, x, y, floor));
}

/** A finite solenoid as evenly spaced loops (at most 80; the current is scaled to keep n·I). */
export function solenoidLoops(nTurns: number, length: number): { z: Float64Array; scale: number } {
  const n = Math.max(1, Math.min(80, Math.round(nTurns)));
  return { z: turnPositions(n, length), scale: nTurns / n };
}

export function solenoidFieldAt(
  radius: number,
  loops: { z: Float64Array; scale: number },
  current: number,
  rho: number,
  z: number,
): { bz: number; br: number; psi: number } {
  let bz = 0;
  let br = 0;
  let psi = 0;
  for (const z0 of loops.z) {
    const f = loopField(radius, current * loops.scale, rho, z - z0);
    bz += f.bz;
    br += f.br;
    psi += f.psi;
  }
  return { bz, br, psi };
}
