/**
 * The request of laplace2d: a box of nx × ny nodes and the potentials of its four sides. The
 * nodes are h = 1 m / (max(nx, ny) − 1) apart, so the box's longer side is 1 m whatever the node
 * counts (E in V/m depends on it).
 */
import { z } from 'zod';
import { optionalVisualization, unit } from './common.js';

const potential = (side: string) =>
  z.number().min(-1e6).max(1e6).meta(unit('V')).describe(`Potential of the ${side} side, V (|V| ≤ 1e6).`);

export const laplace2dSchema = z.strictObject({
  nx: z
    .number()
    .int()
    .min(3)
    .max(2000)
    .describe(
      'Grid points along x (columns), 3 to 2000. The nodes are h = 1 m / (max(nx, ny) − 1) apart: ' +
        'the longer side of the box is 1 m, the other (min(nx, ny) − 1)·h.',
    ),
  ny: z
    .number()
    .int()
    .min(3)
    .max(2000)
    .describe('Grid points along y (rows), 3 to 2000; see nx for the size.'),
  v_top: potential('top (y max)'),
  v_bottom: potential('bottom (y = 0)'),
  v_left: potential('left (x = 0)'),
  v_right: potential('right (x max)'),
  max_iterations: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(100)
    .describe(
      'Most multigrid cycles before giving up with CONVERGENCE_ERROR (default 100; 4–8 are typical).',
    ),
  tolerance: z
    .number()
    .min(1e-14)
    .max(1e3)
    .meta(unit('V'))
    .default(1e-6)
    .describe(
      'Stop when the residual of the discrete equations, scaled to volts (the largest change one more ' +
        'Jacobi sweep would make to any node), is at most this (default 1e-6). It bounds the residual, not ' +
        'the error: the solved potential can differ from the exact solution of the same equations by a few ' +
        'times the tolerance (up to about 4× measured), and from the continuous solution by the O(h²) discretisation ' +
        'error on top. Ask for a tolerance ten times below the error you can accept.',
    ),
  visualization: optionalVisualization,
});

export type Laplace2dInput = z.input<typeof laplace2dSchema>;
export type Laplace2dParams = z.output<typeof laplace2dSchema>;

/** Grid points counted against the 100,000 limit: nx · ny. */
export function laplace2dGridPoints(params: Laplace2dParams): number {
  return params.nx * params.ny;
}
