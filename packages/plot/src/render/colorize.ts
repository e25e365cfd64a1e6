import { colormapLut, LUT_SIZE } from '../colormaps.js';
import type { Norm } from '../norm.js';
import type { Grid2D } from '../types.js';

/** Non-finite cells (holes, masked regions) show as light grey rather than a misleading colour. */
const NAN_RGBA = [200, 200, 200, 255] as const;

/** Grid → RGBA pixels (one per node, row 0 at the top) through the norm and a 256-entry LUT. */
export function colorizeGrid(grid: Grid2D, cmap: string, norm: Norm): Uint8ClampedArray {
  const lut = colormapLut(cmap);
  const n = grid.nx * grid.ny;
  const out = new Uint8ClampedArray(n * 4);
  const d = grid.data;
  const top = LUT_SIZE - 1;
  // The norms are inlined (no closure per cell): this loop runs once per grid node.
  const kind = norm.kind;
  const c = norm.linthresh ?? 1;
  const fwd = (v: number) =>
    kind === 'log' ? Math.log10(v) : kind === 'symlog' ? Math.sign(v) * Math.log10(1 + Math.abs(v) / c) : v;
  const v0 = fwd(norm.vmin);
  const inv = 1 / (fwd(norm.vmax) - v0 || 1);
  const invC = 1 / c;
  for (let i = 0; i < n; i++) {
    const v = d[i]!;
    const o = i * 4;
    let u: number;
    if (kind === 'linear') u = (v - v0) * inv;
    else if (kind === 'symlog')
      u = ((v < 0 ? -Math.log1p(-v * invC) : Math.log1p(v * invC)) * Math.LOG10E - v0) * inv;
    else u = v > 0 ? (Math.log10(v) - v0) * inv : v === 0 ? 0 : Number.NaN;
    if (!Number.isFinite(v) || Number.isNaN(u)) {
      out[o] = NAN_RGBA[0];
      out[o + 1] = NAN_RGBA[1];
      out[o + 2] = NAN_RGBA[2];
      out[o + 3] = NAN_RGBA[3];
      continue;
    }
    let k = (u * top + 0.5) | 0;
    if (k < 0) k = 0;
    else if (k > top) k = top;
    out[o] = lut[k * 3]!;
    out[o + 1] = lut[k * 3 + 1]!;
    out[o + 2] = lut[k * 3 + 2]!;
    out[o + 3] = 255;
  }
  return out;
}

/** A vertical strip of the colormap, high values at the top, for colorbars. */
export function colormapStrip(cmap: string): Uint8ClampedArray {
  const lut = colormapLut(cmap);
  const out = new Uint8ClampedArray(LUT_SIZE * 4);
  for (let i = 0; i < LUT_SIZE; i++) {
    const k = LUT_SIZE - 1 - i;
    out[i * 4] = lut[k * 3]!;
    out[i * 4 + 1] = lut[k * 3 + 1]!;
    out[i * 4 + 2] = lut[k * 3 + 2]!;
    out[i * 4 + 3] = 255;
  }
  return out;
}

/**
 * Box-averages an RGBA image by whole factors until it is at most maxW × maxH. Grids far denser
 * than the screen (long wave runs) would otherwise alias in the raster and bloat the SVG.
 */
export function shrinkRgba(
  rgba: Uint8ClampedArray,
  w: number,
  h: number,
  maxW: number,
  maxH: number,
): { rgba: Uint8ClampedArray; width: number; height: number } {
  const fx = Math.max(1, Math.floor(w / Math.max(1, maxW)));
  const fy = Math.max(1, Math.floor(h / Math.max(1, maxH)));
  if (fx === 1 && fy === 1) return { rgba, width: w, height: h };
  const W = Math.ceil(w / fx);
  const H = Math.ceil(h / fy);
  const out = new Uint8ClampedArray(W * H * 4);
  for (let I = 0; I < H; I++) {
    for (let J = 0; J < W; J++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let c = 0;
      for (let i = I * fy; i < Math.min(h, (I + 1) * fy); i++) {
        for (let j = J * fx; j < Math.min(w, (J + 1) * fx); j++) {
          const o = (i * w + j) * 4;
          r += rgba[o]!;
          g += rgba[o + 1]!;
          b += rgba[o + 2]!;
          a += rgba[o + 3]!;
          c++;
        }
      }
      const o = (I * W + J) * 4;
      out[o] = r / c;
      out[o + 1] = g / c;
      out[o + 2] = b / c;
      out[o + 3] = a / c;
    }
  }
  return { rgba: out, width: W, height: H };
}
