/**
 * A run's arrays as its answer carries them, made by the backend from the float64 values the sim
 * service sends (issue 18): while the sim service draws the figure on its core, this process
 * writes the JSON (or rounds the values for a compact answer) on the other, so the answer is
 * ready when the figure is.
 */
import { arrayJsonPieces, withCarriedDigits } from '@faraday/contracts';

/** Longest stretch of work before the event loop gets a turn. */
const SLICE_MS = 4;

/** Call `turn()` between steps of long work: it gives the event loop a turn every SLICE_MS. */
function slices(): { turn: () => Promise<void> | undefined } {
  let start = performance.now();
  return {
    turn() {
      if (performance.now() - start <= SLICE_MS) return undefined;
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          start = performance.now();
          resolve();
        }),
      );
    },
  };
}

/**
 * The JSON text of one array, written in slices of a few milliseconds so the backend keeps
 * answering other requests meanwhile (300,000 numbers take some 25 ms). One view of one buffer:
 * arrayJsonPieces writes its pieces back to back.
 */
export async function arrayJsonText(values: Float64Array, shape: readonly number[]): Promise<Uint8Array> {
  let first: Uint8Array | undefined;
  let bytes = 0;
  const work = slices();
  for (const piece of arrayJsonPieces(values, shape)) {
    first ??= piece;
    bytes += piece.byteLength;
    await work.turn();
  }
  return first ? new Uint8Array(first.buffer, first.byteOffset, bytes) : new Uint8Array(0);
}

/** Values per check of the clock while rounding (some 20 µs of work). */
const ROUNDING_STEP = 512;

/**
 * The values with the 15 significant digits they carry (json-numbers.ts), as the JSON forms and
 * data.json write them, so a compact answer holds the same numbers; in slices, as above.
 */
export async function carriedValues(values: Float64Array): Promise<Float64Array> {
  const out = new Float64Array(values.length);
  const work = slices();
  for (let start = 0; start < values.length; start += ROUNDING_STEP) {
    const end = Math.min(values.length, start + ROUNDING_STEP);
    for (let i = start; i < end; i++) out[i] = withCarriedDigits(values[i] as number);
    await work.turn();
  }
  return out;
}
