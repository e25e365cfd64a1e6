/** The request of laplace2d: a box of nx × ny nodes and the potentials of its four sides. */
import { z } from 'zod';
import { optionalVisualization, unit } from './common.js';

const potential = (side: string) =>
  z.number().min(-1e6).max(1e6).meta(unit('V')).describe(`Potential of the ${side} side, V (|V| ≤ 1e6).`);

export const laplace2dSchema = z.strictObject({
  nx: z.number().int().min(3).max(2000).describe('Grid points along x (columns), 3 to 2000.'),
  ny: z.number().int().min(3).max(2000).describe('Grid points along y (rows), 3 to 2000.'),
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
    .describe('Target max-norm residual in volts (default 1e-6).'),
  visualization: optionalVisualization,
});

export type Laplace2dInput = z.input<typeof laplace2dSchema>;
export type Laplace2dParams = z.output<typeof laplace2dSchema>;

/** Grid points counted against the 100,000 limit: nx · ny. */
export function laplace2dGridPoints(params: Laplace2dParams): number {
  return params.nx * params.ny;
}
