/**
 * Level lines of a gridded scalar field by marching squares, returned as polylines in physical
 * coordinates: closed loops (first point repeated at the end) and open lines that end exactly on
 * the domain edge.
 *
 * Why not d3-contour: it returns filled polygons, closed along the grid border, and walks the
 * whole grid once per level (22 ms for 17 levels on 316 × 316 here). Field and equipotential
 * lines are curves, not regions, and this single pass visits each cell once for all levels: the
 * cell's corner range selects the levels that cross it by binary search (about 2 ms).
 *
 * Within a cell the crossing on each edge is found by linear interpolation, so a line is accurate
 * to O(h²) in position for a smooth field. A saddle cell (two diagonally opposite corners above
 * the level, two below) is resolved by the mean of the four corners, the bilinear interpolant's
 * value at the centre.
 */
import type { Domain, Grid2D } from './grid.js';

export interface LevelLine {
  level: number;
  x: Float64Array;
  y: Float64Array;
}

/**
 * Every level line of `grid` (row 0 = top, see Grid2D) over `domain` for each value in `levels`.
 * Lines are grouped by level in the order of `levels`.
 */
export function levelLines(grid: Grid2D, domain: Domain, levels: readonly number[]): LevelLine[] {
  const { nx, ny, data: v } = grid;
  const sorted = [...new Set(levels.filter(Number.isFinite))].sort((a, b) => a - b);
  if (nx < 2 || ny < 2 || sorted.length === 0) return [];
  // Per level: segments as pairs of edge ids. Edge ids: 2·node for the edge to the right of a
  // node, 2·node + 1 for the edge below it.
  const segments: number[][] = sorted.map(() => []);

  for (let i = 0; i < ny - 1; i++) {
    for (let j = 0; j < nx - 1; j++) {
      const tl = i * nx + j;
      const a = v[tl]!;
      const b = v[tl + 1]!;
      const c = v[tl + nx + 1]!;
      const d = v[tl + nx]!;
      const lo = Math.min(a, b, c, d);
      const hi = Math.max(a, b, c, d);
      // A level crosses the cell when lo < level ≤ hi ("above" means ≥ level).
      for (let l = firstAbove(sorted, lo); l < sorted.length && sorted[l]! <= hi; l++) {
        cellSegments(sorted[l]!, a, b, c, d, tl, nx, segments[l]!);
      }
    }
  }

  const dx = (domain.x_max - domain.x_min) / (nx - 1);
  const dy = (domain.y_max - domain.y_min) / (ny - 1);
  const lines: LevelLine[] = [];
  for (const level of levels) {
    const l = sorted.indexOf(level);
    if (l < 0) continue;
    for (const chain of joinSegments(segments[l]!)) {
      const x = new Float64Array(chain.length);
      const y = new Float64Array(chain.length);
      for (let m = 0; m < chain.length; m++) {
        const [col, row] = crossing(chain[m]!, level, v, nx);
        x[m] = domain.x_min + col * dx;
        y[m] = domain.y_max - row * dy;
      }
      lines.push({ level, x, y });
    }
    segments[l] = [];
  }
  return lines;
}

