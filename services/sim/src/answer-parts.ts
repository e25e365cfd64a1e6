/**
 * A solver's output as a parts answer (@faraday/contracts' simulation-parts): the
 * numeric arrays (every Grid2D and Float64Array) are taken out as float64 values, and the rest
 * becomes a small JSON document with `{"$array": i}` where array i stood. The backend records
 * and answers from these without ever parsing the numbers.
 */
import {
  type ArrayRef,
  arrayJsonBytesBound,
  arrayJsonPieces,
  documentJsonPieces,
  sizeOf,
} from '@faraday/contracts';
import { isGrid2D, PhysicsError } from '@faraday/physics';

export interface SplitOutput {
  /** The output with each array replaced by its ArrayRef; plain JSON values otherwise. */
  document: Record<string, unknown>;
  shapes: number[][];
  /**
   * Each array's values, in the order of `shapes`: the solver's own where they live in shared
   * memory (grids, see physics' shareGrids), a copy otherwise.
   */
  arrays: Float64Array[];
  /** The copies' buffers, to transfer with them (shared memory is shared, not moved). */
  transfer: ArrayBuffer[];
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

  // This runs between the solver and the figure, so on every answer's path: a grid in shared
  // memory goes as it is (the figure only reads it), and the values are checked without a branch
  // per value (v - v is 0 for a finite v, NaN otherwise); only a failed check looks for the value
  // to name.
  let check = 0;
  for (const { data } of arrays) {
    for (let i = 0; i < data.length; i++) {
      const v = data[i] as number;
      check += v - v;
    }
  }
  if (check !== 0) {
    for (const { data, path } of arrays) {
      const i = data.findIndex((v) => !Number.isFinite(v));
      if (i >= 0) throw nonFinite(`${path}[${i}]`, data[i] as number);
    }
  }
  const transfer: ArrayBuffer[] = [];
  const values = arrays.map(({ data }) => {
    if (data.buffer instanceof SharedArrayBuffer) return data;
    const copy = data.slice();
    transfer.push(copy.buffer);
    return copy;
  });
  return { document, shapes: arrays.map((a) => a.shape), arrays: values, transfer };
}

const encoder = new TextEncoder();

/**
 * The success envelope of a split output as JSON bytes, each array written by contracts' number
 * writer straight into the bytes (the text toWire and JSON.stringify gave, without a JS number per
 * value or a string of megabytes: for a 316 × 316 Laplace run that was most of the sim service's
 * time and a full garbage collection of the worker every few answers). One buffer of its own,
 * ready to transfer.
 */
export function envelopeJson(data: Record<string, unknown>, split: Pick<SplitOutput, 'arrays' | 'shapes'>) {
  const pieces = [...documentJsonPieces({ success: true, data })];
  const shapeOf = (ref: ArrayRef) => split.shapes[ref.$array] ?? [];
  let bound = 0;
  for (const piece of pieces) {
    bound +=
      typeof piece === 'string'
        ? piece.length * 3
        : arrayJsonBytesBound(sizeOf(shapeOf(piece)), shapeOf(piece));
  }
  const out = new Uint8Array(bound);
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      at += encoder.encodeInto(piece, out.subarray(at)).written;
      continue;
    }
    const values = split.arrays[piece.$array];
    if (!values) throw new Error(`envelope: no array ${piece.$array}`);
    for (const written of arrayJsonPieces(values, shapeOf(piece), out.subarray(at))) at += written.byteLength;
  }
  return out.subarray(0, at);
}
