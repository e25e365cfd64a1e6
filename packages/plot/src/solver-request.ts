import { type SolverName, solverExamples, solverSchemas } from '@faraday/physics/schemas';
import { z } from 'zod';
import { visualizationOptionsSchema } from './options.js';

/** Output kinds every solver but wave_1d accepts (wave_1d's own schema also allows animation). */
export const stillOutputSchema = z
  .enum(['png_base64', 'svg', 'data'])
  .default('png_base64')
  .describe("'png_base64' (default), 'svg' (adds the vector figure) or 'data' (the PNG and the numbers)");

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
