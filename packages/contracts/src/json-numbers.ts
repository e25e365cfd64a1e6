/**
 * The numbers of a simulation's arrays as JSON text (issue 18). A float64 carries 15 significant
 * decimal digits faithfully (DBL_DIG); the one or two more that the shortest round-trip form
 * often shows (3.3333333333333335) are binary noise. Arrays are written with 15 significant
 * digits and no more, trailing zeros dropped: the text is exactly what JSON.stringify writes for
 * `Number(v.toPrecision(15))`, so anything that parses it and writes it again writes the same.
 *
 * It is also the hot loop of a large answer (a 316 × 316 Laplace run is 300,000 numbers), so the
 * digits are found with integer arithmetic and written straight into bytes: about four times
 * faster than V8's own number formatting, and without a string per number.
 */

const DIGITS = 15;
const LOWEST = 1e14; // the smallest 15-digit integer
const HIGHEST = 1e15;
/** 10^0 … 10^22: every one an exact double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
const SPLITTER = 134217729; // 2^27 + 1 (Dekker)
const ZERO = 0x30;
const MINUS = 0x2d;
const DOT = 0x2e;
const LETTER_E = 0x65;
const PLUS = 0x2b;

/**
 * The exact error of the product a·b rounded to `product` (Dekker's two-product): a·b =
 * product + error, with no rounding in the sum.
 */
function productError(a: number, b: number, product: number): number {
  let t = SPLITTER * a;
  const aHigh = t - (t - a);
  const aLow = a - aHigh;
  t = SPLITTER * b;
  const bHigh = t - (t - b);
  const bLow = b - bHigh;
  return aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow;
}

/** fifteenDigits' answer (one object, reused: this runs once per number). */
const digitsOut = { mantissa: 0, exponent: 0 };

/**
 * Finds the 15-digit integer m and the decimal exponent e with |v| ≈ m · 10^(e − 14), rounded as
 * toPrecision rounds (half up), into digitsOut. False when 10^(14 − e) is not an exact double
 * (|v| below 1e-8 or from 1e15 on): the caller then takes the slow exact route.
 */
function fifteenDigits(magnitude: number): boolean {
  // An array's neighbours share their magnitude: the last exponent is the first guess, and
  // log10 is asked only when it was wrong.
  let exponent = digitsOut.exponent;
  for (let attempt = 0; attempt < 4; attempt++) {
    const scale = DIGITS - 1 - exponent;
    if (scale < 0 || scale > 22) {
      if (attempt > 0) return false;
      exponent = Math.floor(Math.log10(magnitude));
      continue;
    }
    const power = POWERS_OF_TEN[scale]!;
    const product = magnitude * power;
    const nearest = Math.round(product);
    // product − nearest is exact (both are multiples of the product's last place, and near);
    // the product's own rounding error decides a value within a hair of the half.
    const offset = product - nearest + productError(magnitude, power, product);
    const mantissa = offset < -0.5 ? nearest - 1 : nearest;
    if (mantissa >= HIGHEST || mantissa < LOWEST) {
      exponent =
        attempt === 0 ? Math.floor(Math.log10(magnitude)) : exponent + (mantissa >= HIGHEST ? 1 : -1);
      continue;
    }
    digitsOut.mantissa = mantissa;
    digitsOut.exponent = exponent;
    return true;
  }
  return false;
}

/** v with 15 significant digits: exactly `Number(v.toPrecision(15))`, faster. */
export function withCarriedDigits(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  const magnitude = Math.abs(v);
  if (!fifteenDigits(magnitude)) return Number(v.toPrecision(DIGITS));
  const scale = DIGITS - 1 - digitsOut.exponent;
  // One correctly rounded division of two exact doubles: the double nearest the decimal.
  const rounded = digitsOut.mantissa / POWERS_OF_TEN[scale]!;
  return v < 0 ? -rounded : rounded;
}

/** Longest text of one number: sign, 15 digits, "0." and five zeros, or a point and "e-308". */
export const MAX_NUMBER_BYTES = 26;

const scratch = new Uint8Array(DIGITS);
/** "00" … "99" as character codes, two per number. */
const PAIRS = Uint8Array.from(
  { length: 200 },
  (_, i) => ZERO + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10),
);

function writePair(value: number, at: number): void {
  scratch[at] = PAIRS[value * 2]!;
  scratch[at + 1] = PAIRS[value * 2 + 1]!;
}

/** Four digits (0 … 9999, leading zeros written) into scratch at `at`. */
function writeFour(value: number, at: number): void {
  const top = (value / 100) | 0;
  writePair(top, at);
  writePair(value - top * 100, at + 2);
}

