import { z } from 'zod';
import { simulationTypes } from './simulation.js';
import { lineText } from './text.js';

/**
 * Parameter sweeps (docs/adr/0031-sweep-requests-and-states.md): one solver run per point of a
 * Cartesian product of linear ranges, tracked as a task with a results page.
 */

/** The most runs one sweep may ask for (docs/api-contract.md, Limits). */
export const MAX_SWEEP_RUNS = 200;

export const sweepStatuses = ['processing', 'completed', 'failed', 'cancelled'] as const;
export type SweepStatus = (typeof sweepStatuses)[number];

export const sweepRunStatuses = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type SweepRunStatus = (typeof sweepRunStatuses)[number];

export const linearRangeSchema = z.strictObject({
  type: z.literal('linear').describe('Evenly spaced values from start to end, both included'),
  start: z.number().describe('First value'),
  end: z.number().describe('Last value'),
  steps: z.number().int().min(1).max(MAX_SWEEP_RUNS).describe('How many values (1 gives start only)'),
});
export type LinearRange = z.infer<typeof linearRangeSchema>;

/**
 * `steps` evenly spaced values from start to end, both exact. Rounded to 15 significant digits
 * so that 1e-9…3e-9 gives 2e-9, not 1.9999999999999997e-9 (binary noise, not information).
 */
export function linearValues(range: Omit<LinearRange, 'type'>): number[] {
  if (range.steps === 1) return [range.start];
  const values: number[] = [];
  for (let i = 0; i < range.steps; i++) {
    const t = i / (range.steps - 1);
    values.push(Number((range.start * (1 - t) + range.end * t).toPrecision(15)));
  }
  return values;
}

/** Largest probe coordinate, m (the solvers' own coordinate bound). */
const MAX_PROBE_COORDINATE = 1e3;

export const sweepProbeSchema = z.strictObject({
  x: z.number().min(-MAX_PROBE_COORDINATE).max(MAX_PROBE_COORDINATE).describe('x of the probe point, m'),
  y: z.number().min(-MAX_PROBE_COORDINATE).max(MAX_PROBE_COORDINATE).describe('y of the probe point, m'),
});
export type SweepProbe = z.infer<typeof sweepProbeSchema>;

/** The solvers whose sweeps can name a probe point. */
export const probeSimulationTypes = ['point_charges', 'wire_field', 'laplace2d'] as const;

export const sweepRequestSchema = z.strictObject({
  simulation_type: z.enum(simulationTypes),
  base_parameters: z
    .record(z.string(), z.unknown())
    .describe("The solver's request body; every run starts from it"),
  sweep_parameters: z
    .record(
      lineText().min(1).max(200).describe('Path into base_parameters, e.g. `charges[0].q`, `v_top`'),
      linearRangeSchema,
    )
    .refine((paths) => Object.keys(paths).length >= 1, 'needs at least one parameter path')
    .refine((paths) => Object.keys(paths).length <= 4, 'at most 4 parameter paths')
    .describe('Path → range; several paths sweep their Cartesian product'),
  output_format: z.literal('summary').default('summary').describe('`summary`: metrics table and figure'),
  probe: sweepProbeSchema
    .optional()
    .describe(
      'A point (m) where point_charges, wire_field and laplace2d sweeps report the field and potential of every run',
    ),
  course_id: z
    .string()
    .max(64)
    .optional()
    .describe('Record the runs under this course (you must belong to it)'),
});
export type SweepRequest = z.infer<typeof sweepRequestSchema>;

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/** The sweep task: what POST /api/v1/sim/parameter_sweep answers. */
export const sweepTaskSchema = z.object({
  task_id: z.string(),
  status: z.enum(sweepStatuses),
  total_simulations: z.number().int(),
  completed: z.number().int().describe('Runs finished successfully'),
  estimated_time: z
    .number()
    .int()
    .describe('Seconds until the sweep should be done, from measured solver speed'),
  results_url: z.string().describe('/api/v1/sim/sweep/<task_id>/results'),
});

export const sweepProgressSchema = sweepTaskSchema.extend({
  simulation_type: z.enum(simulationTypes),
  failed: z.number().int().describe('Runs whose solver call failed (recorded with their error)'),
  pending: z.number().int().describe('Runs not finished yet (waiting or running)'),
  error: z.string().nullable().describe('Why the task failed, when every run failed'),
  course_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  finished_at: timestamp.nullable(),
});

export const sweepMetricDefinitionSchema = z.object({
  name: z.string().describe("Key in each run's metrics, e.g. field_at_probe"),
  label: z.string().describe('What it is, in English, e.g. "|E| at the probe"'),
  labels: z
    .object({ en: z.string(), zh: z.string() })
    .describe('Its display name in each language of the interface'),
  unit: z.string().describe("SI unit; 'dimensionless' or 'count' for pure numbers"),
});

export const sweepRunSchema = z.object({
  run_index: z.number().int(),
  values: z.record(z.string(), z.number()).describe('The swept parameters of this run: path → value'),
  status: z.enum(sweepRunStatuses),
  metrics: z
    .record(z.string(), z.number())
    .nullable()
    .describe('Scalar outputs (top level and metadata), e.g. electric_flux, computation_time'),
  simulation_id: z.string().nullable().describe('The simulation record of a completed run'),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  attempts: z.number().int(),
});

export const sweepResultsSchema = z.object({
  task_id: z.string(),
  status: z.enum(sweepStatuses),
  simulation_type: z.enum(simulationTypes),
  parameters: z.array(z.string()).describe('The swept paths, in request order'),
  total_simulations: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  runs: z.array(sweepRunSchema),
  probe: sweepProbeSchema.nullable().describe('The probe point of the field and potential metrics'),
  metric_definitions: z
    .array(sweepMetricDefinitionSchema)
    .describe("The solver's physical sweep metrics, in the order the figure draws them"),
  parameter_units: z
    .record(z.string(), z.string())
    .describe("Unit of each swept path ('dimensionless' or 'count' for pure numbers)"),
  summary: z
    .object({
      png_base64: z.string().describe("The solver's physical metrics against the swept parameters"),
      parameter: z.string().describe('The path on the x axis'),
      metrics: z.array(z.string()).describe('The metrics drawn, one panel each'),
      layout: z
        .enum(['curves', 'heatmap'])
        .describe('heatmap: two parameters of more than six values each; curves otherwise'),
    })
    .nullable()
    .describe('When the sweep has completed'),
});

export const sweepTaskParamsSchema = z.object({ task_id: z.string().min(1).max(64) });

export const sweepResultsQuerySchema = z.object({
  lang: z
    .enum(['en', 'zh'])
    .optional()
    .describe("Language of the summary figure's names and legends (default en; zh is drawn on request)"),
});
