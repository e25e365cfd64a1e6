/**
 * A solver's output as a parts answer (issue 18; @faraday/contracts' simulation-parts): the
 * numeric arrays (every Grid2D and Float64Array) are taken out as float64 values, and the rest
 * becomes a small JSON document with `{"$array": i}` where array i stood. The backend records
 * and answers from these without ever parsing the numbers.
 */
import { type ArrayRef, arrayJsonPieces } from '@faraday/contracts';
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

/** Elements of an array of this shape. */
export function sizeOf(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** The pieces of one array as one view: they are consecutive views of one buffer (no copy). */
function joinedPieces(pieces: readonly Uint8Array[]): Uint8Array {
  const first = pieces[0];
  if (!first) return new Uint8Array(0);
  const bytes = pieces.reduce((n, p) => n + p.byteLength, 0);
  return new Uint8Array(first.buffer, first.byteOffset, bytes);
}

/** Longest stretch of JSON writing before the event loop gets a turn. */
const SLICE_MS = 4;

/**
 * The JSON text of each array (as the contracts write it), handed to `each` as soon as it is
 * written, on the service's own thread while the worker draws the figure: the two run side by
 * side on two cores. Written in slices of a few milliseconds, so the service keeps answering
 * other requests meanwhile. `stopped()` abandons the work (the computation failed or the caller
 * left).
 */
export async function arraysAsJson(
  values: Float64Array,
  shapes: readonly number[][],
  stopped: () => boolean,
  each: (shape: number[], json: Uint8Array) => void,
): Promise<void> {
  let offset = 0;
  let sliceStart = performance.now();
  for (const shape of shapes) {
    const count = sizeOf(shape);
    const pieces: Uint8Array[] = [];
    for (const piece of arrayJsonPieces(values.subarray(offset, offset + count), shape)) {
      pieces.push(piece);
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        if (stopped()) throw new Error('arrays no longer wanted');
        sliceStart = performance.now();
      }
    }
    offset += count;
    each(shape, joinedPieces(pieces));
  }
}
