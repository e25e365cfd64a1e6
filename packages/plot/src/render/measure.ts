import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { canvasFont } from '../fonts.js';

let ctx: SKRSContext2D | undefined;
const cache = new Map<string, number>();

/** Text width in px; layout uses the raster font for both backends so they place text alike. */
export function textWidth(text: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  const key = `${size}|${weight}|${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  ctx ??= createCanvas(8, 8).getContext('2d');
  ctx.font = canvasFont(size, weight);
  const w = ctx.measureText(text).width;
  if (cache.size > 5000) cache.clear();
  cache.set(key, w);
  return w;
}

/** DejaVu Sans metrics as fractions of the font size, for baseline placement. */
export const ASCENT = 0.76;
export const DESCENT = 0.24;
/** Offset from a vertical centre to the alphabetic baseline (digits and capitals look centred). */
export const MIDDLE_TO_BASELINE = 0.36;
