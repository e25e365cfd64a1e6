/** The request of gauss_flux: the charges and the Gaussian sphere, given by its equator. */
import { z } from 'zod';
import { chargesSchema, coordinate, lengthSchema, optionalVisualization } from './common.js';

/** A charge closer to the surface than this fraction of its radius lies on it. */
const ON_SURFACE = 1e-9;

export const gaussFluxSchema = z
  .strictObject({
    charges: chargesSchema,
    surface: z
      .strictObject({
        type: z
          .literal('circle')
          .default('circle')
          .describe("Surface shape; only 'circle' (a sphere's equator)."),
        center_x: coordinate('x of the centre, m (default 0).').default(0),
        center_y: coordinate('y of the centre, m (default 0).').default(0),
        radius: lengthSchema(1e3, 'Radius, m (1e-12 to 1000, default 1).').default(1),
      })
      .prefault({})
      .describe('The Gaussian surface: a sphere whose equator is this circle in the plane of the charges.'),
    grid_resolution: z
      .number()
      .int()
      .min(4)
      .max(1000)
      .default(64)
      .describe('Gauss–Legendre nodes per charge and equator sample points (4 to 1000, default 64).'),
    visualization: optionalVisualization,
  })
  .superRefine((value, ctx) => {
    const { center_x, center_y, radius } = value.surface;
    value.charges.forEach((c, i) => {
      const d = Math.hypot(c.x - center_x, c.y - center_y);
      if (Math.abs(d - radius) <= ON_SURFACE * radius) {
        ctx.addIssue({
          code: 'custom',
          path: ['charges', i],
          message:
            'the charge lies on the Gaussian surface, where the flux is undefined; move it inside or outside',
        });
      }
    });
  });

export type GaussFluxInput = z.input<typeof gaussFluxSchema>;
export type GaussFluxParams = z.output<typeof gaussFluxSchema>;

/** Points counted against the 100,000 limit: grid_resolution × number of charges. */
export function gaussFluxGridPoints(params: GaussFluxParams): number {
  return params.grid_resolution * params.charges.length;
}
