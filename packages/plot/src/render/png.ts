import { crc32 } from 'node:zlib';
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { canvasFont } from '../fonts.js';
import type { DisplayList, ImagePrim, PathPrim, Primitive, Style } from './primitives.js';

function applyStyle(ctx: SKRSContext2D, s: Style): void {
  ctx.globalAlpha = s.alpha ?? 1;
  if (s.fill) ctx.fillStyle = s.fill;
  if (s.stroke) ctx.strokeStyle = s.stroke;
  ctx.lineWidth = s.width ?? 1;
  ctx.setLineDash(s.dash ?? []);
  ctx.lineCap = s.cap ?? 'butt';
  ctx.lineJoin = s.join ?? 'miter';
}

function finish(ctx: SKRSContext2D, s: Style): void {
  if (s.fill) ctx.fill();
  if (s.stroke) ctx.stroke();
}

function tracePath(ctx: SKRSContext2D, p: PathPrim): void {
  ctx.beginPath();
  for (const sp of p.subpaths) {
    ctx.moveTo(sp[0]!, sp[1]!);
    for (let i = 2; i < sp.length; i += 2) ctx.lineTo(sp[i]!, sp[i + 1]!);
    if (p.closed) ctx.closePath();
  }
}

function drawImage(ctx: SKRSContext2D, p: ImagePrim): void {
  const src = createCanvas(p.width, p.height);
  const sctx = src.getContext('2d');
  const img = sctx.createImageData(p.width, p.height);
  img.data.set(p.rgba);
  sctx.putImageData(img, 0, 0);
  ctx.globalAlpha = p.alpha ?? 1;
  // Smooth scaling: a coarse grid reads as a continuous field, as it does in browsers for the SVG.
  ctx.imageSmoothingEnabled = p.pixelated !== true;
  ctx.imageSmoothingQuality = 'medium';
  ctx.drawImage(src, p.x, p.y, p.w, p.h);
}

function paint(ctx: SKRSContext2D, items: Primitive[]): void {
  for (const p of items) {
    switch (p.kind) {
      case 'group':
        ctx.save();
        if (p.clip) {
          ctx.beginPath();
          ctx.rect(p.clip.x, p.clip.y, p.clip.w, p.clip.h);
          ctx.clip();
        }
        paint(ctx, p.children);
        ctx.restore();
        break;
      case 'path':
        if (p.subpaths.length === 0) break;
        applyStyle(ctx, p);
        tracePath(ctx, p);
        finish(ctx, p);
        break;
      case 'circle':
        applyStyle(ctx, p);
        ctx.beginPath();
        ctx.arc(p.cx, p.cy, p.r, 0, Math.PI * 2);
        finish(ctx, p);
        break;
      case 'rect':
        applyStyle(ctx, p);
        ctx.beginPath();
        if (p.rx) ctx.roundRect(p.x, p.y, p.w, p.h, p.rx);
        else ctx.rect(p.x, p.y, p.w, p.h);
        finish(ctx, p);
        break;
      case 'text':
        ctx.globalAlpha = 1;
        ctx.fillStyle = p.color;
        ctx.font = canvasFont(p.size, p.weight);
        ctx.textAlign = p.align;
        ctx.textBaseline = 'alphabetic';
        if (p.rotate) {
          ctx.save();
          ctx.translate(p.x, p.y);
          ctx.rotate((p.rotate * Math.PI) / 180);
          ctx.fillText(p.text, 0, 0);
          ctx.restore();
        } else ctx.fillText(p.text, p.x, p.y);
        break;
      case 'image':
        drawImage(ctx, p);
        break;
    }
  }
}

/** Paints a display list onto a fresh canvas at dpi/100 device pixels per logical px. */
export function rasterize(list: DisplayList): Canvas {
  const s = list.dpi / 100;
  const canvas = createCanvas(
    Math.max(1, Math.round(list.width * s)),
    Math.max(1, Math.round(list.height * s)),
  );
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = list.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(s, s);
  paint(ctx, list.items);
  return canvas;
}

/** The chunks of a PNG file, in order, as [type, start, end) byte ranges (length and CRC included). */
export function pngChunks(png: Buffer): { type: string; start: number; end: number }[] {
  const chunks: { type: string; start: number; end: number }[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const end = at + 12 + png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), start: at, end });
    at = end;
  }
  return chunks;
}

/**
 * Exactly one pHYs chunk (pixels per metre), right after IHDR, so viewers and office apps size
 * the image by its dpi. The encoder writes a pHYs of its own (1000 px/m); the PNG rules allow only
 * one, so every other is dropped.
 */
function withDpi(png: Buffer, dpi: number): Buffer {
  const data = Buffer.alloc(9);
  const ppm = Math.round(dpi / 0.0254);
  data.writeUInt32BE(ppm, 0);
  data.writeUInt32BE(ppm, 4);
  data[8] = 1;
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 17)) >>> 0, 17);
  const parts: Buffer[] = [png.subarray(0, 8)];
  for (const c of pngChunks(png)) {
    if (c.type === 'pHYs') continue;
    parts.push(png.subarray(c.start, c.end));
    if (c.type === 'IHDR') parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/**
 * PNG bytes. sharp at zlib level 2 without adaptive filtering encodes a typical 800×600 figure several
 * times faster than the canvas's own encoder (bench/bench.mjs measures both). sharp's withMetadata()
 * would double the encode time, hence the hand-written pHYs chunk.
 */
export async function encodePng(canvas: Canvas, dpi: number): Promise<Buffer> {
  const png = await sharp(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 2, adaptiveFiltering: false })
    .toBuffer();
  return withDpi(png, dpi);
}

export async function renderPng(list: DisplayList): Promise<Buffer> {
  return encodePng(rasterize(list), list.dpi);
}
