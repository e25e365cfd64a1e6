/**
 * `toWire` turns a solver output into plain JSON values with exactly the wire's shapes: every
 * Grid2D becomes number[][] (ny rows of nx numbers, row 0 = top), every Float64Array a number[]
 * of values with the 15 significant digits a double carries (contracts' json-numbers.ts), as the
 * backend's answers and data.json write them.
 * A non-finite number would silently become null in JSON.stringify; here it is a
 * COMPUTATION_FAILED error naming the path, because it means a solver bug, not a user error.
 */
import { withCarriedDigits } from '@faraday/contracts';
import { PhysicsError } from './errors.js';
import type { Grid2D } from './numerics/grid.js';

/** The JSON shape of a value after `toWire`. */
export type Wire<T> = T extends Grid2D
  ? number[][]
  : T extends Float64Array
    ? number[]
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export function isGrid2D(value: unknown): value is Grid2D {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Partial<Grid2D>;
  return (
    g.data instanceof Float64Array &&
    typeof g.nx === 'number' &&
    typeof g.ny === 'number' &&
    g.data.length === g.nx * g.ny &&
    Object.keys(value).length === 3
  );
}

export function toWire<T>(output: T): Wire<T> {
  return convert(output, 'output') as Wire<T>;
}

function convert(value: unknown, path: string): unknown {
  if (typeof value === 'number') return finite(value, path);
  if (value === null || typeof value !== 'object') return value;
  if (isGrid2D(value)) {
    const rows: number[][] = new Array(value.ny);
    for (let i = 0; i < value.ny; i++) {
      rows[i] = floats(value.data.subarray(i * value.nx, (i + 1) * value.nx), `${path}[${i}]`);
    }
    return rows;
  }
  if (value instanceof Float64Array) return floats(value, path);
  if (Array.isArray(value)) return value.map((item, i) => convert(item, `${path}[${i}]`));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) out[key] = convert(item, `${path}.${key}`);
  }
  return out;
}

function floats(values: Float64Array, path: string): number[] {
  const out: number[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = withCarriedDigits(finite(values[i]!, `${path}[${i}]`));
  return out;
}

function finite(value: number, path: string): number {
  if (Number.isFinite(value)) return value;
  throw new PhysicsError('COMPUTATION_FAILED', 'The solver produced a non-finite number', {
    details: `${path} is ${value}`,
  });
}
