import {
  AppError,
  simulationTypes,
  type ToolCallRecord,
  type ToolName,
  type ToolResultRecord,
  toolNames,
} from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { computeCourseResults } from '../knowledge/model-check.js';
import type { ToolCallRequest, ToolSpec } from '../upstream/assistant-turn.js';
import { CalculatorError, convertUnits, evaluateExpression } from './calculator.js';
import type { CourseSearch } from './course-search.js';
import { runSimulationTool } from './simulation-tool.js';

/**
 * The five tools: what the model is told about each (JSON Schema), how their arguments are
 * checked (zod), and how they run. `execute` never throws: an unknown tool, arguments that are
 * not JSON or not valid, and a failing tool all become an error result the model can read and
 * correct, so one bad call cannot end the conversation.
 */

const argumentSchemas = {
  run_simulation: z.object({
    solver: z.enum(simulationTypes),
    parameters: z.record(z.string(), z.unknown()).default({}),
    probe: z.object({ x: z.number(), y: z.number() }).optional(),
  }),
  evaluate_expression: z.object({ expression: z.string().min(1).max(300) }),
  convert_units: z.object({
    value: z.number(),
    from: z.string().min(1).max(40),
    to: z.string().min(1).max(40),
  }),
  search_course_material: z.object({ query: z.string().min(1).max(500) }),
  compute_course_result: z.object({ problem: z.string().min(1).max(2000) }),
} satisfies Record<ToolName, z.ZodType>;

