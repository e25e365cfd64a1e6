import { createCanvas } from '@napi-rs/canvas';

/** Canvas font stack: DejaVu ships with Debian and covers Greek, maths symbols and superscripts. */
export const CANVAS_FONT_FAMILY = '"DejaVu Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", sans-serif';
/** SVG is drawn by the viewer's fonts, so name common fallbacks after ours. */
export const SVG_FONT_FAMILY = "'DejaVu Sans', Verdana, Arial, 'Noto Sans CJK SC', 'PingFang SC', sans-serif";

export function canvasFont(size: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${size}px ${CANVAS_FONT_FAMILY}`;
}

const CJK =
  /[\u2E80-\u2FDF\u3000-\u303F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

let cjkOverride: boolean | undefined;
let cjkDetected: boolean | undefined;

function glyphPixels(ch: string): string {
  const c = createCanvas(40, 40);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.font = canvasFont(32);
  ctx.fillText(ch, 2, 32);
  return Buffer.from(ctx.getImageData(0, 0, 40, 40).data.buffer).toString('base64');
}

/**
 * Whether the raster backend can draw Chinese. Skia falls back to any installed CJK font on its own,
 * so we ask it directly: a common Han character must not paint the same pixels as a code point no
 * font has (both would be the "missing glyph" box).
 */
export function canRenderCjk(): boolean {
  if (cjkOverride !== undefined) return cjkOverride;
  if (cjkDetected === undefined) {
    try {
      cjkDetected = glyphPixels('中') !== glyphPixels('\uE000') && glyphPixels('中') !== glyphPixels(' ');
    } catch {
      cjkDetected = false;
    }
  }
  return cjkDetected;
}

/** Tests and the gallery use this to see the no-CJK-font fallback on a machine that has one. */
export function setCjkAvailabilityForTesting(available: boolean | undefined): void {
  cjkOverride = available;
}
