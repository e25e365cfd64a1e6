/**
 * Grids shared by the 2-D solvers.
 *
 * A `Grid2D` is a scalar field sampled on nx × ny points, stored row-major in one Float64Array:
 * `data[row * nx + col]`. Row 0 is the TOP edge of the domain (y = y_max) and column 0 the left
 * edge (x = x_min), so a grid reads like an image and like the wire's `potential[row][col]`.
 * Typed arrays keep a 100,000-point field in one 800 kB block instead of 100,000 boxed numbers.
 */
export interface Grid2D {
  nx: number;
  ny: number;
  data: Float64Array;
}

/** An axis-aligned rectangle in metres. */
export interface Domain {
  x_min: number;
  x_max: number;
  y_min: number;
  y_max: number;
}

let gridsShared = false;

/**
 * From now on, grids live in shared memory (a SharedArrayBuffer). The sim service's solver
 * workers call it at start: a grid a solver returns can then be handed to the service's thread
 * without a copy while the worker still reads it to draw the figure.
 */
export function shareGrids(): void {
  gridsShared = true;
}

export function createGrid(nx: number, ny: number): Grid2D {
  const n = nx * ny;
  const data = gridsShared ? new Float64Array(new SharedArrayBuffer(n * 8)) : new Float64Array(n);
  return { nx, ny, data };
}

/** n equally spaced values from a to b inclusive (n ≥ 2), or [a] when n = 1. */
export function linspace(a: number, b: number, n: number): Float64Array {
  const out = new Float64Array(n);
  if (n === 1) {
    out[0] = a;
    return out;
  }
  const step = (b - a) / (n - 1);
  for (let i = 0; i < n; i++) out[i] = a + i * step;
  // The last point is set exactly so that ranges end where the caller asked.
  out[n - 1] = b;
  return out;
}

/** Grid coordinates of a domain: x ascending by column, y DESCENDING by row (row 0 = y_max). */
export function gridAxes(domain: Domain, nx: number, ny: number): { x: Float64Array; y: Float64Array } {
  return { x: linspace(domain.x_min, domain.x_max, nx), y: linspace(domain.y_max, domain.y_min, ny) };
}

/** |E| node by node of two component grids of the same size. */
export function vectorMagnitude(a: Grid2D, b: Grid2D): Grid2D {
  const out = createGrid(a.nx, a.ny);
  for (let k = 0; k < out.data.length; k++) out.data[k] = Math.hypot(a.data[k]!, b.data[k]!);
  return out;
}

/** Largest value of a typed array (−Infinity when empty). */
export function maxOf(values: Float64Array): number {
  let m = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > m) m = v;
  }
  return m;
}

/**
 * E = −∇V of a potential grid with column spacing dx and row spacing dy (rows run DOWN, so the
 * row index grows as y falls). Central differences inside, second-order one-sided differences on
 * the edges: O(h²) everywhere, like the 5-point Laplacian that produced the potential.
 */
export function negativeGradient(potential: Grid2D, dx: number, dy: number): { Ex: Grid2D; Ey: Grid2D } {
  const { nx, ny, data: v } = potential;
  const Ex = createGrid(nx, ny);
  const Ey = createGrid(nx, ny);
  const ex = Ex.data;
  const ey = Ey.data;
  for (let i = 0; i < ny; i++) {
    const row = i * nx;
    for (let j = 0; j < nx; j++) {
      const k = row + j;
      let dvdx: number;
      if (nx < 3) dvdx = nx === 2 ? (v[row + 1]! - v[row]!) / dx : 0;
      else if (j === 0) dvdx = (-3 * v[k]! + 4 * v[k + 1]! - v[k + 2]!) / (2 * dx);
      else if (j === nx - 1) dvdx = (3 * v[k]! - 4 * v[k - 1]! + v[k - 2]!) / (2 * dx);
      else dvdx = (v[k + 1]! - v[k - 1]!) / (2 * dx);
      // ∂V/∂y with y decreasing down the rows: the row above is at +dy.
      let dvdy: number;
      if (ny < 3) dvdy = ny === 2 ? (v[j]! - v[nx + j]!) / dy : 0;
      else if (i === 0) dvdy = (3 * v[k]! - 4 * v[k + nx]! + v[k + 2 * nx]!) / (2 * dy);
      else if (i === ny - 1) dvdy = (-3 * v[k]! + 4 * v[k - nx]! - v[k - 2 * nx]!) / (2 * dy);
      else dvdy = (v[k - nx]! - v[k + nx]!) / (2 * dy);
      ex[k] = -dvdx;
      ey[k] = -dvdy;
    }
  }
  return { Ex, Ey };
}

/**
 * A copy of the grid with the given [row, col] nodes (a solver's metadata.singular_nodes: on a
 * charge or a wire, where that source is left out) set to NaN. Marching squares skips every cell
 * touching one, so no false contour is drawn, and the figures' colour maps and arrows treat NaN
 * as "no data" instead of a false dip. The one masking helper of solvers and figures; entries
 * that are not integer [row, col] pairs inside the grid (JSON from the wire) are ignored.
 */
export function maskNodes(
  grid: { nx: number; ny: number; data: ArrayLike<number> },
  nodes: ReadonlyArray<readonly [number, number]>,
): Grid2D {
  if (!Array.isArray(nodes) || nodes.length === 0) {
    return grid.data instanceof Float64Array
      ? (grid as Grid2D)
      : { ...grid, data: Float64Array.from(grid.data) };
  }
  const data = Float64Array.from(grid.data);
  for (const node of nodes) {
    const [row, col] = Array.isArray(node) ? node : [];
    if (
      Number.isInteger(row) &&
      Number.isInteger(col) &&
      row! >= 0 &&
      row! < grid.ny &&
      col! >= 0 &&
      col! < grid.nx
    ) {
      data[row! * grid.nx + col!] = Number.NaN;
    }
  }
  return { nx: grid.nx, ny: grid.ny, data };
}
