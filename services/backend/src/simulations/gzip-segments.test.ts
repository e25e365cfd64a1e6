import { randomBytes } from 'node:crypto';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, GzipSegments, PIECE_BYTES, SEGMENT_MIN_BYTES, storedBlocks } from './gzip-segments.js';

/** Text like an answer's arrays: digits, commas and brackets, not very compressible. */
function digits(bytes: number): Uint8Array {
  const random = randomBytes(bytes);
  return Buffer.from(Array.from(random, (b) => ',0123456789.e-'[b % 14]).join(''));
}

async function collect(stream: AsyncIterable<Buffer>, eachPiece?: () => Promise<void>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const piece of stream) {
    out.push(piece);
    await eachPiece?.();
  }
  return Buffer.concat(out);
}

describe('gzip streamed ahead of segments compressed while the figure is drawn', () => {
  it('is one valid gzip stream of the chunks in order (CRC-32 and length checked by gunzip)', async () => {
    const big = [digits(SEGMENT_MIN_BYTES * 3), digits(SEGMENT_MIN_BYTES), digits(PIECE_BYTES * 2 + 17)];
    const small = ['{"a":', '],"b":[', ']}'].map((t) => Buffer.from(t));
    const chunks = [small[0]!, big[0]!, small[1]!, big[1]!, big[2]!, small[2]!];
    const segments = new GzipSegments();
    for (const chunk of chunks) segments.add(chunk);
    expect(segments.size).toBe(3);
    await segments.settled();
    const gzip = await collect(segments.stream(chunks));
    expect(gunzipSync(gzip).equals(Buffer.concat(chunks))).toBe(true);
    // Every piece was compressed before the stream reached it.
    expect(gzip.length).toBeLessThan(Buffer.concat(chunks).length * 0.6);
  });

  it('sends a piece the compressor has not reached as it is: the same body, larger', async () => {
    const big = digits(PIECE_BYTES * 6 + 1234);
    const chunks = [Buffer.from('{"a":'), big, Buffer.from('}')];
    const eager = new GzipSegments();
    for (const chunk of chunks) eager.add(chunk);
    // Read at once (a fast socket): the compressor is at its first piece when the stream starts.
    const fast = await collect(eager.stream(chunks));
    expect(gunzipSync(fast).equals(Buffer.concat(chunks))).toBe(true);
    const patient = new GzipSegments();
    for (const chunk of chunks) patient.add(chunk);
    // Read slowly (a slow socket): the compressor keeps ahead and every piece leaves compressed.
    const slow = await collect(patient.stream(chunks), () => patient.settled());
    expect(gunzipSync(slow).equals(Buffer.concat(chunks))).toBe(true);
    expect(fast.length).toBeGreaterThan(slow.length + PIECE_BYTES);
  });

  it('compresses nothing more for an answer that will not be sent', async () => {
    const big = digits(PIECE_BYTES * 4);
    const segments = new GzipSegments();
    segments.add(big);
    segments.discard();
    await segments.settled();
    // Everything but the piece already in the compressor leaves as it is.
    const gzip = await collect(segments.stream([big]));
    expect(gunzipSync(gzip).equals(Buffer.from(big))).toBe(true);
    expect(gzip.length).toBeGreaterThan(big.byteLength * 0.7);
  });

  it('also when the body ends with a segment compressed ahead, or has none', async () => {
    const chunk = digits(SEGMENT_MIN_BYTES);
    const segments = new GzipSegments();
    segments.add(chunk);
    expect(gunzipSync(await collect(segments.stream([chunk]))).equals(chunk)).toBe(true);
    const none = new GzipSegments();
    const text = Buffer.from('{"small":true}');
    none.add(text);
    expect(none.size).toBe(0);
    expect(gunzipSync(await collect(none.stream([text]))).toString()).toBe('{"small":true}');
  });

  it('stored blocks carry bytes as they are, in blocks of at most 65,535', () => {
    const bytes = digits(70_000);
    const blocks = storedBlocks(bytes);
    expect(blocks).toHaveLength(4); // two headers, two parts
    // A final empty stored block closes the raw stream for the check.
    const closed = Buffer.concat([...blocks, Buffer.from([1, 0, 0, 0xff, 0xff])]);
    expect(inflateRawSync(closed).equals(Buffer.from(bytes))).toBe(true);
    expect(storedBlocks(new Uint8Array(0))).toEqual([]);
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
