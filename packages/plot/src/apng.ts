import { crc32 } from 'node:zlib';
import { invalid } from './errors.js';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

interface Chunk {
  type: string;
  data: Buffer;
}

function readChunks(png: Buffer): Chunk[] {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw invalid('frames', 'not a PNG');
  const out: Chunk[] = [];
  let p = 8;
  while (p + 8 <= png.length) {
    const len = png.readUInt32BE(p);
    const type = png.toString('latin1', p + 4, p + 8);
    out.push({ type, data: png.subarray(p + 8, p + 8 + len) });
    p += 12 + len;
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Animated PNG from same-sized PNG frames: the frames' IDAT streams are reused as they are (no
 * re-encoding), each behind an fcTL; lossless, so thin plot lines keep their colours (GIF would
 * dither them to 256 colours).
 */
export function assembleApng(frames: Buffer[], delayMs: number, loops = 0): Buffer {
  if (frames.length === 0) throw invalid('frames', 'no frames');
  const parsed = frames.map(readChunks);
  const ihdr = parsed[0]!.find((c) => c.type === 'IHDR');
  if (!ihdr) throw invalid('frames', 'PNG without IHDR');
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const parts: Buffer[] = [SIGNATURE, chunk('IHDR', ihdr.data)];
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(frames.length, 0);
  actl.writeUInt32BE(loops, 4);
  parts.push(chunk('acTL', actl));
  let seq = 0;
  parsed.forEach((chunks, i) => {
    const h = chunks.find((c) => c.type === 'IHDR');
    if (!h?.data.equals(ihdr.data))
      throw invalid('frames', `frame ${i} differs in size or colour type from frame 0`);
    const fctl = Buffer.alloc(26);
    fctl.writeUInt32BE(seq++, 0);
    fctl.writeUInt32BE(width, 4);
    fctl.writeUInt32BE(height, 8);
    fctl.writeUInt32BE(0, 12);
    fctl.writeUInt32BE(0, 16);
    fctl.writeUInt16BE(Math.max(1, Math.round(delayMs)), 20);
    fctl.writeUInt16BE(1000, 22);
    fctl[24] = 0; // dispose: none
    fctl[25] = 0; // blend: source (frames are opaque)
    parts.push(chunk('fcTL', fctl));
    for (const c of chunks) {
      if (c.type !== 'IDAT') continue;
      if (i === 0) parts.push(chunk('IDAT', c.data));
      else {
        const sn = Buffer.alloc(4);
        sn.writeUInt32BE(seq++, 0);
        parts.push(chunk('fdAT', Buffer.concat([sn, c.data])));
      }
    }
  });
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
