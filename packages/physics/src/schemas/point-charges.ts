/** The request of point_charges: the charges and the square grid they are drawn on. */
import { z } from 'zod';
import { chargesSchema, checkDomain, domainShape, gridSize, optionalVisualization } from './common.js';

export const pointChargesSchema = z
  .strictObject({
    charges: chargesSchema,
    ...domainShape,
    grid_size: gridSize(
      'Grid points per side (3 to 1000, default 100). Potential and field come back as grid_size rows of ' +
        'grid_size values: row 0 is y = y_max (the top edge), column 0 is x = x_min; `x` (per column) and ' +
        '`y` (per row, descending) give the node coordinates. The values are exact Coulomb superposition; ' +
        'a node on a charge leaves that charge out and is listed in metadata.singular_nodes as [row, col].',
    ),
    show_potential: z
      .boolean()
      .default(true)
      .describe('Draw the potential map (default true); V is always computed.'),
    show_field_lines: z
      .boolean()
      .default(true)
      .describe('Trace field lines (default true); when false field_lines is [].'),
    show_equipotentials: z
      .boolean()
      .default(true)
      .describe('Compute equipotential lines (default true); when false equipotentials is [].'),
    visualization: optionalVisualization,
  })
  .superRefine(checkDomain);

export type PointChargesInput = z.input<typeof pointChargesSchema>;
export type PointChargesParams = z.output<typeof pointChargesSchema>;

/** Grid points counted against the 100,000 limit: grid_size². */
export function pointChargesGridPoints(params: PointChargesParams): number {
  return params.grid_size * params.grid_size;
}
