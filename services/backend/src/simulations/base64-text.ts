/**
 * Base64 text (RFC 4648, padded) of an answer's bytes, written into the answer's own memory
 * (answer-buffers.ts). Node only writes base64 as a string: for a compact 316 × 316 answer that
 * was 3 MB of strings in V8's heap and 3 MB more of copies, enough to bring on a full
 * mark-compact every other answer.
 */
import type { AnswerBuffers } from './answer-buffers.js';

const ALPHABET = Uint8Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', (c) =>
  c.charCodeAt(0),
);
const PAD = 0x3d; // '='
/** The two characters of each 12-bit value, as a little-endian 16-bit pair: half a group of three bytes. */
const PAIRS = Uint32Array.from(
  { length: 4096 },
  (_, i) => (ALPHABET[i >>> 6] as number) | ((ALPHABET[i & 63] as number) << 8),
);

export function base64Text(bytes: Uint8Array, buffers: AnswerBuffers): Uint8Array {
  const out = buffers.take(Math.ceil(bytes.length / 3) * 4);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const whole = bytes.length - (bytes.length % 3);
  let at = 0;
  // Four characters a store: the hot loop of a figure's 100–200 kB.
  for (let i = 0; i < whole; i += 3) {
    const v = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    view.setUint32(at, (PAIRS[v >>> 12] as number) | ((PAIRS[v & 4095] as number) << 16), true);
    at += 4;
  }
  const left = bytes.length - whole;
  if (left > 0) {
    const v = ((bytes[whole] as number) << 16) | (left === 2 ? (bytes[whole + 1] as number) << 8 : 0);
    out[at++] = ALPHABET[v >>> 18] as number;
    out[at++] = ALPHABET[(v >>> 12) & 63] as number;
    out[at++] = left === 2 ? (ALPHABET[(v >>> 6) & 63] as number) : PAD;
    out[at++] = PAD;
  }
  return out.subarray(0, at);
}
