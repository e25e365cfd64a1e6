/**
 * The request of solenoid: the winding, the model, and where the field profiles are sampled. An
 * explicit 'loops' model is bounded here by the work it would do (LOOPS_WORK_LIMIT).
 */
import { z } from 'zod';
import { lengthSchema, optionalVisualization, unit } from './common.js';

const position = z.number().min(-1e3).max(1e3).meta(unit('m'));

const range = (description: string) =>
  z
    .tuple([position, position])
    .refine(([a, b]) => b > a, { message: 'the range must be [min, max] with max > min' })
    .optional()
    .describe(description);

export const solenoidSchema = z
  .strictObject({
    n_turns: z.number().int().min(1).max(1_000_000).default(100).describe('Number of turns (default 100).'),
    length: lengthSchema(100, 'Length of the winding, m (1e-12 to 100, default 0.2).').default(0.2),
    radius: lengthSchema(10, 'Radius of the turns, m (1e-12 to 10, default 0.02).').default(0.02),
    current: z.number().min(-1e6).max(1e6).meta(unit('A')).default(1).describe('Current, A (default 1).'),
    model: z
      .enum(['sheet', 'loops'])
      .optional()
      .describe(
        "'sheet': a continuous current sheet of n_turns/length turns per metre (exact for a dense winding); " +
          "'loops': n_turns discrete circular turns, each at the middle of its share of the length, summed exactly. " +
          "Default: 'loops' (exact for the winding) whenever summing every turn at every point stays within the work limit, " +
          "otherwise 'sheet'; the model used is reported in metadata.model and every output comes from it. Outputs: " +
          'field_inside = B_z at the centre; field_outside = B_z in the mid-plane at twice the radius; ' +
          'uniformity = min/max of |B_z| on the axis over the middle half of the length; metadata.inductance from the model used.',
      ),
    wire_radius: lengthSchema(
      10,
      "Radius of the wire, m, for the 'loops' model's inductance (each turn's self-inductance): " +
        'below half the turn spacing and below the radius (default: the smaller of a quarter of the spacing and a tenth of the radius).',
    ).optional(),
    analysis_points: z
      .strictObject({
        axial_range: range('z range of the axial profile, m (default [−length, length]).'),
        radial_range: range('ρ range of the mid-plane profile, m (default [0, 2·radius]).'),
        n_points: z
          .number()
          .int()
          .min(2)
          .max(50_000)
          .default(101)
          .describe('Points per profile (default 101).'),
      })
      .prefault({})
      .describe('Where the field profiles are sampled.'),
    visualization: optionalVisualization,
  })
  .superRefine((p, ctx) => {
    const pitch = p.length / p.n_turns;
    if (p.wire_radius !== undefined && (p.wire_radius >= pitch / 2 || p.wire_radius >= p.radius)) {
      ctx.addIssue({
        code: 'custom',
        path: ['wire_radius'],
        message: `the wire must fit the winding: below half the turn spacing (${pitch / 2} m) and below the radius (${p.radius} m)`,
      });
    }
    if (p.model === 'loops' && loopsWork(p) > LOOPS_WORK_LIMIT) {
      ctx.addIssue({
        code: 'custom',
        path: ['model'],
        message: `'loops' sums every turn at every point: ${loopsWork(p).toExponential(2)} loop fields exceed ${LOOPS_WORK_LIMIT.toExponential(0)}; use 'sheet' (exact for a dense winding), fewer turns or fewer points`,
      });
    }
  });

/** Loop-field evaluations the 'loops' model may do (about 0.2 s). */
export const LOOPS_WORK_LIMIT = 2e6;

/**
 * Evaluations the loops model needs: every turn at both profiles, the centre and the field
 * outside, one mutual inductance per turn, and the uniformity's searches (cheap closed forms on
 * the axis, counted as 60 loop fields).
 */
export function loopsWork(p: { n_turns: number; analysis_points: { n_points: number } }): number {
  return p.n_turns * (2 * p.analysis_points.n_points + 64);
}

/** The wire radius of the loops model's inductance: given, or min(spacing/4, radius/10). */
export function wireRadius(p: {
  n_turns: number;
  length: number;
  radius: number;
  wire_radius?: number;
}): number {
  return p.wire_radius ?? Math.min(p.length / p.n_turns / 4, p.radius / 10);
}

export type SolenoidInput = z.input<typeof solenoidSchema>;
export type SolenoidParams = z.output<typeof solenoidSchema>;

/** Points counted against the 100,000 limit: the two profiles, 2 · n_points. */
export function solenoidGridPoints(params: SolenoidParams): number {
  return 2 * params.analysis_points.n_points;
}
