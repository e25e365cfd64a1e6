/**
 * A run's arrays as its answer carries them, made by the backend from the float64 values the sim
 * service sends: while the sim service draws the figure on its core, this process
 * writes the JSON (or rounds the values for a compact answer) on the other, so the answer is
 * ready when the figure is.
 */
import { arrayJsonBytesBound, arrayJsonPieces, withCarriedDigits } from '@faraday/contracts';
import type { AnswerBuffers } from './answer-buffers.js';

/** Longest stretch of work before the event loop gets a turn. */
const SLICE_MS = 4;

/**
 * One budget for the whole process, not one per array: with a budget each, n arrays being written
 * (three for one laplace2d answer, more when several answers are made at once) held the event
 * loop n slices in a row, and every other request waited that long.
 */
let sliceStart = performance.now();
let nextTurn: Promise<void> | undefined;

/** Call between steps of long work: it gives the event loop a turn once SLICE_MS have gone by. */
function turn(): Promise<void> | undefined {
  if (performance.now() - sliceStart <= SLICE_MS) return undefined;
  nextTurn ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      nextTurn = undefined;
      sliceStart = performance.now();
      resolve();
    }),
  );
  return nextTurn;
}

/**
 * The JSON text of one array, written in slices of a few milliseconds so the backend keeps
 * answering other requests meanwhile (300,000 numbers take some 25 ms), into one of the answer's
 * buffers: one view of it, as arrayJsonPieces writes its pieces back to back.
 */
export async function arrayJsonText(
  values: Float64Array,
  shape: readonly number[],
  buffers: AnswerBuffers,
): Promise<Uint8Array> {
  const out = buffers.take(arrayJsonBytesBound(values.length, shape));
  let bytes = 0;
  for (const piece of arrayJsonPieces(values, shape, out)) {
    bytes += piece.byteLength;
    await turn();
  }
  return out.subarray(0, bytes);
}

/** Values per check of the clock while rounding (some 20 µs of work). */
const ROUNDING_STEP = 512;

/**
 * The values with the 15 significant digits they carry (json-numbers.ts), as the JSON forms and
 * data.json write them, so a compact answer holds the same numbers; in slices, as above.
 */
export async function carriedValues(values: Float64Array, buffers: AnswerBuffers): Promise<Float64Array> {
  const out = new Float64Array(buffers.take(values.byteLength).buffer, 0, values.length);
  for (let start = 0; start < values.length; start += ROUNDING_STEP) {
    const end = Math.min(values.length, start + ROUNDING_STEP);
    for (let i = start; i < end; i++) out[i] = withCarriedDigits(values[i] as number);
    await turn();
  }
  return out;
}
