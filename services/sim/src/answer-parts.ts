/**
 * A solver's output as a parts answer (issue 18; @faraday/contracts' simulation-parts): the
 * numeric arrays (every Grid2D and Float64Array) are taken out as float64 values, and the rest
 * becomes a small JSON document with `{"$array": i}` where array i stood. The backend records
 * and answers from these without ever parsing the numbers.
 */
import type { ArrayRef } from '@faraday/contracts';
import { isGrid2D, PhysicsError } from '@faraday/physics';

export interface SplitOutput {
  /** The output with each array replaced by its ArrayRef; plain JSON values otherwise. */
  document: Record<string, unknown>;
  shapes: number[][];
  /** The arrays' values back to back, in the order of `shapes`. */
  values: Float64Array;
}

function nonFinite(path: string, value: number): PhysicsError {
  // As toWire: a non-finite number is a solver bug, never silently null in JSON.
  return new PhysicsError('COMPUTATION_FAILED', 'The solver produced a non-finite number', {
    details: `${path} is ${value}`,
  });
}

export function splitArrays(output: object): SplitOutput {
  const arrays: { data: Float64Array; shape: number[]; path: string }[] = [];
  const take = (data: Float64Array, shape: number[], path: string): ArrayRef => {
    arrays.push({ data, shape, path });
    return { $array: arrays.length - 1 };
  };
  const convert = (value: unknown, path: string): unknown => {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw nonFinite(path, value);
      return value;
    }
    if (value === null || typeof value !== 'object') return value;
    if (isGrid2D(value)) return take(value.data, [value.ny, value.nx], path);
    if (value instanceof Float64Array) return take(value, [value.length], path);
    if (Array.isArray(value)) return value.map((item, i) => convert(item, `${path}[${i}]`));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = convert(item, `${path}.${key}`);
    }
    return out;
  };
  const document = convert(output, 'output') as Record<string, unknown>;

  const values = new Float64Array(arrays.reduce((n, a) => n + a.data.length, 0));
  let at = 0;
  for (const { data, path } of arrays) {
    for (let i = 0; i < data.length; i++) {
      const v = data[i]!;
      if (!Number.isFinite(v)) throw nonFinite(`${path}[${i}]`, v);
    }
    values.set(data, at);
    at += data.length;
  }
  return { document, shapes: arrays.map((a) => a.shape), values };
}
