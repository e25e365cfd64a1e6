import { invalid } from './errors.js';
import type { Domain, Grid2D, GridLike } from './types.js';

function isGrid2D(g: GridLike): g is Grid2D {
  return typeof (g as Grid2D).nx === 'number' && typeof (g as Grid2D).ny === 'number' && 'data' in g;
}

/** Accepts a Grid2D or JSON rows (row 0 = top) and checks the shape, so drawing code can trust it. */
export function toGrid(g: GridLike | undefined, field: string): Grid2D {
  if (g === undefined || g === null) throw invalid(field, 'missing');
  if (isGrid2D(g)) {
    if (!(g.nx >= 1 && g.ny >= 1) || g.data.length < g.nx * g.ny) {
      throw invalid(field, `grid ${g.nx}×${g.ny} needs ${g.nx * g.ny} values, got ${g.data.length}`);
    }
    return g;
  }
  const ny = g.length;
  const nx = ny > 0 ? (g[0]?.length ?? 0) : 0;
  if (ny === 0 || nx === 0) throw invalid(field, 'empty grid');
  const data = new Float64Array(nx * ny);
  for (let i = 0; i < ny; i++) {
    const row = g[i]!;
    if (row.length !== nx) throw invalid(field, `row ${i} has ${row.length} values, row 0 has ${nx}`);
    for (let j = 0; j < nx; j++) data[i * nx + j] = Number(row[j]);
  }
  return { nx, ny, data };
}

export function mapGrid(g: Grid2D, f: (v: number, i: number) => number): Grid2D {
  const data = new Float64Array(g.nx * g.ny);
  for (let i = 0; i < data.length; i++) data[i] = f(g.data[i]!, i);
  return { nx: g.nx, ny: g.ny, data };
}

/** Bilinear value at a physical point; undefined outside the grid or next to a non-finite node. */
export function sampleGrid(g: Grid2D, ext: Domain, x: number, y: number): number | undefined {
  const fx = g.nx > 1 ? ((x - ext.x_min) / (ext.x_max - ext.x_min)) * (g.nx - 1) : 0;
  const fy = g.ny > 1 ? ((ext.y_max - y) / (ext.y_max - ext.y_min)) * (g.ny - 1) : 0;
  if (!(fx >= 0 && fx <= g.nx - 1 && fy >= 0 && fy <= g.ny - 1)) return undefined;
  const j = Math.min(Math.floor(fx), Math.max(0, g.nx - 2));
  const i = Math.min(Math.floor(fy), Math.max(0, g.ny - 2));
  const j1 = Math.min(j + 1, g.nx - 1);
  const i1 = Math.min(i + 1, g.ny - 1);
  const tx = fx - j;
  const ty = fy - i;
  const d = g.data;
  const v =
    (d[i * g.nx + j]! * (1 - tx) + d[i * g.nx + j1]! * tx) * (1 - ty) +
    (d[i1 * g.nx + j]! * (1 - tx) + d[i1 * g.nx + j1]! * tx) * ty;
  return Number.isFinite(v) ? v : undefined;
}

/** A regular grid over `ext` filled by f(x, y), row 0 at y_max. */
export function gridFrom(
  ext: Domain,
  nx: number,
  ny: number,
  f: (x: number, y: number) => number,
): Grid2D & { data: Float64Array } {
  const data = new Float64Array(nx * ny);
  for (let i = 0; i < ny; i++) {
    const y = ny > 1 ? ext.y_max - (i * (ext.y_max - ext.y_min)) / (ny - 1) : (ext.y_min + ext.y_max) / 2;
    for (let j = 0; j < nx; j++) {
      const x = nx > 1 ? ext.x_min + (j * (ext.x_max - ext.x_min)) / (nx - 1) : (ext.x_min + ext.x_max) / 2;
      data[i * nx + j] = f(x, y);
    }
  }
  return { nx, ny, data };
}

export function checkDomain(d: Partial<Domain>, field: string): Domain {
  const { x_min, x_max, y_min, y_max } = d;
  for (const [k, v] of Object.entries({ x_min, x_max, y_min, y_max })) {
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw invalid(`${field}.${k}`, 'must be a finite number');
  }
  if (!(x_max! > x_min!)) throw invalid(`${field}.x_max`, 'must be greater than x_min');
  if (!(y_max! > y_min!)) throw invalid(`${field}.y_max`, 'must be greater than y_min');
  return { x_min: x_min!, x_max: x_max!, y_min: y_min!, y_max: y_max! };
}
