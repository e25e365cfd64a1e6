import { SIM_CALLER_HEADERS, type SimulationType, simulationTypes } from '@faraday/contracts';
import { callService } from '@faraday/server-kit';

/**
 * The run_simulation tool: one solver run on the sim service, answered with numbers a model
 * can read. The figure (PNG, SVG, animation frames) is dropped, and so is the bulk of the
 * data: a 100 × 100 grid becomes its shape, minimum and maximum, a long array its length and
 * ends. A probe point samples every grid there (bilinear), which is what "the field at 2 cm"
 * needs.
 */
export interface SimulationCall {
  solver: SimulationType;
  parameters: Record<string, unknown>;
  probe?: { x: number; y: number } | undefined;
}

export interface SimulationContext {
  simServiceUrl: string;
  /** The shared service token the sim service requires. */
  serviceToken: string;
  timeoutMs: number;
  requestId: string;
  signal: AbortSignal;
}

const FIGURE_FIELDS = new Set(['png_base64', 'svg', 'animation_frames']);
const MAX_ARRAY = 20;

type Grid = number[][];

function isGrid(value: unknown): value is Grid {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((row) => Array.isArray(row) && row.length > 0 && row.every((x) => typeof x === 'number'))
  );
}

function isNumbers(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((x) => typeof x === 'number');
}

function extent(values: number[]): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

/** The result without figures and with big arrays summarised. */
export function summarise(value: unknown, depth = 0): unknown {
  if (isGrid(value)) return { grid: [value.length, value[0]!.length], ...extent(value.flat()) };
  if (isNumbers(value)) {
    if (value.length <= MAX_ARRAY) return value;
    return { length: value.length, ...extent(value), first: value[0], last: value.at(-1) };
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY || depth > 3) return { count: value.length };
    return value.map((item) => summarise(item, depth + 1));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!FIGURE_FIELDS.has(key)) out[key] = summarise(item, depth + 1);
    }
    return out;
  }
  return value;
}

interface Domain {
  x_min: number;
  x_max: number;
  y_min: number;
  y_max: number;
}

function domainOf(parameters: Record<string, unknown>): Domain {
  const read = (key: keyof Domain, fallback: number) =>
    typeof parameters[key] === 'number' ? (parameters[key] as number) : fallback;
  // The solvers' defaults (physics domainShape): the square from −1 m to 1 m.
  return {
    x_min: read('x_min', -1),
    x_max: read('x_max', 1),
    y_min: read('y_min', -1),
    y_max: read('y_max', 1),
  };
}

/** Bilinear sample of a grid whose row 0 is y_max and column 0 is x_min (physics Grid2D). */
export function sampleGrid(grid: Grid, domain: Domain, x: number, y: number): number | undefined {
  const rows = grid.length;
  const cols = grid[0]!.length;
  if (rows < 2 || cols < 2) return undefined;
  const fx = ((x - domain.x_min) / (domain.x_max - domain.x_min)) * (cols - 1);
  const fy = ((domain.y_max - y) / (domain.y_max - domain.y_min)) * (rows - 1);
  if (!(fx >= 0 && fx <= cols - 1 && fy >= 0 && fy <= rows - 1)) return undefined;
  const c0 = Math.min(Math.floor(fx), cols - 2);
  const r0 = Math.min(Math.floor(fy), rows - 2);
  const tx = fx - c0;
  const ty = fy - r0;
  const at = (r: number, c: number) => grid[r]![c]!;
  return (
    (1 - ty) * ((1 - tx) * at(r0, c0) + tx * at(r0, c0 + 1)) +
    ty * ((1 - tx) * at(r0 + 1, c0) + tx * at(r0 + 1, c0 + 1))
  );
}

/** Every grid in the result, by its path ("electric_field.magnitude"), sampled at the probe. */
function probeGrids(
  value: unknown,
  domain: Domain,
  x: number,
  y: number,
  path = '',
  out: Record<string, number> = {},
) {
  if (isGrid(value)) {
    const sample = sampleGrid(value, domain, x, y);
    if (sample !== undefined) out[path] = sample;
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value))
      probeGrids(item, domain, x, y, path ? `${path}.${key}` : key, out);
  }
  return out;
}

export async function runSimulationTool(
  call: SimulationCall,
  ctx: SimulationContext,
): Promise<Record<string, unknown>> {
  if (!(simulationTypes as readonly string[]).includes(call.solver)) {
    throw new Error(`unknown solver ${call.solver}`);
  }
  // 'data' keeps the numbers; the figure that still comes with them is dropped below.
  const body = { ...call.parameters, output_type: 'data' };
  const result = await callService<Record<string, unknown>>(
    'simulation',
    ctx.simServiceUrl,
    `/v1/sim/${call.solver}`,
    {
      body,
      requestId: ctx.requestId,
      headers: { [SIM_CALLER_HEADERS.token]: ctx.serviceToken },
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    },
  );
  const summary = summarise(result) as Record<string, unknown>;
  if (!call.probe) return { solver: call.solver, ...summary };
  const values = probeGrids(result, domainOf(call.parameters), call.probe.x, call.probe.y);
  return {
    solver: call.solver,
    probe: {
      x: call.probe.x,
      y: call.probe.y,
      ...(Object.keys(values).length > 0
        ? { values }
        : { note: 'the probe point is outside the grid, or this solver has no grid' }),
    },
    ...summary,
  };
}
