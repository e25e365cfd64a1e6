import { AppError, type LinearRange, linearValues, MAX_SWEEP_RUNS } from '@faraday/contracts';

/**
 * Turning a sweep request into its list of runs: parse each parameter path (`charges[0].q`,
 * `v_top`, `source.amplitude`), check it points at a number in the base parameters, expand the
 * linear ranges and take their Cartesian product (first path varies slowest).
 */

type Segment = string | number;

const MAX_BASE_BYTES = 64 * 1024;

export interface PlannedRun {
  run_index: number;
  /** path → value of this run's swept parameters */
  values: Record<string, number>;
  /** the full solver body of this run */
  parameters: Record<string, unknown>;
}

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[(?:0|[1-9][0-9]{0,5})\])*$/;
const SEGMENT = /\.?([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]+)\]/g;
// Never walk into the prototype chain, whatever the base object holds.
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

function invalidPath(path: string, why: string): AppError {
  return new AppError('VALIDATION_ERROR', `sweep_parameters: "${path}" ${why}`, {
    details: `sweep_parameters.${path}`,
  });
}

export function parsePath(path: string): Segment[] {
  if (!PATH.test(path)) {
    throw invalidPath(path, 'is not a parameter path (use names, dots and [index], e.g. charges[0].q)');
  }
  const segments: Segment[] = [];
  for (const match of path.matchAll(SEGMENT)) {
    const segment: Segment = match[1] ?? Number(match[2]);
    if (typeof segment === 'string' && FORBIDDEN.has(segment)) throw invalidPath(path, 'is not allowed');
    segments.push(segment);
  }
  return segments;
}

/** The value a path points at, or undefined when some step of it does not exist. */
function valueAt(base: unknown, segments: Segment[]): unknown {
  let node: unknown = base;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(node) || segment >= node.length) return undefined;
      node = node[segment];
    } else {
      if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, segment))
        return undefined;
      node = (node as Record<string, unknown>)[segment];
    }
  }
  return node;
}

function setAt(target: unknown, segments: Segment[], value: number): void {
  let node = target as Record<string | number, unknown>;
  for (const segment of segments.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  node[segments.at(-1)!] = value;
}

/**
 * Every run of a sweep, or a 400 naming the first bad path. Checks the run count before
 * building anything, so a request for a million runs costs nothing.
 */
export function planSweep(
  base: Record<string, unknown>,
  sweep: Record<string, LinearRange>,
): { paths: string[]; runs: PlannedRun[] } {
  // Every run stores its own copy of the body: a solver request is a few kB, and 200 copies of
  // a megabyte-sized one would be a cheap way to fill the database.
  const baseBytes = Buffer.byteLength(JSON.stringify(base));
  if (baseBytes > MAX_BASE_BYTES) {
    throw new AppError(
      'VALIDATION_ERROR',
      `base_parameters is ${baseBytes} bytes; at most ${MAX_BASE_BYTES} are allowed`,
      {
        details: 'base_parameters',
      },
    );
  }
  const paths = Object.keys(sweep);
  const axes = paths.map((path) => {
    const segments = parsePath(path);
    const current = valueAt(base, segments);
    if (current === undefined) throw invalidPath(path, 'does not exist in base_parameters');
    if (typeof current !== 'number') throw invalidPath(path, 'does not point at a number in base_parameters');
    return { path, segments, values: linearValues(sweep[path]!) };
  });
  const seen = new Set<string>();
  for (const axis of axes) {
    const key = JSON.stringify(axis.segments);
    if (seen.has(key)) throw invalidPath(axis.path, 'is swept twice');
    seen.add(key);
  }
  const total = axes.reduce((n, axis) => n * axis.values.length, 1);
  if (total > MAX_SWEEP_RUNS) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The sweep asks for ${total} runs; at most ${MAX_SWEEP_RUNS} are allowed`,
      {
        details: `sweep_parameters: ${axes.map((a) => `${a.path} ${a.values.length}`).join(' × ')} = ${total}`,
      },
    );
  }
  const runs: PlannedRun[] = [];
  for (let index = 0; index < total; index++) {
    const values: Record<string, number> = {};
    const parameters = structuredClone(base);
    // Mixed-radix digits of the run index, last path fastest (row-major order).
    let rest = index;
    for (let k = axes.length - 1; k >= 0; k--) {
      const axis = axes[k]!;
      const value = axis.values[rest % axis.values.length]!;
      rest = Math.floor(rest / axis.values.length);
      setAt(parameters, axis.segments, value);
      values[axis.path] = value;
    }
    runs.push({
      run_index: index,
      values: Object.fromEntries(paths.map((p) => [p, values[p]!])),
      parameters,
    });
  }
  return { paths, runs };
}