export const TOOL_SPECS: ToolSpec[] = [
  {
    type: 'function',
    function: {
      name: 'run_simulation',
      description:
        'Run one of the electromagnetics lab solvers and get its numbers (no figure). Parameters are the ' +
        'solver’s own fields in SI units, e.g. point_charges: {"charges":[{"x":0,"y":0,"q":1e-9}],"x_min":-0.04,' +
        '"x_max":0.04,"y_min":-0.04,"y_max":0.04,"grid_size":81}; wire_field: {"wires":[{"x":0,"y":0,"current":5}]}; ' +
        'solenoid: {"n_turns":500,"length":0.2,"radius":0.02,"current":2}. Give `probe` to read every field grid at a point (m).',
      parameters: {
        type: 'object',
        properties: {
          solver: { type: 'string', enum: [...simulationTypes] },
          parameters: { type: 'object', description: 'The solver fields, SI units' },
          probe: {
            type: 'object',
            properties: { x: { type: 'number' }, y: { type: 'number' } },
            required: ['x', 'y'],
            description: 'A point (m) at which to read the field and potential grids',
          },
        },
        required: ['solver', 'parameters'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'evaluate_expression',
      description:
        'Evaluate a math expression exactly: arithmetic, sin/cos/tan (use deg for degrees), sqrt, exp, log, ' +
        'powers, units ("2 cm + 3 mm", "5 A * 2 ohm") and constants pi, speedOfLight, electricConstant, ' +
        'magneticConstant, elementaryCharge.',
      parameters: {
        type: 'object',
        properties: { expression: { type: 'string', description: 'e.g. "sin(30 deg) * 5"' } },
        required: ['expression'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'convert_units',
      description: 'Convert a value between units, e.g. 3 mT to gauss, 1 eV to J, 100 degC to K.',
      parameters: {
        type: 'object',
        properties: {
          value: { type: 'number' },
          from: { type: 'string', description: 'Unit of the value, e.g. "mT"' },
          to: { type: 'string', description: 'Target unit, e.g. "gauss"' },
        },
        required: ['value', 'from', 'to'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search_course_material',
      description:
        'Search the course notes; returns numbered passages with their source and section, to cite as [n].',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'compute_course_result',
      description:
        'Compute a result the course teaches with the problem’s own numbers (e.g. "field at r = 5 cm inside a ' +
        'sphere of radius 10 cm carrying 2 uC"): each part with the result used, its conditions checked, the ' +
        'value in SI units, or which quantities are missing.',
      parameters: {
        type: 'object',
        properties: {
          problem: {
            type: 'string',
            description: 'The problem with its numbers and units, as the student gave them',
          },
        },
        required: ['problem'],
      },
    },
  },
];

/** Appended to the mode's system prompt wherever the model is offered the tools. */
export const TOOL_GUIDANCE =
  'You can call tools: run_simulation (the lab’s solvers, numbers only), evaluate_expression (exact ' +
  'arithmetic with units), convert_units, search_course_material and compute_course_result (a result the ' +
  'course teaches, computed with the problem’s own numbers). Use a tool instead of computing or recalling ' +
  'numbers yourself, cite course passages as [n], and when a tool reports an error, fix the arguments or ' +
  'explain what went wrong.';

export interface ToolOutcome {
  id: string;
  name: string;
  /** Parsed arguments, or the raw text when it was not JSON. */
  arguments: unknown;
  ok: boolean;
  result?: unknown;
  error?: string;
}

/** The tools an answer ran, as the responses and the conversation record them. */
export function toolRecords(outcomes: readonly ToolOutcome[]): {
  tool_calls: ToolCallRecord[];
  tool_results: ToolResultRecord[];
} {
  return {
    tool_calls: outcomes.map((o) => ({ id: o.id, name: o.name, arguments: o.arguments })),
    tool_results: outcomes.map((o) =>
      o.ok
        ? { id: o.id, name: o.name, ok: true, result: o.result }
        : { id: o.id, name: o.name, ok: false, error: o.error ?? '' },
    ),
  };
}

export interface ToolEnvironment {
  simServiceUrl: string;
  serviceToken: string;
  simTimeoutMs: number;
  search: CourseSearch | undefined;
  courseId: string | undefined;
  requestId: string;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

function isToolName(name: string): name is ToolName {
  return (toolNames as readonly string[]).includes(name);
}

function issuesOf(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
}

async function run(name: ToolName, args: unknown, env: ToolEnvironment): Promise<unknown> {
  switch (name) {
    case 'run_simulation': {
      const a = argumentSchemas.run_simulation.parse(args);
      return runSimulationTool(
        { solver: a.solver, parameters: a.parameters, probe: a.probe },
        {
          simServiceUrl: env.simServiceUrl,
          serviceToken: env.serviceToken,
          timeoutMs: env.simTimeoutMs,
          requestId: env.requestId,
          signal: env.signal,
        },
      );
    }
    case 'evaluate_expression':
      return evaluateExpression(argumentSchemas.evaluate_expression.parse(args).expression);
    case 'convert_units': {
      const a = argumentSchemas.convert_units.parse(args);
      return convertUnits(a.value, a.from, a.to);
    }
    case 'search_course_material': {
      const { query } = argumentSchemas.search_course_material.parse(args);
      if (!env.search)
        throw new AppError('SERVICE_UNAVAILABLE', 'course material search is not available here');
      const found = await env.search.search(query, { courseId: env.courseId, limit: 4, signal: env.signal });
      return {
        relevant: found.relevant,
        passages: found.citations.map((c) => ({ ...c, text: c.text.slice(0, 600) })),
      };
    }
    case 'compute_course_result':
      return computeCourseResults(argumentSchemas.compute_course_result.parse(args).problem);
  }
}

export async function executeTool(call: ToolCallRequest, env: ToolEnvironment): Promise<ToolOutcome> {
  const base = { id: call.id, name: call.name };
  let args: unknown;
  try {
    args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch (error) {
    return {
      ...base,
      arguments: call.arguments,
      ok: false,
      error: `the arguments are not valid JSON (${error instanceof Error ? error.message : error})`,
    };
  }
  if (!isToolName(call.name)) {
    return {
      ...base,
      arguments: args,
      ok: false,
      error: `unknown tool "${call.name}"; the tools are ${toolNames.join(', ')}`,
    };
  }
  const checked = argumentSchemas[call.name].safeParse(args);
  if (!checked.success) {
    return { ...base, arguments: args, ok: false, error: `invalid arguments: ${issuesOf(checked.error)}` };
  }
  try {
    return { ...base, arguments: args, ok: true, result: await run(call.name, checked.data, env) };
  } catch (error) {
    if (error instanceof CalculatorError)
      return { ...base, arguments: args, ok: false, error: error.message };
    if (error instanceof AppError) {
      const details = error.details ? ` (${error.details})` : '';
      return { ...base, arguments: args, ok: false, error: `${error.code}: ${error.message}${details}` };
    }
    env.log.error({ err: error, tool: call.name }, 'a tool failed unexpectedly');
    return { ...base, arguments: args, ok: false, error: 'the tool failed unexpectedly' };
  }
}
