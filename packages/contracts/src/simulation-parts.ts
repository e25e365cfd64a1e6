import { z } from 'zod';
import { MAX_NUMBER_BYTES, writeJsonNumber } from './json-numbers.js';

/**
 * The simulation service's answer in parts (issue 18): what the backend asks for instead of the
 * JSON envelope, so it can record the run and answer its caller without parsing and
 * re-serialising megabytes of numbers. The same layout keeps a run's numbers in the blob store
 * when no JSON text of them was made (the backend serves that blob as data.json, rendered).
 *
 *   faraday-sim-parts/1\n        magic line
 *   <head JSON>\n                 {document, png_bytes, arrays: [{shape, encoding, bytes}]}
 *   <png bytes><array 0>...       the parts, back to back, lengths from the head
 *
 * `document` is a JSON value in which each numeric array stands as `{"$array": i}`: array i is
 * part i, as JSON text (`json`) or as little-endian float64 values (`float64`).
 */
export const SIM_PARTS_MEDIA_TYPE = 'application/vnd.faraday.sim-parts';
const MAGIC = 'faraday-sim-parts/1\n';
const NEWLINE = 0x0a;

export const arrayPartSchema = z.object({
  shape: z.array(z.number().int().min(0)),
  encoding: z.enum(['json', 'float64']),
  bytes: z.number().int().min(0),
});
export type ArrayPart = z.infer<typeof arrayPartSchema>;

export const simPartsHeadSchema = z.object({
  document: z.unknown(),
  png_bytes: z.number().int().min(0),
  arrays: z.array(arrayPartSchema),
});
export type SimPartsHead = z.infer<typeof simPartsHeadSchema>;

/** Where an array stands in a document. */
export interface ArrayRef {
  $array: number;
}

export function isArrayRef(value: unknown): value is ArrayRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Partial<ArrayRef>).$array === 'number'
  );
}

export interface SimParts {
  head: SimPartsHead;
  png: Uint8Array;
  arrays: Uint8Array[];
}

export interface SimPartsInput {
  /** The document, already as JSON text (the worker writes it; no second pass here). */
  documentJson: string;
  png: Uint8Array;
  arrays: { shape: number[]; encoding: ArrayPart['encoding']; bytes: Uint8Array }[];
}

/** The bytes of a parts body, as chunks to send or store one after the other. */
export function encodeSimParts(input: SimPartsInput): Uint8Array[] {
  const arrays = JSON.stringify(
    input.arrays.map((a) => ({ shape: a.shape, encoding: a.encoding, bytes: a.bytes.byteLength })),
  );
  const head = `{"document":${input.documentJson},"png_bytes":${input.png.byteLength},"arrays":${arrays}}`;
  return [new TextEncoder().encode(`${MAGIC}${head}\n`), input.png, ...input.arrays.map((a) => a.bytes)];
}

export function isSimParts(body: Uint8Array): boolean {
  if (body.byteLength < MAGIC.length) return false;
  for (let i = 0; i < MAGIC.length; i++) if (body[i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/** Splits a parts body (views into it, no copies). Throws an Error saying what is wrong. */
export function decodeSimParts(body: Uint8Array): SimParts {
  if (!isSimParts(body)) throw new Error('not a faraday-sim-parts/1 body');
  const headEnd = body.indexOf(NEWLINE, MAGIC.length);
  if (headEnd < 0) throw new Error('sim parts: the head has no end');
  const head = simPartsHeadSchema.parse(
    JSON.parse(new TextDecoder().decode(body.subarray(MAGIC.length, headEnd))),
  );
  let at = headEnd + 1;
  const take = (bytes: number) => {
    if (at + bytes > body.byteLength) throw new Error('sim parts: shorter than its head says');
    const part = body.subarray(at, at + bytes);
    at += bytes;
    return part;
  };
  const png = take(head.png_bytes);
  const arrays = head.arrays.map((a) => {
    const count = a.shape.reduce((x, y) => x * y, 1);
    if (a.encoding === 'float64' && a.bytes !== count * 8)
      throw new Error(`sim parts: ${a.bytes} bytes of float64 for shape [${a.shape.join(', ')}]`);
    return take(a.bytes);
  });
  if (at !== body.byteLength) throw new Error('sim parts: longer than its head says');
  return { head, png, arrays };
}

/** About how many bytes of JSON text one piece of arrayJsonPieces carries. */
const PIECE_BYTES = 64 * 1024;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const COMMA = 0x2c;

/**
 * The JSON text of numeric values of the given shape (nested arrays for two dimensions, row 0
 * first), as pieces of about 64 kB so a long array can be written without holding the event loop.
 * Each number has 15 significant digits (json-numbers.ts). The sim service and the backend both
 * write arrays with this, so data.json reads the same whichever wrote it. The pieces are
 * consecutive views of one buffer, so a caller may take them whole as one view.
 */
export function* arrayJsonPieces(values: Float64Array, shape: readonly number[]): Generator<Uint8Array> {
  const grid = shape.length === 2;
  const rows = grid ? (shape[0] ?? 0) : 1;
  const cols = grid ? (shape[1] ?? 0) : values.length;
  const out = new Uint8Array(values.length * (MAX_NUMBER_BYTES + 1) + rows * 3 + 2);
  let at = 0;
  let start = 0;
  out[at++] = OPEN;
  for (let r = 0; r < rows; r++) {
    if (grid) {
      if (r > 0) out[at++] = COMMA;
      out[at++] = OPEN;
    }
    const first = r * cols;
    for (let i = first; i < first + cols; i++) {
      if (i > first) out[at++] = COMMA;
      at = writeJsonNumber(values[i]!, out, at);
    }
    if (grid) out[at++] = CLOSE;
    if (at - start >= PIECE_BYTES && r < rows - 1) {
      yield out.subarray(start, at);
      start = at;
    }
  }
  out[at++] = CLOSE;
  yield out.subarray(start, at);
}
