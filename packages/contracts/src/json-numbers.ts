/**
 * The numbers of a simulation's arrays as JSON text. A float64 carries 15 significant
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
  // An array's neighbours share their magnitude, or differ by one decade: the last exponent is the
  // first guess, then one step up or down, and log10 is asked only when it was far off.
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
    // The product is below 2^50 when it is kept, so the half between two integers is a double and
    // rounding to the product cannot cross it: only a product that is exactly the half (Math.round
    // took it up) may stand for a value below it, and the product's exact error decides
    // (product − nearest is exact: both are multiples of the product's last place, and near).
    const offset = product - nearest;
    const below = offset === -0.5 && productError(magnitude, power, product) < 0;
    const mantissa = below ? nearest - 1 : nearest;
    if (mantissa >= HIGHEST || mantissa < LOWEST) {
      const farOff = mantissa >= 10 * HIGHEST || mantissa < LOWEST / 10;
      if (attempt === 0 && farOff) exponent = Math.floor(Math.log10(magnitude));
      else exponent += mantissa >= HIGHEST ? 1 : -1;
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

/** "0000" … "9999", each as its four character codes in one little-endian 32-bit word. */
const FOUR_DIGITS = Uint32Array.from({ length: 10_000 }, (_, i) => {
  const text = String(i).padStart(4, '0');
  return (
    text.charCodeAt(0) | (text.charCodeAt(1) << 8) | (text.charCodeAt(2) << 16) | (text.charCodeAt(3) << 24)
  );
});

/**
 * The 15 digits of a mantissa (10^14 ≤ m < 10^15) after one pad byte "0", as 16 bytes at `at`: four
 * words of four digits, the splits in 32-bit integers. Returns how many digits are left once
 * trailing zeros are dropped.
 */
function writeDigits(view: DataView, at: number, mantissa: number): number {
  const high = (mantissa / 1e8) | 0; // the first 7 digits
  const low = (mantissa - high * 1e8) | 0; // the last 8
  const highTop = (high / 10_000) | 0;
  const lowTop = (low / 10_000) | 0;
  view.setUint32(at, FOUR_DIGITS[highTop]!, true);
  view.setUint32(at + 4, FOUR_DIGITS[high - highTop * 10_000]!, true);
  view.setUint32(at + 8, FOUR_DIGITS[lowTop]!, true);
  view.setUint32(at + 12, FOUR_DIGITS[low - lowTop * 10_000]!, true);
  let count = DIGITS;
  let rest = low === 0 ? high : low;
  if (low === 0) count -= 8;
  while (rest % 10 === 0 && count > 1) {
    count--;
    rest = (rest / 10) | 0;
  }
  return count;
}

const scratch = new Uint8Array(DIGITS + 1);
const scratchView = new DataView(scratch.buffer);

/**
 * Writes v (15 significant digits, as JSON.stringify writes numbers) into `out` at `at`; returns
 * the position after it. `out` needs MAX_NUMBER_BYTES free: the bytes after the number, up to that
 * many from `at`, may be overwritten. `view` is a DataView of `out` (a caller writing many numbers
 * makes it once). A non-finite v is the caller's bug.
 */
export function writeJsonNumber(
  v: number,
  out: Uint8Array,
  at: number,
  view = new DataView(out.buffer, out.byteOffset, out.byteLength),
): number {
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
  const { mantissa, exponent } = digitsOut;
  // Number::toString's layouts, with n the position of the decimal point after the first digit.
  const n = exponent + 1;
  if (n >= 1 && n <= DIGITS - 1) {
    // d…d.d…d, most values of a field: the digits land one byte on, then the first n move back
    // over the pad and the point goes after them.
    const count = writeDigits(view, at, mantissa);
    if (n < count) {
      for (let i = at; i < at + n; i++) out[i] = out[i + 1]!;
      out[at + n] = DOT;
      return at + count + 1;
    }
  } else if (n > -6 && n <= 0) {
    // 0.0…0d…d: the digits land after "0." and -n zeros, their pad byte under the last of those.
    const first = at + 2 - n;
    const count = writeDigits(view, first - 1, mantissa);
    out[at] = ZERO;
    out[at + 1] = DOT;
    for (let i = at + 2; i < first; i++) out[i] = ZERO;
    return first + count;
  }
  // Integers and exponent forms, rare in a field: from the digits written apart.
  const count = writeDigits(scratchView, 0, mantissa);
  if (count <= n && n <= 21) {
    for (let i = 1; i <= count; i++) out[at++] = scratch[i]!;
    for (let i = count; i < n; i++) out[at++] = ZERO;
  } else {
    out[at++] = scratch[1]!;
    if (count > 1) {
      out[at++] = DOT;
      for (let i = 2; i <= count; i++) out[at++] = scratch[i]!;
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
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
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
      at = writeJsonNumber(values[i]!, out, at, view);
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
