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
 *
 * An array is compressed in pieces, and the answer streams ahead of the compressor: a piece not
 * compressed by the time the socket takes it goes as a stored block
 * (docs/adr/0127-large-answers-stream-ahead-of-the-compressor.md). Compression is there to save
 * time on the wire; it must not cost more than it saves.
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
    // One output buffer for the whole piece (Huffman output is about half its input).
    chunkSize: Math.max(16 * 1024, Math.min(CHUNK, bytes.byteLength)),
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
  });
}

/** How much of an array one compression job takes: the unit the stream chooses for. */
export const PIECE_BYTES = 256 * 1024;

/** Longest stored (uncompressed) deflate block. */
const STORED_MAX = 0xffff;

/**
 * `bytes` as stored deflate blocks (not final): what a piece the compressor did not reach becomes.
 * Each segment before it ends on a byte boundary (a sync flush), where a stored block may start.
 */
export function storedBlocks(bytes: Uint8Array): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.byteLength; at += STORED_MAX) {
    const part = bytes.subarray(at, Math.min(at + STORED_MAX, bytes.byteLength));
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL 0, BTYPE 00 (stored)
    header.writeUInt16LE(part.byteLength, 1);
    header.writeUInt16LE(~part.byteLength & 0xffff, 3);
    out.push(header, Buffer.from(part.buffer, part.byteOffset, part.byteLength));
  }
  return out;
}

/** One piece of an array: compressed ahead if the compressor gets to it before the socket does. */
interface Piece {
  bytes: Uint8Array;
  state: 'queued' | 'compressing' | 'compressed' | 'stored';
  compressed?: Promise<Buffer>;
}

let compressorQueue: Promise<unknown> = Promise.resolve();

/**
 * Queues a piece for the process's one ahead-of-time compressor: on two cores the figure and the
 * arrays' JSON are the critical path, and several zlib jobs at once slowed both. Pieces go in the
 * order they were added, which is the order the body sends them.
 */
function queueCompression(piece: Piece): void {
  const job = compressorQueue.then(() => {
    if (piece.state !== 'queued') return; // already sent as it is
    piece.state = 'compressing';
    piece.compressed = segment(piece.bytes, false);
    piece.compressed.then(
      () => {
        if (piece.state === 'compressing') piece.state = 'compressed';
      },
      () => undefined,
    );
    return piece.compressed.catch(() => undefined);
  });
  compressorQueue = job;
}

/** Segments compressed ahead, keyed by the body chunk they compress (the very same bytes). */
export class GzipSegments {
  private readonly ahead = new Map<Uint8Array, Piece[]>();

  /** Starts compressing `bytes` (a chunk the body will carry as it is) when it is large enough. */
  add(bytes: Uint8Array): void {
    if (bytes.byteLength < SEGMENT_MIN_BYTES) return;
    const pieces: Piece[] = [];
    for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES) {
      const piece: Piece = { bytes: bytes.subarray(at, at + PIECE_BYTES), state: 'queued' };
      pieces.push(piece);
      queueCompression(piece);
    }
    this.ahead.set(bytes, pieces);
  }

  get size(): number {
    return this.ahead.size;
  }

  /** Once every piece queued so far is compressed (or sent): for tests and benchmarks. */
  async settled(): Promise<void> {
    await compressorQueue;
  }

  /** Leaves the pieces not yet compressed (an answer that will not be sent, or has been). */
  discard(): void {
    for (const pieces of this.ahead.values())
      for (const piece of pieces) if (piece.state === 'queued') piece.state = 'stored';
  }

  /**
   * The gzip of `chunks` in order, as the socket takes it: a piece compressed by the time the
   * stream reaches it goes compressed, the others go as stored blocks. On a fast network the answer leaves at once, larger; on a slow one the
   * compressor keeps ahead of the socket and it leaves compressed.
   */
  async *stream(chunks: readonly Uint8Array[]): AsyncGenerator<Buffer> {
    let crc = 0;
    let length = 0;
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      length += chunk.byteLength;
    }
    // magic, deflate, no flags, no time, no extra flags, unknown OS
    yield Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
    let pending: Uint8Array[] = [];
    for (const chunk of chunks) {
      const pieces = this.ahead.get(chunk);
      if (!pieces) {
        pending.push(chunk);
        continue;
      }
      if (pending.length > 0) yield await segment(Buffer.concat(pending), false);
      pending = [];
      for (const piece of pieces) {
        if (piece.state === 'compressed') yield await piece.compressed!;
        else {
          // Not waited for, even half done: the compressor would stay one piece ahead forever.
          piece.state = 'stored';
          yield* storedBlocks(piece.bytes);
        }
      }
    }
    yield await segment(Buffer.concat(pending), true);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    yield trailer;
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
