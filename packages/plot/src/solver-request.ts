import { type SolverName, solverExamples, solverSchemas } from '@faraday/physics/schemas';
import { z } from 'zod';
import { visualizationOptionsSchema } from './options.js';

/**
 * Output kinds every solver but wave_1d accepts (wave_1d's own schema also allows animation).
 * Every answer carries the numbers and the PNG (the product's contract for each solver), so
 * 'png_base64' and 'data' answer alike; the description says so rather than promising a PNG alone.
 */
export const stillOutputSchema = z
  .enum(['png_base64', 'svg', 'data'])
  .default('png_base64')
  .describe(
    "What is drawn besides the numbers, which every answer has together with png_base64: 'png_base64' " +
      "(default) and 'data' give the numbers and the PNG; 'svg' adds the figure as SVG too. " +
      'Through the backend, `fields` leaves out the figure or the arrays.',
  );

/**
 * The body of a solver request as documented: the physics schema's fields, plot's
 * `visualization` options and (except wave_1d, whose schema owns it) `output_type`, with a
 * working example. The simulation service validates with its own checks (they name values and
 * ranges); this schema is what the API reference shows.
 */
export function solverRequestSchema(solver: SolverName): z.ZodObject {
  const physics: z.ZodObject = solverSchemas[solver];
  const shape = { ...physics.shape, visualization: visualizationOptionsSchema.optional() };
  if (solver !== 'wave_1d') Object.assign(shape, { output_type: stillOutputSchema });
  return z.strictObject(shape).meta({ examples: [solverExamples[solver]] });
}