/**
 * Writes v (15 significant digits, as JSON.stringify writes numbers) into `out` at `at`; returns
 * the position after it. `out` needs MAX_NUMBER_BYTES free. A non-finite v is the caller's bug.
 */
export function writeJsonNumber(v: number, out: Uint8Array, at: number): number {
  if (v === 0) {
    out[at] = ZERO;
    return at + 1;
  }
  const magnitude = Math.abs(v);
  if (!fifteenDigits(magnitude)) {
    const text = JSON.stringify(withCarriedDigits(v));
    for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
    return at;
  }
  if (v < 0) out[at++] = MINUS;
  // The 15 digits two at a time (integers below 2^31 after the first split), then the trailing
  // zeros dropped.
  const mantissa = digitsOut.mantissa;
  const high = Math.floor(mantissa / 1e8); // 7 digits
  const low = mantissa - high * 1e8; // 8 digits
  const highTop = (high / 10000) | 0; // 3 digits
  const highRest = high - highTop * 10000;
  const lowTop = (low / 10000) | 0;
  const lowRest = low - lowTop * 10000;
  const first = (highTop / 100) | 0;
  scratch[0] = ZERO + first;
  writePair(highTop - first * 100, 1);
  writeFour(highRest, 3);
  writeFour(lowTop, 7);
  writeFour(lowRest, 11);
  let count = DIGITS;
  while (count > 1 && scratch[count - 1] === ZERO) count--;
  // Number::toString's layout, with n the position of the decimal point after the first digit.
  const n = digitsOut.exponent + 1;
  if (count <= n && n <= 21) {
    for (let i = 0; i < count; i++) out[at++] = scratch[i]!;
    for (let i = count; i < n; i++) out[at++] = ZERO;
  } else if (n > 0 && n <= 21) {
    for (let i = 0; i < n; i++) out[at++] = scratch[i]!;
    out[at++] = DOT;
    for (let i = n; i < count; i++) out[at++] = scratch[i]!;
  } else if (n > -6 && n <= 0) {
    out[at++] = ZERO;
    out[at++] = DOT;
    for (let i = n; i < 0; i++) out[at++] = ZERO;
    for (let i = 0; i < count; i++) out[at++] = scratch[i]!;
  } else {
    out[at++] = scratch[0]!;
    if (count > 1) {
      out[at++] = DOT;
      for (let i = 1; i < count; i++) out[at++] = scratch[i]!;
    }
    out[at++] = LETTER_E;
    out[at++] = n - 1 < 0 ? MINUS : PLUS;
    const exponentText = String(Math.abs(n - 1));
    for (let i = 0; i < exponentText.length; i++) out[at++] = exponentText.charCodeAt(i);
  }
  return at;
}

/** About how many bytes of JSON text one piece of arrayJsonPieces carries. */
const PIECE_BYTES = 64 * 1024;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const COMMA = 0x2c;

/** Rows of values of this shape as arrayJsonPieces writes them (a grid's rows, or one list). */
function rowsOf(length: number, shape: readonly number[]): { grid: boolean; rows: number; cols: number } {
  const grid = shape.length === 2;
  return grid ? { grid, rows: shape[0] ?? 0, cols: shape[1] ?? 0 } : { grid, rows: 1, cols: length };
}

/** The most bytes arrayJsonPieces writes for `length` values of this shape. */
export function arrayJsonBytesBound(length: number, shape: readonly number[]): number {
  return length * (MAX_NUMBER_BYTES + 1) + rowsOf(length, shape).rows * 3 + 2;
}

/**
 * The JSON text of numeric values of the given shape (nested arrays for two dimensions, row 0
 * first), as pieces of about 64 kB so a long array can be written without holding the event loop.
 * Each number has 15 significant digits (json-numbers.ts). The sim service and the backend both
 * write arrays with this, so data.json reads the same whichever wrote it. The pieces are
 * consecutive views of one buffer, `out` when the caller gives one (at least arrayJsonBytesBound
 * long), so a caller may take them whole as one view.
 */
export function* arrayJsonPieces(
  values: Float64Array,
  shape: readonly number[],
  out: Uint8Array = new Uint8Array(arrayJsonBytesBound(values.length, shape)),
): Generator<Uint8Array> {
  const { grid, rows, cols } = rowsOf(values.length, shape);
  if (out.byteLength < arrayJsonBytesBound(values.length, shape))
    throw new RangeError('arrayJsonPieces: the buffer is shorter than arrayJsonBytesBound');
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
