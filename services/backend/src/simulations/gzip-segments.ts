/**
 * gzip of a large answer compressed while the figure is drawn. A 316 × 316 laplace2d answer is
 * 7 MB of JSON, nearly all of it arrays whose text exists long before the figure does; compressing
 * the whole body only once it is complete put ~0.3–0.5 s of compression on the request's critical
 * path. Instead each large array is compressed on its own as soon as its JSON is written, into a
 * raw deflate segment that ends on a byte boundary (a sync flush, no final block); the rest of the
 * body (keys, scalars, the PNG) is compressed at the end, and the segments are joined in body order
 * into one deflate stream, as pigz joins its parallel pieces. Each segment starts without the
 * previous one's history, which costs a little ratio and no validity. The gzip wrapper's CRC-32 and
 * length are of the whole uncompressed body.
 */
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

/** Arrays below this size are compressed with the rest of the body at the end. */
export const SEGMENT_MIN_BYTES = 64 * 1024;

/** zlib's output pieces: 1 MiB, not its 16 KiB default (fewer trips between threads). */
const CHUNK = 1024 * 1024;

/**
 * Huffman coding alone, no string matching: JSON digits are nearly random, so matching buys
 * little (7.2 MB of a 316 × 316 answer: 3.4 MB against level 1's 3.0 MB) and costs most of the
 * time (about 1.6× Huffman's here); the segment must be ready when the figure is.
 */
function segment(bytes: Uint8Array, last: boolean): Promise<Buffer> {
  return deflate(bytes, {
    level: 1,
    strategy: constants.Z_HUFFMAN_ONLY,
    chunkSize: CHUNK,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
  });
}

/** Segments compressed ahead, keyed by the body chunk they compress (the very same bytes). */
export class GzipSegments {
  private readonly ready = new Map<Uint8Array, Promise<Buffer>>();

  /** Starts compressing `bytes` (a chunk the body will carry as it is) when it is large enough. */
  add(bytes: Uint8Array): void {
    if (bytes.byteLength < SEGMENT_MIN_BYTES) return;
    const compressed = segment(bytes, false);
    compressed.catch(() => undefined); // awaited when the body is joined, or dropped with the run
    this.ready.set(bytes, compressed);
  }

  get size(): number {
    return this.ready.size;
  }

  /** The gzip of `chunks` in order, reusing the segments compressed ahead. */
  async join(chunks: readonly Uint8Array[]): Promise<Buffer[]> {
    const pieces: Promise<Buffer>[] = [];
    let pending: Uint8Array[] = [];
    const flushPending = (last: boolean) => {
      if (pending.length === 0 && !last) return;
      pieces.push(segment(Buffer.concat(pending), last));
      pending = [];
    };
    let crc = 0;
    let length = 0;
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      length += chunk.byteLength;
      const ahead = this.ready.get(chunk);
      if (ahead) {
        flushPending(false);
        pieces.push(ahead);
      } else pending.push(chunk);
    }
    flushPending(true);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    // magic, deflate, no flags, no time, no extra flags, unknown OS
    const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
    return [header, ...(await Promise.all(pieces)), trailer];
  }
}

/** Whether an Accept-Encoding header admits gzip (named, or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzip: boolean | undefined;
  let any = false;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip') gzip = allowed;
    else if (name.trim() === '*') any = allowed;
  }
  return gzip ?? any;
}
