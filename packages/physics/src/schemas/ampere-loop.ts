/** The request of ampere_loop: the wires and the circular Amperian loop. */
import { z } from 'zod';
import { coordinate, lengthSchema, optionalVisualization, unit } from './common.js';

/** A wire closer to the loop than this fraction of its radius lies on it. */
const ON_LOOP = 1e-9;

export const ampereLoopSchema = z
  .strictObject({
    current_sources: z
      .array(
        z.strictObject({
          type: z.literal('wire').default('wire').describe("Only 'wire': infinite, along z."),
          x: coordinate('x of the wire, m.'),
          y: coordinate('y of the wire, m.'),
          current: z
            .number()
            .min(-1e6)
            .max(1e6)
            .meta(unit('A'))
            .describe('Current, A (positive out of the page).'),
        }),
      )
      .min(1)
      .max(100)
      .describe('Infinite straight wires along z, 1 to 100.'),
    loop: z
      .strictObject({
        type: z.literal('circle').default('circle').describe("Only 'circle'."),
        center_x: coordinate('x of the loop centre, m (default 0).').default(0),
        center_y: coordinate('y of the loop centre, m (default 0).').default(0),
        radius: lengthSchema(1e3, 'Loop radius, m (1e-12 to 1000, default 1).').default(1),
      })
      .prefault({})
      .describe('The Amperian loop, traversed counter-clockwise.'),
    n_points: z
      .number()
      .int()
      .min(4)
      .max(100_000)
      .default(360)
      .describe(
        'Points on the loop (4 to 100,000, default 360): where B_t is sampled for the figure, and the ends of the arcs whose exact swept angles are summed, so the circulation is exact for any count.',
      ),
    visualization: optionalVisualization,
  })
  .superRefine((value, ctx) => {
    const { center_x, center_y, radius } = value.loop;
    value.current_sources.forEach((w, i) => {
      const d = Math.hypot(w.x - center_x, w.y - center_y);
      if (Math.abs(d - radius) <= ON_LOOP * radius) {
        ctx.addIssue({
          code: 'custom',
          path: ['current_sources', i],
          message: 'the wire lies on the loop, where B is infinite; move it inside or outside',
        });
      }
    });
  });

export type AmpereLoopInput = z.input<typeof ampereLoopSchema>;
export type AmpereLoopParams = z.output<typeof ampereLoopSchema>;

/** Points counted against the 100,000 limit: n_points. */
export function ampereLoopGridPoints(params: AmpereLoopParams): number {
  return params.n_points;
}