/** Index of the first sorted value strictly greater than `value`. */
function firstAbove(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Appends the one or two segments of a cell with top-left node `tl` (corners a b / d c). */
function cellSegments(
  level: number,
  a: number,
  b: number,
  c: number,
  d: number,
  tl: number,
  nx: number,
  out: number[],
) {
  const top = 2 * tl;
  const left = 2 * tl + 1;
  const right = 2 * (tl + 1) + 1;
  const bottom = 2 * (tl + nx);
  const A = a >= level;
  const B = b >= level;
  const C = c >= level;
  const D = d >= level;
  const edges: number[] = [];
  if (A !== B) edges.push(top);
  if (B !== C) edges.push(right);
  if (C !== D) edges.push(bottom);
  if (D !== A) edges.push(left);
  if (edges.length === 2) {
    out.push(edges[0]!, edges[1]!);
  } else if (edges.length === 4) {
    // Saddle: if the centre sides with a and c, the lines cut off corners b and d; else a and c.
    const centreAbove = (a + b + c + d) / 4 >= level;
    if (centreAbove === A) out.push(top, right, bottom, left);
    else out.push(left, top, right, bottom);
  }
}

/** Position (column, row), fractional, where the level crosses an edge. */
function crossing(edge: number, level: number, v: Float64Array, nx: number): [number, number] {
  const node = edge >> 1;
  const row = Math.floor(node / nx);
  const col = node - row * nx;
  const other = edge & 1 ? node + nx : node + 1;
  const v0 = v[node]!;
  const v1 = v[other]!;
  const t = v1 === v0 ? 0.5 : (level - v0) / (v1 - v0);
  return edge & 1 ? [col, row + t] : [col + t, row];
}

/**
 * Joins segments that share an edge into chains. Each crossing edge belongs to at most two cells,
 * so every edge has at most two neighbours: chains start at an edge with one neighbour (an open
 * line ending on the border) and whatever remains afterwards is a closed loop.
 */
function joinSegments(segs: number[]): number[][] {
  const neighbours = new Map<number, number[]>();
  for (let s = 0; s < segs.length; s += 2) {
    const e0 = segs[s]!;
    const e1 = segs[s + 1]!;
    link(neighbours, e0, e1);
    link(neighbours, e1, e0);
  }
  const visited = new Set<number>();
  const chains: number[][] = [];
  const walk = (start: number): number[] => {
    const chain = [start];
    visited.add(start);
    let previous = -1;
    let current = start;
    for (;;) {
      const next = neighbours.get(current)!.find((e) => e !== previous && !visited.has(e));
      if (next === undefined) break;
      chain.push(next);
      visited.add(next);
      previous = current;
      current = next;
    }
    return chain;
  };
  for (const [edge, list] of neighbours) {
    if (list.length === 1 && !visited.has(edge)) chains.push(walk(edge));
  }
  for (const edge of neighbours.keys()) {
    if (visited.has(edge)) continue;
    const chain = walk(edge);
    chain.push(edge);
    chains.push(chain);
  }
  return chains;
}

function link(map: Map<number, number[]>, from: number, to: number): void {
  const list = map.get(from);
  if (list) list.push(to);
  else map.set(from, [to]);
}

/**
 * Levels spread evenly in magnitude on a logarithmic scale on each side of zero ("symmetric
 * log"), between robust quantiles of |value| so that the singular peaks at point sources do not
 * swallow all the levels. Zero is included when both signs occur. Suited to potentials.
 */
export function symmetricLogLevels(values: Float64Array, perSign = 7): number[] {
  const levels: number[] = [];
  const positive = quantilesOf(values, (v) => v > 0, [0.1, 0.95]);
  const negative = quantilesOf(values, (v) => v < 0, [0.05, 0.9]);
  if (positive) levels.push(...geometric(positive[0]!, positive[1]!, perSign));
  if (negative) levels.push(...geometric(-negative[1]!, -negative[0]!, perSign).map((v) => -v));
  if (positive && negative) levels.push(0);
  return levels.sort((a, b) => a - b);
}

/**
 * Levels evenly spaced between the 2nd and 98th percentiles. For a flux function such as A_z,
 * equal steps put equal flux between neighbouring lines, so their density shows |B|.
 */
export function uniformLevels(values: Float64Array, count: number): number[] {
  const q = quantilesOf(values, Number.isFinite, [0.02, 0.98]);
  if (!q || !(q[1]! > q[0]!)) return [];
  const step = (q[1]! - q[0]!) / (count - 1);
  return Array.from({ length: count }, (_, i) => q[0]! + i * step);
}

function geometric(lo: number, hi: number, n: number): number[] {
  if (!(hi > 0)) return [];
  const low = Math.min(Math.max(lo, hi * 1e-3), hi);
  if (low === hi) return [hi];
  const ratio = (hi / low) ** (1 / (n - 1));
  return Array.from({ length: n }, (_, i) => low * ratio ** i);
}

/** Quantiles of the entries passing `filter`, from a regular sample, or null if under 1 % pass. */
function quantilesOf(values: Float64Array, filter: (v: number) => boolean, ps: number[]): number[] | null {
  const stride = Math.max(1, Math.floor(values.length / 4096));
  const sample: number[] = [];
  let seen = 0;
  for (let i = 0; i < values.length; i += stride) {
    seen++;
    const v = values[i]!;
    if (filter(v)) sample.push(v);
  }
  if (sample.length === 0 || sample.length < 0.01 * seen) return null;
  sample.sort((a, b) => a - b);
  return ps.map((p) => sample[Math.round(p * (sample.length - 1))]!);
}
