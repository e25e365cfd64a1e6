import { z } from 'zod';
import { lineText } from './text.js';

/**
 * The simulation service's wire contract, shared by the sim service (which answers it) and the
 * backend (which forwards to it and stores the results); docs/api-contract.md, Endpoint groups.
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

/** Output kinds: the PNG is always there; `svg` adds the vector figure, `animation` frames. */
export const outputTypes = ['png_base64', 'svg', 'data', 'animation'] as const;

/**
 * What `POST {sim}/v1/sim/<solver>` answers in `data`: the solver's own fields (plain
 * JSON numbers and arrays), plus the figure and the metadata with at least computation_time.
 */
export const simulationResultSchema = z
  .object({
    png_base64: z.string().describe('The figure as a Base64 PNG'),
    svg: z.string().optional().describe("The figure as SVG, when output_type is 'svg'"),
    animation_frames: z
      .array(
        z.object({
          // The unit keyword as the physics schemas write it (x-unit), for the API reference.
          time: z.number().meta({ 'x-unit': 's' }).describe('Simulated time of the frame, s'),
          png_base64: z.string(),
        }),
      )
      .optional()
      .describe('wave_1d with output_type animation'),
    metadata: z.looseObject({
      computation_time: z.number().meta({ 'x-unit': 's' }).describe('Seconds spent in the solver'),
    }),
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

/** A run of a sweep as the history lists it inside its sweep (the record is at results/{simulation_id}). */
export const sweepHistoryRunSchema = z.object({
  simulation_id: z.string(),
  run_index: z.number().int(),
  values: z.record(z.string(), z.number()).describe('The swept parameters of this run: path → value'),
  title: z.string(),
  created_at: timestamp,
  computation_time: z.number().describe('Seconds'),
});

/**
 * One history entry: a single run (`kind: 'simulation'`, `sweep` null), or a whole parameter
 * sweep (`kind: 'sweep'`): then `id` is the sweep's task id, `type` its solver, `parameters` its
 * base parameters, `status` the task's status, `computation_time` the sum over its recorded runs,
 * and `sweep` lists the recorded runs (oldest first) with the task's counters.
 */
export const simulationHistoryEntrySchema = simulationRecordSchema.extend({
  kind: z.enum(['simulation', 'sweep']),
  sweep: z
    .object({
      task_id: z.string(),
      parameters: z.array(z.string()).describe('The swept paths, in request order'),
      total_simulations: z.number().int(),
      completed: z.number().int(),
      failed: z.number().int(),
      results_url: z.string().describe('/api/v1/sim/sweep/<task_id>/results'),
      runs: z.array(sweepHistoryRunSchema).describe('The runs with a simulation record'),
    })
    .nullable(),
});

export type SimulationHistoryEntry = z.infer<typeof simulationHistoryEntrySchema>;

export const simulationHistorySchema = z.object({
  simulations: z
    .array(simulationHistoryEntrySchema)
    .describe('Newest first; a sweep is one entry with its runs inside, not one entry per run'),
  total: z.number().int().describe('Entries (single runs plus sweeps), not runs'),
  page: z.number().int(),
  limit: z.number().int(),
});

/**
 * Headers the backend adds to every solver call so the simulation service can share its threads
 * fairly (docs/adr/0026-fair-shares-in-the-sim-pool.md): the user the computation is for, and
 * whether it is a sweep run (background work) or a request someone is waiting for.
 */
export const SIM_CALLER_HEADERS = {
  user: 'x-faraday-user',
  work: 'x-faraday-work',
  /** The shared service token (AI_GATEWAY_SHARED_TOKEN); the sim service refuses calls without it. */
  token: 'x-faraday-service-token',
} as const;

export type SimWorkKind = 'interactive' | 'sweep';
