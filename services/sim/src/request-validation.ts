/**
 * Checks a solver request before it takes a thread: the physics schema for the solver's own
 * fields, plot's schema for `visualization`, the output kind, and the grid-point limit. All bad
 * fields are reported together in one 400, so a student fixes them in one go.
 */
import { AppError } from '@faraday/contracts';
import { MAX_GRID_POINTS, type SolverName, solvers } from '@faraday/physics';
import { stillOutputSchema, type VisualizationOptions, visualizationOptionsSchema } from '@faraday/plot';
import { describeIssues, fieldsOf, joinDetails, showValue } from './issue-details.js';
import type { OutputType, SolverTask } from './solver-task.js';

const visualizationFields = Object.keys(visualizationOptionsSchema.shape);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Validates `body` for `solver` and returns the task for a worker. Throws AppError
 * INVALID_PARAMETERS (every bad field with its value and allowed range) or MEMORY_LIMIT_EXCEEDED.
 */
export function validateSimulationRequest(solver: SolverName, body: unknown): SolverTask {
  if (!isPlainObject(body)) {
    throw new AppError('INVALID_PARAMETERS', `Invalid ${solver} parameters: the body must be a JSON object`, {
      details: `(root): expected a JSON object (got ${body === undefined ? 'no body' : showValue(body)})`,
    });
  }
  const { visualization: rawVisualization, output_type: rawOutputType, ...rest } = body;
  // wave_1d's schema owns output_type (it adds 'animation' and defaults to it); for the other
  // solvers the service reads it. Physics never sees `visualization`: it ignores figure options,
  // and plot's schema is the one that knows every option and colormap.
  const input =
    solver === 'wave_1d' && rawOutputType !== undefined ? { ...rest, output_type: rawOutputType } : rest;
  const lines: string[] = [];

  const entry = solvers[solver];
  const parsed = entry.schema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    const serviceFields = solver === 'wave_1d' ? [] : ['output_type'];
    lines.push(...describeIssues(parsed.error.issues, entry.schema, input, [], serviceFields));
  }
  let outputType: OutputType = 'png_base64';
  if (solver !== 'wave_1d') {
    const output = stillOutputSchema.safeParse(rawOutputType, { reportInput: true });
    if (output.success) outputType = output.data;
    else {
      const hint = rawOutputType === 'animation' ? ' (animation is only available for wave_1d)' : '';
      lines.push(
        `output_type: must be one of png_base64, svg, data${hint} (got ${showValue(rawOutputType)})`,
      );
    }
  }

  const visualization = checkVisualization(rawVisualization, lines);
  if (lines.length > 0) {
    throw new AppError('INVALID_PARAMETERS', `Invalid ${solver} parameters: ${fieldsOf(lines)}`, {
      details: joinDetails(lines),
    });
  }
  if (solver === 'wave_1d') outputType = (parsed.data as { output_type: OutputType }).output_type;

  // The grid-point (memory) limit, checked before any thread is taken.
  const gridPoints = entry.gridPoints(input);
  if (gridPoints > MAX_GRID_POINTS) {
    throw new AppError('MEMORY_LIMIT_EXCEEDED', undefined, {
      details: `${solver} with these parameters uses ${gridPoints.toLocaleString('en-US')} grid points; the limit is ${MAX_GRID_POINTS.toLocaleString('en-US')}`,
    });
  }
  return { solver, input, visualization, outputType, gridPoints };
}

/** Plot's options; unknown keys are errors here (plot itself would drop them silently). */
function checkVisualization(raw: unknown, lines: string[]): VisualizationOptions {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) {
    lines.push(`visualization: must be an object (got ${raw === null ? 'null' : typeof raw})`);
    return {};
  }
  for (const key of Object.keys(raw)) {
    if (!visualizationFields.includes(key)) {
      lines.push(`visualization.${key}: unknown field (allowed: ${visualizationFields.join(', ')})`);
    }
  }
  const parsed = visualizationOptionsSchema.safeParse(raw, { reportInput: true });
  if (parsed.success) return parsed.data;
  lines.push(...describeIssues(parsed.error.issues, visualizationOptionsSchema, raw, ['visualization']));
  return {};
}
