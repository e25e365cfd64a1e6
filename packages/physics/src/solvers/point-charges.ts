/**
 * point_charges — the electric field and potential of point charges in the plane z = 0.
 *
 * Physics. By superposition, a set of charges q_i (C) at r_i gives
 *   V(r) = Σ k q_i / |r − r_i|            (volts, zero at infinity)
 *   E(r) = Σ k q_i (r − r_i) / |r − r_i|³  (V/m),   k = 1/(4π ε0) = 8.9875517923e9 N·m²/C².
 * Both are evaluated in the plane of the charges; this is the 3-D Coulomb field, not a 2-D
 * (logarithmic) one.
 *
 * Exact at every node. The grid values are the exact superposition above. A node that coincides
 * with a charge (closer than 1e-9 of a cell) carries the field and potential of the other charges
 * only, and is listed in metadata.singular_nodes as [row, col]; figures mask those nodes.
 * The node coordinates come back as `x` (columns, x_min → x_max) and `y` (rows, y_max → y_min:
 * row 0 is the top edge, y_max).
 *
 * Field lines. Integrated with the adaptive Dormand–Prince 5(4) method
 * (`numerics/integrators.ts`) along the unit vector of the exact, unsoftened field, from seeds on a
 * small circle around each charge, their number proportional to |q| (16 at the largest |q|, at
 * least 4 per charge). Lines from positive charges run along E; lines from negative charges are
 * traced against E and kept only if they do not end on a positive charge (that line was already
 * traced from the positive end). Every line is returned pointing along E, and ends on a charge,
 * at the edge of the domain or after a length of 2·(width + height). This gives correct pictures
 * for all-positive, all-negative and mixed sets.
 *
 * Equipotentials. Marching squares on the potential grid (`numerics/contours.ts`) at levels
 * spread logarithmically in |V| on each side of zero, plus V = 0 when both signs occur.
 */
import { COULOMB_K } from '../constants.js';
import { levelLines, symmetricLogLevels } from '../numerics/contours.js';
import { createGrid, type Domain, type Grid2D, gridAxes, maskNodes, maxOf } from '../numerics/grid.js';
import { traceCurve } from '../numerics/integrators.js';
import type { PointCharge } from '../point-fields.js';
import { type PointChargesInput, pointChargesSchema } from '../schemas/point-charges.js';
import { parseInput, secondsSince } from '../validation.js';

export interface Polyline {
  x: Float64Array;
  y: Float64Array;
}

export interface PointChargesOutput {
  /** V/m on grid_size × grid_size points, row 0 = y_max. */
  electric_field: { Ex: Grid2D; Ey: Grid2D; magnitude: Grid2D };
  /** Volts, same grid. */
  potential: Grid2D;
  /** Polylines in metres, each pointing along E. */
  field_lines: Polyline[];
  /** Polylines in metres with their potential in volts. */
  equipotentials: Array<{ level: number; x: Float64Array; y: Float64Array }>;
  metadata: {
    /** C. */
    total_charge: number;
    /** Largest |E| on the grid, V/m. */
    max_field_strength: number;
    /** Seconds. */
    computation_time: number;
    /** [row, col] of nodes that coincide with a charge (that charge is left out there). */
    singular_nodes: Array<[number, number]>;
  };
  /** Node coordinates, m: x per column (x_min → x_max), y per row (row 0 = y_max). */
  x: Float64Array;
  y: Float64Array;
}

export function solvePointCharges(input: PointChargesInput): PointChargesOutput {
  const start = performance.now();
  const p = parseInput(pointChargesSchema, input, 'point_charges');
  const domain: Domain = { x_min: p.x_min, x_max: p.x_max, y_min: p.y_min, y_max: p.y_max };
  const n = p.grid_size;
  const { x, y } = gridAxes(domain, n, n);
  const cell = Math.min((p.x_max - p.x_min) / (n - 1), (p.y_max - p.y_min) / (n - 1));

  const fields = coulombGrid(p.charges, x, y, cell);
  const maxField = maxOf(fields.magnitude.data);

  const equipotentials = p.show_equipotentials
    ? contourLines(maskNodes(fields.potential, fields.singular), domain)
    : [];
  const field_lines = p.show_field_lines ? traceFieldLines(p.charges, domain) : [];

  return {
    electric_field: { Ex: fields.Ex, Ey: fields.Ey, magnitude: fields.magnitude },
    potential: fields.potential,
    field_lines,
    equipotentials,
    metadata: {
      total_charge: p.charges.reduce((sum, c) => sum + c.q, 0),
      max_field_strength: maxField,
      computation_time: secondsSince(start),
      singular_nodes: fields.singular,
    },
    x,
    y,
  };
}

function contourLines(potential: Grid2D, domain: Domain) {
  return levelLines(potential, domain, symmetricLogLevels(potential.data));
}

/** A node closer to a source than this fraction of a cell is taken to lie on it. */
export const SINGULAR_FRACTION = 1e-9;

/**
 * The exact Coulomb potential and field on the grid x (columns) × y (rows); a node on a charge
 * leaves that charge out and is reported in `singular` as [row, col].
 */
