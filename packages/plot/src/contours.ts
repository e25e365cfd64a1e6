import { levelLines } from '@faraday/physics';
import type { ContourLine, Domain, Grid2D } from './types.js';

/**
 * Isolines as polylines in physical coordinates, by the physics package's marching squares
 * (one pass over the cells for all levels; open lines end on the domain edge, loops close).
 * Plot accepts any numeric array, physics wants a Float64Array.
 */
export function isolines(grid: Grid2D, ext: Domain, levels: number[]): ContourLine[] {
  const data = grid.data instanceof Float64Array ? grid.data : Float64Array.from(grid.data);
  return levelLines({ nx: grid.nx, ny: grid.ny, data }, ext, levels);
}
