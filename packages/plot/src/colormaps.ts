import {
  interpolateCividis,
  interpolateInferno,
  interpolateMagma,
  interpolatePlasma,
  interpolateRdBu,
  interpolateTurbo,
  interpolateViridis,
} from 'd3-scale-chromatic';

/** Colormaps a request may name; any of them may take an `_r` suffix to reverse it. */
export const COLORMAP_NAMES = [
  'viridis',
  'plasma',
  'inferno',
  'magma',
  'cividis',
  'jet',
  'turbo',
  'coolwarm',
  'RdBu',
  'gray',
] as const;

export type BaseColormapName = (typeof COLORMAP_NAMES)[number];

/** 256 RGB triples, packed. Index 0 is the low end. */
export type Lut = Uint8Array;

export const LUT_SIZE = 256;

type Stops = readonly (readonly [number, number, number, number])[];

// Moreland (2009), "Diverging Color Maps for Scientific Visualization", the published 33-step table.
const COOLWARM: Stops = [
  [59, 76, 192],
  [68, 90, 204],
  [77, 104, 215],
  [87, 117, 225],
  [98, 130, 234],
  [108, 142, 241],
  [119, 154, 247],
  [130, 165, 251],
  [141, 176, 254],
  [152, 185, 255],
  [163, 194, 255],
  [174, 201, 253],
  [184, 208, 249],
  [194, 213, 244],
  [204, 217, 238],
  [213, 219, 230],
  [221, 221, 221],
  [229, 216, 209],
  [236, 211, 197],
  [241, 204, 185],
  [245, 196, 173],
  [247, 187, 160],
  [247, 177, 148],
  [247, 166, 135],
  [244, 154, 123],
  [241, 141, 111],
  [236, 127, 99],
  [229, 112, 88],
  [222, 96, 77],
  [213, 80, 66],
  [203, 62, 56],
  [192, 40, 47],
  [180, 4, 38],
].map((c, i) => [i / 32, c[0]! / 255, c[1]! / 255, c[2]! / 255] as const);

// matplotlib's jet segment data, kept for teachers who expect it (it is not perceptually uniform).
const JET_R = [
  [0, 0],
  [0.35, 0],
  [0.66, 1],
  [0.89, 1],
  [1, 0.5],
] as const;
const JET_G = [
  [0, 0],
  [0.125, 0],
  [0.375, 1],
  [0.64, 1],
  [0.91, 0],
  [1, 0],
] as const;
const JET_B = [
  [0, 0.5],
  [0.11, 1],
  [0.34, 1],
  [0.65, 0],
  [1, 0],
] as const;

function piecewise(points: readonly (readonly [number, number])[], t: number): number {
  for (let i = 1; i < points.length; i++) {
    const [t1, v1] = points[i]!;
    if (t <= t1) {
      const [t0, v0] = points[i - 1]!;
      return v0 + ((v1 - v0) * (t - t0)) / (t1 - t0 || 1);
    }
  }
  return points[points.length - 1]![1];
}

function fromStops(stops: Stops, t: number): [number, number, number] {
  const pos = t * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(pos));
  const f = pos - i;
  const a = stops[i]!;
  const b = stops[i + 1]!;
  return [a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f, a[3] + (b[3] - a[3]) * f];
}

function parseCss(color: string): [number, number, number] {
  if (color.startsWith('#')) {
    const n = Number.parseInt(color.slice(1, 7), 16);
    return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  }
  const m = color.match(/[\d.]+/g) ?? ['0', '0', '0'];
  return [Number(m[0]) / 255, Number(m[1]) / 255, Number(m[2]) / 255];
}

const d3 = (f: (t: number) => string) => (t: number) => parseCss(f(t));

const SAMPLERS: Record<BaseColormapName, (t: number) => [number, number, number]> = {
  viridis: d3(interpolateViridis),
  plasma: d3(interpolatePlasma),
  inferno: d3(interpolateInferno),
  magma: d3(interpolateMagma),
  cividis: d3(interpolateCividis),
  turbo: d3(interpolateTurbo),
  RdBu: d3(interpolateRdBu),
  coolwarm: (t) => fromStops(COOLWARM, t),
  jet: (t) => [piecewise(JET_R, t), piecewise(JET_G, t), piecewise(JET_B, t)],
  gray: (t) => [t, t, t],
};

const lower = new Map(COLORMAP_NAMES.map((n) => [n.toLowerCase(), n]));

/** Canonical spelling of a colormap name (case-insensitive, `_r` allowed), or undefined if unknown. */
export function canonicalColormap(name: string): string | undefined {
  const reversed = /_r$/i.test(name);
  const base = lower.get((reversed ? name.slice(0, -2) : name).toLowerCase());
  if (base === undefined) return undefined;
  return reversed ? `${base}_r` : base;
}

export function colormapListText(): string {
  return `${COLORMAP_NAMES.join(', ')} (append _r to reverse)`;
}

const cache = new Map<string, Lut>();

export function colormapLut(name: string): Lut {
  const canonical = canonicalColormap(name) ?? 'viridis';
  const hit = cache.get(canonical);
  if (hit) return hit;
  const reversed = canonical.endsWith('_r');
  const sampler = SAMPLERS[(reversed ? canonical.slice(0, -2) : canonical) as BaseColormapName];
  const lut = new Uint8Array(LUT_SIZE * 3);
  for (let i = 0; i < LUT_SIZE; i++) {
    const t = i / (LUT_SIZE - 1);
    const [r, g, b] = sampler(reversed ? 1 - t : t);
    lut[i * 3] = Math.round(r * 255);
    lut[i * 3 + 1] = Math.round(g * 255);
    lut[i * 3 + 2] = Math.round(b * 255);
  }
  cache.set(canonical, lut);
  return lut;
}

export function lutColor(lut: Lut, t: number): string {
  const i = Math.max(0, Math.min(LUT_SIZE - 1, Math.round((Number.isFinite(t) ? t : 0) * (LUT_SIZE - 1))));
  return `rgb(${lut[i * 3]},${lut[i * 3 + 1]},${lut[i * 3 + 2]})`;
}

/** Perceived lightness (0 dark … 1 light) of the LUT midpoint, to pick contour/arrow ink that shows. */
export function lutLightness(lut: Lut, t: number): number {
  const i = Math.max(0, Math.min(LUT_SIZE - 1, Math.round(t * (LUT_SIZE - 1))));
  return (0.2126 * lut[i * 3]! + 0.7152 * lut[i * 3 + 1]! + 0.0722 * lut[i * 3 + 2]!) / 255;
}
