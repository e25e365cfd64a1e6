/** The request of fresnel: the two media, the angle of incidence and the angle sweep. */
import { z } from 'zod';
import { optionalVisualization, unit } from './common.js';

const angle = z.number().min(0).max(90).meta(unit('deg'));

export const fresnelSchema = z.strictObject({
  n1: z
    .number()
    .min(1e-3)
    .max(100)
    .meta(unit('1'))
    .default(1)
    .describe('Refractive index of the incidence medium (default 1).'),
  n2: z
    .number()
    .min(1e-3)
    .max(100)
    .meta(unit('1'))
    .default(1.5)
    .describe('Refractive index of the second medium (default 1.5).'),
  theta_i: z
    .number()
    .min(0)
    .max(90)
    .meta(unit('deg'))
    .default(45)
    .describe('Angle of incidence, degrees, 0 to 90 (default 45).'),
  polarization: z
    .enum(['s', 'p', 'unpolarized'])
    .default('s')
    .describe("'s' (TE), 'p' (TM) or 'unpolarized' (default 's')."),
  angle_range: z
    .strictObject({
      min: angle.default(0).describe('First angle of the sweep, degrees (default 0).'),
      max: angle.default(90).describe('Last angle of the sweep, degrees (default 90).'),
      points: z
        .number()
        .int()
        .min(2)
        .max(100_000)
        .default(181)
        .describe('Angles in the sweep (default 181).'),
    })
    .prefault({})
    .refine((r) => r.max > r.min, { message: 'max must be greater than min', path: ['max'] })
    .describe('The angle sweep.'),
  visualization: optionalVisualization,
});

export type FresnelInput = z.input<typeof fresnelSchema>;
export type FresnelParams = z.output<typeof fresnelSchema>;
export type Polarization = FresnelParams['polarization'];

/** Points counted against the 100,000 limit: the sweep's angle count. */
export function fresnelGridPoints(params: FresnelParams): number {
  return params.angle_range.points;
}
