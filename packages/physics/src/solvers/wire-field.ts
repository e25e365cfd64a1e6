/**
 * wire_field — the magnetic field of infinitely long straight wires perpendicular to the page.
 *
 * Physics. A wire along z through (x_i, y_i) carrying current I_i (A; positive out of the page,
 * `direction` 'z', or into it with '-z') has, by Ampère's law, the azimuthal field
 *   B = μ0 I / (2π r) φ̂,   i.e.  (Bx, By) = μ0 I / (2π r²) · (−(y − y_i), x − x_i)   (tesla),
 * counter-clockwise seen from +z for positive I (right-hand rule). Fields add; Bz = 0.
 *
 * Vector potential. The same field is B = ∇ × (A_z ẑ) with
 *   A_z = −(μ0 I / 2π) ln r   (T·m, up to a constant),
 * so Bx = ∂A_z/∂y and By = −∂A_z/∂x, and B is tangent to the level lines of A_z: they ARE the
 * field lines, closed around the wires and never broken, which streamline integration cannot
 * promise. Equal steps in A_z enclose equal flux per unit length, so the density of the drawn
 * lines is proportional to |B|. They are found by marching squares on the A_z grid at evenly
 * spaced levels (`numerics/contours.ts`); lines crossing the plot edge end on it.
 *
 * Exact at every node. B on the grid is the exact superposition above. A node that coincides
 * with a wire (closer than 1e-9 of a cell) carries the field of the other wires only and is listed
 * in metadata.singular_nodes as [row, col]; figures mask those nodes, and so does the contouring
 * of A_z (infinite there). The node coordinates come back as `x` (columns, x_min → x_max) and `y`
 * (rows, row 0 = y_max).
 */
import type { z } from 'zod';
import { MU_0 } from '../constants.js';
import { levelLines, uniformLevels } from '../numerics/contours.js';
import { createGrid, type Domain, type Grid2D, gridAxes, maskNodes, maxOf } from '../numerics/grid.js';
import { type LineCurrent, signedCurrent } from '../point-fields.js';
import { type WireFieldInput, wireFieldSchema, type wireSchema } from '../schemas/wire-field.js';
import { parseInput, secondsSince } from '../validation.js';
import { type Polyline, SINGULAR_FRACTION } from './point-charges.js';

export interface WireFieldOutput {
  /** Tesla on grid_size × grid_size points, row 0 = y_max; Bz is identically zero. */
  magnetic_field: { Bx: Grid2D; By: Grid2D; Bz: Grid2D; magnitude: Grid2D };
  /** Level lines of A_z in metres; closed loops repeat their first point at the end. */
  field_lines: Polyline[];
  metadata: {
    /** Largest |B| on the grid, T. */
    max_field_strength: number;
    mu_0: number;
    /** Seconds. */
    computation_time: number;
    /** [row, col] of nodes that coincide with a wire (that wire is left out of B there). */
    singular_nodes: Array<[number, number]>;
  };
  /** Node coordinates, m: x per column (x_min → x_max), y per row (row 0 = y_max). */
  x: Float64Array;
  y: Float64Array;
}

/** Signed currents along +z. */
export function lineCurrents(wires: ReadonlyArray<z.output<typeof wireSchema>>): LineCurrent[] {
  return wires.map((w) => ({ x: w.x, y: w.y, current: signedCurrent(w) }));
}

export function solveWireField(input: WireFieldInput): WireFieldOutput {
  const start = performance.now();
  const p = parseInput(wireFieldSchema, input, 'wire_field');
  const domain: Domain = { x_min: p.x_min, x_max: p.x_max, y_min: p.y_min, y_max: p.y_max };
  const n = p.grid_size;
  const { x, y } = gridAxes(domain, n, n);
  const cell = Math.min((p.x_max - p.x_min) / (n - 1), (p.y_max - p.y_min) / (n - 1));
  const onWire = (SINGULAR_FRACTION * cell) ** 2;
  const singular: Array<[number, number]> = [];
  const wires = lineCurrents(p.wires);

  const Bx = createGrid(n, n);
  const By = createGrid(n, n);
  const magnitude = createGrid(n, n);
  const Az = p.show_field_lines ? createGrid(n, n) : null;
  const nw = wires.length;
  const wx = Float64Array.from(wires, (w) => w.x);
  const wy = Float64Array.from(wires, (w) => w.y);
  const c = Float64Array.from(wires, (w) => (MU_0 * w.current) / (2 * Math.PI));
  for (let i = 0; i < n; i++) {
    const row = i * n;
    for (let j = 0; j < n; j++) {
      let bx = 0;
      let by = 0;
      let a = 0;
      let hit = false;
      for (let w = 0; w < nw; w++) {
        const dx = x[j]! - wx[w]!;
        const dy = y[i]! - wy[w]!;
        const r2 = dx * dx + dy * dy;
        if (r2 <= onWire) {
          hit = true;
          continue;
        }
        const s = c[w]! / r2;
        bx -= s * dy;
        by += s * dx;
        if (Az) a -= 0.5 * c[w]! * Math.log(r2);
      }
      if (hit) singular.push([i, j]);
      Bx.data[row + j] = bx;
      By.data[row + j] = by;
      magnitude.data[row + j] = Math.sqrt(bx * bx + by * by);
      if (Az) Az.data[row + j] = a;
    }
  }

  // A_z is infinite on a wire: its node is masked, so no contour is drawn through it.
  const masked = Az ? maskNodes(Az, singular) : null;
  const field_lines = masked
    ? levelLines(masked, domain, uniformLevels(masked.data, 20)).map(({ x, y }) => ({ x, y }))
    : [];
  return {
    magnetic_field: { Bx, By, Bz: createGrid(n, n), magnitude },
    field_lines,
    metadata: {
      max_field_strength: maxOf(magnitude.data),
      mu_0: MU_0,
      computation_time: secondsSince(start),
      singular_nodes: singular,
    },
    x,
    y,
  };
}