export function coulombGrid(
  charges: readonly PointCharge[],
  x: Float64Array,
  y: Float64Array,
  cell: number,
): { potential: Grid2D; Ex: Grid2D; Ey: Grid2D; magnitude: Grid2D; singular: Array<[number, number]> } {
  const nx = x.length;
  const ny = y.length;
  const potential = createGrid(nx, ny);
  const Ex = createGrid(nx, ny);
  const Ey = createGrid(nx, ny);
  const magnitude = createGrid(nx, ny);
  const singular: Array<[number, number]> = [];
  const nc = charges.length;
  const cx = Float64Array.from(charges, (c) => c.x);
  const cy = Float64Array.from(charges, (c) => c.y);
  const kq = Float64Array.from(charges, (c) => COULOMB_K * c.q);
  const onCharge = (SINGULAR_FRACTION * cell) ** 2;
  for (let i = 0; i < ny; i++) {
    const yi = y[i]!;
    const row = i * nx;
    for (let j = 0; j < nx; j++) {
      const xj = x[j]!;
      let v = 0;
      let ex = 0;
      let ey = 0;
      let hit = false;
      for (let c = 0; c < nc; c++) {
        const dx = xj - cx[c]!;
        const dy = yi - cy[c]!;
        const r2 = dx * dx + dy * dy;
        if (r2 <= onCharge) {
          hit = true;
          continue;
        }
        const inv = 1 / Math.sqrt(r2);
        const s = kq[c]! * inv;
        const s3 = s * inv * inv;
        v += s;
        ex += s3 * dx;
        ey += s3 * dy;
      }
      if (hit) singular.push([i, j]);
      potential.data[row + j] = v;
      Ex.data[row + j] = ex;
      Ey.data[row + j] = ey;
      magnitude.data[row + j] = Math.sqrt(ex * ex + ey * ey);
    }
  }
  return { potential, Ex, Ey, magnitude, singular };
}

/** Lines at the largest |q|; others get proportionally fewer, but at least MIN_LINES. */
const LINES_AT_MAX_CHARGE = 16;
const MIN_LINES = 4;

/** Field lines of a charge set over a domain, as described in the module comment. */
export function traceFieldLines(charges: readonly PointCharge[], domain: Domain): Polyline[] {
  const width = domain.x_max - domain.x_min;
  const height = domain.y_max - domain.y_min;
  const size = Math.max(width, height);
  const active = charges.filter((c) => c.q !== 0);
  const qMax = Math.max(0, ...active.map((c) => Math.abs(c.q)));
  if (active.length === 0) return [];
  const nc = active.length;
  const cx = Float64Array.from(active, (c) => c.x);
  const cy = Float64Array.from(active, (c) => c.y);
  const cq = Float64Array.from(active, (c) => c.q);
  // Seed/capture radius: small against the domain and against the gap to the nearest charge.
  const radius = active.map((c, i) => {
    let nearest = Number.POSITIVE_INFINITY;
    active.forEach((o, j) => {
      if (j !== i) nearest = Math.min(nearest, Math.hypot(o.x - c.x, o.y - c.y));
    });
    return Math.min(0.02 * size, 0.25 * nearest);
  });

  let sign = 1;
  // k and the 1/|E| normalisation cancel in the unit vector, so only q/r³ is summed.
  const direction = (px: number, py: number, out: Float64Array): boolean => {
    let ex = 0;
    let ey = 0;
    for (let c = 0; c < nc; c++) {
      const dx = px - cx[c]!;
      const dy = py - cy[c]!;
      const r2 = dx * dx + dy * dy;
      const s = cq[c]! / (r2 * Math.sqrt(r2));
      ex += s * dx;
      ey += s * dy;
    }
    const norm = Math.sqrt(ex * ex + ey * ey);
    if (!(norm > 0) || !Number.isFinite(norm)) return false;
    out[0] = (sign * ex) / norm;
    out[1] = (sign * ey) / norm;
    return true;
  };
  let captured = -1;
  const stop = (px: number, py: number) => {
    for (let c = 0; c < nc; c++) {
      const dx = px - cx[c]!;
      const dy = py - cy[c]!;
      const r = radius[c]!;
      if (dx * dx + dy * dy < r * r) {
        captured = c;
        return { x: cx[c]!, y: cy[c]! };
      }
    }
    return null;
  };
  const options = {
    maxStep: size / 100,
    minStep: size * 1e-9,
    tolerance: size * 1e-5,
    maxLength: 2 * (width + height),
    maxSteps: 2000,
    domain,
    stop,
  };

  const lines: Polyline[] = [];
  active.forEach((charge, i) => {
    // A charge outside the plot has no visible start; two charges on one spot act as one.
    if (!inside(charge, domain) || !(radius[i]! > 0)) return;
    const count = Math.max(MIN_LINES, Math.round((LINES_AT_MAX_CHARGE * Math.abs(charge.q)) / qMax));
    sign = charge.q > 0 ? 1 : -1;
    for (let s = 0; s < count; s++) {
      const angle = (2 * Math.PI * (s + 0.5)) / count;
      const x0 = charge.x + radius[i]! * Math.cos(angle);
      const y0 = charge.y + radius[i]! * Math.sin(angle);
      captured = -1;
      const curve = traceCurve(direction, x0, y0, options);
      // Lines traced backwards from a negative charge that reach a positive one are duplicates.
      if (sign < 0 && curve.end === 'stopped' && captured >= 0 && cq[captured]! > 0) continue;
      const xs = [charge.x, ...curve.x];
      const ys = [charge.y, ...curve.y];
      if (sign < 0) {
        xs.reverse();
        ys.reverse();
      }
      lines.push({ x: Float64Array.from(xs), y: Float64Array.from(ys) });
    }
  });
  return lines;
}

function inside(c: PointCharge, d: Domain): boolean {
  return c.x >= d.x_min && c.x <= d.x_max && c.y >= d.y_min && c.y <= d.y_max;
}
