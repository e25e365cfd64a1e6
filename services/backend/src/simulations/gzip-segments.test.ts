import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, GzipSegments, SEGMENT_MIN_BYTES } from './gzip-segments.js';

/** Text like an answer's arrays: digits, commas and brackets, not very compressible. */
function digits(bytes: number): Uint8Array {
  const random = randomBytes(bytes);
  return Buffer.from(Array.from(random, (b) => ',0123456789.e-'[b % 14]).join(''));
}

describe('gzip joined from segments compressed ahead', () => {
  it('is one valid gzip stream of the chunks in order (CRC-32 and length checked by gunzip)', async () => {
    const big = [digits(SEGMENT_MIN_BYTES * 3), digits(SEGMENT_MIN_BYTES), digits(SEGMENT_MIN_BYTES * 2)];
    const small = ['{"a":', '],"b":[', ']}'].map((t) => Buffer.from(t));
    const chunks = [small[0]!, big[0]!, small[1]!, big[1]!, big[2]!, small[2]!];
    const segments = new GzipSegments();
    for (const chunk of chunks) segments.add(chunk);
    expect(segments.size).toBe(3);
    const gzip = Buffer.concat(await segments.join(chunks));
    expect(gunzipSync(gzip).equals(Buffer.concat(chunks))).toBe(true);
    expect(gzip.length).toBeLessThan(Buffer.concat(chunks).length);
  });

  it('also when the body ends with a segment compressed ahead, or has none', async () => {
    const chunk = digits(SEGMENT_MIN_BYTES);
    const segments = new GzipSegments();
    segments.add(chunk);
    expect(gunzipSync(Buffer.concat(await segments.join([chunk]))).equals(chunk)).toBe(true);
    const none = new GzipSegments();
    const text = Buffer.from('{"small":true}');
    none.add(text);
    expect(none.size).toBe(0);
    expect(gunzipSync(Buffer.concat(await none.join([text]))).toString()).toBe('{"small":true}');
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['*', true],
    ['br, *;q=0.1', true],
    ['br', false],
    ['identity', false],
    ['gzip;q=0, br', false],
    ['*, gzip;q=0', false],
    ['', false],
  ])('%j admits gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
  it('no header admits nothing', () => expect(acceptsGzip(undefined)).toBe(false));
});
