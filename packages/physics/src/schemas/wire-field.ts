/** The request of wire_field: the wires and the square grid their field is drawn on. */
import { z } from 'zod';
import { checkDomain, coordinate, domainShape, gridSize, optionalVisualization, unit } from './common.js';

export const wireSchema = z.strictObject({
  type: z.literal('infinite_straight').default('infinite_straight').describe("Only 'infinite_straight'."),
  x: coordinate('x where the wire crosses the plane, m.'),
  y: coordinate('y where the wire crosses the plane, m.'),
  current: z
    .number()
    .min(-1e6)
    .max(1e6)
    .meta(unit('A'))
    .describe('Current, A (|I| ≤ 1e6); positive flows along `direction`.'),
  direction: z
    .enum(['z', '-z'])
    .default('z')
    .describe("'z' (default): positive current flows out of the page; '-z': into the page."),
});

export const wireFieldSchema = z
  .strictObject({
    wires: z.array(wireSchema).min(1).max(100).describe('Infinite straight wires along z, 1 to 100.'),
    ...domainShape,
    grid_size: gridSize(
      'Grid points per side (3 to 1000, default 100). B comes back as grid_size rows of grid_size values: ' +
        'row 0 is y = y_max (the top edge), column 0 is x = x_min; `x` (per column) and `y` (per row, ' +
        'descending) give the node coordinates. The values are exact Biot–Savart superposition; a node on ' +
        'a wire leaves that wire out and is listed in metadata.singular_nodes as [row, col].',
    ),
    show_field_lines: z
      .boolean()
      .default(true)
      .describe('Compute field lines (level lines of A_z; default true); when false field_lines is [].'),
    visualization: optionalVisualization,
  })
  .superRefine(checkDomain);

export type WireFieldInput = z.input<typeof wireFieldSchema>;
export type WireFieldParams = z.output<typeof wireFieldSchema>;

/** Grid points counted against the 100,000 limit: grid_size². */
export function wireFieldGridPoints(params: WireFieldParams): number {
  return params.grid_size * params.grid_size;
}
