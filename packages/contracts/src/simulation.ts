import { z } from 'zod';
import { lineText } from './text.js';

/**
 * The simulation service's wire contract, shared by the sim service (which answers it) and the
 * backend (which forwards to it and stores the results). SPEC part 4.3.
 */
export const simulationTypes = [
  'laplace2d',
  'point_charges',
  'gauss_flux',
  'wire_field',
  'solenoid',
  'ampere_loop',
  'wave_1d',
  'fresnel',
] as const;
export type SimulationType = (typeof simulationTypes)[number];

/** Output kinds (spec 4.3): the PNG is always there; `svg` adds the vector figure, `animation` frames. */
export const outputTypes = ['png_base64', 'svg', 'data', 'animation'] as const;

/**
 * What `POST {sim}/v1/sim/<solver>` answers in `data`: the solver's own fields (spec 4.3, plain
 * JSON numbers and arrays), plus the figure and the metadata with at least computation_time.
 */
export const simulationResultSchema = z
  .object({
    png_base64: z.string().describe('The figure as a Base64 PNG'),
    svg: z.string().optional().describe("The figure as SVG, when output_type is 'svg'"),
    animation_frames: z
      .array(z.object({ time: z.number(), png_base64: z.string() }))
      .optional()
      .describe('wave_1d with output_type animation'),
    metadata: z.looseObject({ computation_time: z.number().describe('Seconds spent in the solver') }),
  })
  .loose();
export type SimulationResult = z.infer<typeof simulationResultSchema>;

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/** Fields the backend accepts besides the solver's own (and strips before forwarding). */
export const simulationRecordFieldsSchema = z.object({
  course_id: z
    .string()
    .max(64)
    .optional()
    .describe('Record the run under this course (you must belong to it)'),
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('A title for the history (default: the solver name)'),
});

export const simulationRecordSchema = z.object({
  id: z.string(),
  type: z.enum(simulationTypes),
  title: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  status: z.string().describe('completed'),
  course_id: z.string().nullable(),
  owner_id: z.string(),
  owner_name: z.string().describe("The owner's display name"),
  created_at: timestamp,
  computation_time: z.number().describe('Seconds'),
});

export const simulationDetailSchema = simulationRecordSchema.extend({
  results: z.object({
    png_base64: z.string(),
    data_url: z.string().describe('Path of the full numeric output: /api/v1/sim/results/<id>/data.json'),
  }),
  metadata: z.looseObject({ computation_time: z.number() }),
});

export const simulationHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(simulationTypes).optional(),
  course_id: lineText().max(64).optional(),
});

export const simulationHistorySchema = z.object({
  simulations: z.array(simulationRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
