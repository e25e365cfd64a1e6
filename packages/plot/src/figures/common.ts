import { colormapLut, lutLightness } from '../colormaps.js';
import { sampleGrid } from '../grid.js';
import { type AutoNormOptions, autoNorm, type Norm, type NormKind } from '../norm.js';
import type { ResolvedOptions } from '../options.js';
import type { Label, Marker, Panel, QuiverLayer, Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { Domain, Grid2D, PointCharge, Wire } from '../types.js';

/** A built-in label in the requested language; English rides along as the raster fallback. */
export function bi(o: ResolvedOptions, en: string, zh: string): Label {
  return o.lang === 'zh' ? { text: zh, fallback: en } : { text: en };
}

/** A user-supplied label wins; the built-in one stays as its fallback for fontless rasters. */
export function userOr(user: string | undefined, builtin: Label): Label {
  if (user === undefined || user.trim() === '') return builtin;
  return { text: user, fallback: builtin.fallback ?? builtin.text };
}

export function scene(o: ResolvedOptions, title: Label, panels: Panel[]): Scene {
  return { width: o.width, height: o.height, dpi: o.dpi, title: userOr(o.title, title), panels };
}

export function axisLabels(o: ResolvedOptions, x: Label, y: Label): { x: Label; y: Label } {
  return { x: userOr(o.xlabel, x), y: userOr(o.ylabel, y) };
}

/** The user's scale if set, else the figure's choice. */
export function pickNorm(
  o: ResolvedOptions,
  fallback: NormKind,
  values: ArrayLike<number>,
  opts?: AutoNormOptions,
): Norm {
  return autoNorm(values, o.scale === 'auto' ? fallback : o.scale, opts);
}

/** A colorbar label that says which scale was really used (a log request on all-zero data is linear). */
export function scaleLabel(o: ResolvedOptions, norm: Norm, en: string, zh: string): Label {
  if (norm.kind === 'log') return bi(o, `${en}, log scale`, `${zh}，对数刻度`);
  if (norm.kind === 'symlog') return bi(o, `${en}, symmetric log scale`, `${zh}，对称对数刻度`);
  return bi(o, en, zh);
}

/** Line ink that stands out on a colormap: white on dark maps, near-black on light ones. */
export function inkFor(cmap: string): { line: string; arrow: string; halo: string } {
  const lut = colormapLut(cmap);
  let sum = 0;
  for (let i = 0; i <= 10; i++) sum += lutLightness(lut, i / 10);
  // the halo (a soft outline of the opposite tone) keeps lines visible where the map turns light/dark
  return sum / 11 < 0.45
    ? { line: '#ffffff', arrow: '#ffffff', halo: '#000000' }
    : { line: '#1a1a1a', arrow: '#1a1a1a', halo: '#ffffff' };
}

export function isDiverging(cmap: string): boolean {
  return /^(coolwarm|RdBu)/.test(cmap);
}

/** Arrows on a regular lattice, `density` along the longer side, field sampled bilinearly. */
export function quiverFromGrids(
  Ex: Grid2D,
  Ey: Grid2D,
  ext: Domain,
  density: number,
  color: string,
  scaling: QuiverLayer['scaling'],
  plotPx = 460,
): QuiverLayer {
  const w = ext.x_max - ext.x_min;
  const h = ext.y_max - ext.y_min;
  const step = Math.max(w, h) / density;
  const nx = Math.max(1, Math.round(w / step));
  const ny = Math.max(1, Math.round(h / step));
  const layer: QuiverLayer = {
    type: 'quiver',
    x: [],
    y: [],
    u: [],
    v: [],
    color,
    length: 0,
    scaling,
    width: 1.1,
  };
  for (let i = 0; i < ny; i++) {
    for (let j = 0; j < nx; j++) {
      const x = ext.x_min + (j + 0.5) * (w / nx);
      const y = ext.y_min + (i + 0.5) * (h / ny);
      const u = sampleGrid(Ex, ext, x, y);
      const v = sampleGrid(Ey, ext, x, y);
      if (u === undefined || v === undefined) continue;
      layer.x.push(x);
      layer.y.push(y);
      layer.u.push(u);
      layer.v.push(v);
    }
  }
  // about 80 % of the lattice spacing, in px of a typical plot
  layer.length = Math.max(6, Math.min(28, (plotPx / density) * 0.8));
  return layer;
}

export function chargeMarkers(
  charges: PointCharge[],
  opts: { inside?: (c: PointCharge) => boolean; labels?: boolean } = {},
): Marker[] {
  const qmax = Math.max(1e-300, ...charges.map((c) => Math.abs(c.q)));
  return charges.map((c) => {
    const inside = opts.inside?.(c);
    return {
      x: c.x,
      y: c.y,
      kind: c.q >= 0 ? 'positive' : 'negative',
      size: 6 + 4 * Math.sqrt(Math.abs(c.q) / qmax),
      ...(inside === true ? { highlight: true } : {}),
      ...(inside === false ? { muted: true } : {}),
      ...(opts.labels ? { label: { text: `${c.q >= 0 ? '+' : ''}${formatValue(c.q)} C` } } : {}),
    };
  });
}

/** +I along +z (out of the page) draws ⊙; into the page ⊗. */
export function wireOut(w: Wire): boolean {
  const sign = w.direction === '-z' ? -1 : 1;
  return w.current * sign >= 0;
}

export function wireMarkers(
  wires: Wire[],
  opts: { inside?: (w: Wire) => boolean; labels?: boolean } = {},
): Marker[] {
  return wires.map((w) => {
    const inside = opts.inside?.(w);
    return {
      x: w.x,
      y: w.y,
      kind: wireOut(w) ? 'out' : 'in',
      size: 8,
      ...(inside === true ? { highlight: true } : {}),
      ...(inside === false ? { muted: true } : {}),
      ...(opts.labels ? { label: { text: `${formatValue(Math.abs(w.current))} A` } } : {}),
    };
  });
}

/** A square-ish window around a circle and the points, with a margin, for figures without a domain. */
export function windowAround(cx: number, cy: number, r: number, pts: { x: number; y: number }[]): Domain {
  let x0 = cx - r;
  let x1 = cx + r;
  let y0 = cy - r;
  let y1 = cy + r;
  for (const p of pts) {
    x0 = Math.min(x0, p.x);
    x1 = Math.max(x1, p.x);
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  const span = Math.max(x1 - x0, y1 - y0, 1e-9);
  const pad = span * 0.25;
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2;
  const half = span / 2 + pad;
  return { x_min: mx - half, x_max: mx + half, y_min: my - half, y_max: my + half };
}

export function circlePoints(cx: number, cy: number, r: number, n = 256): { x: number[]; y: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i <= n; i++) {
    const a = (2 * Math.PI * i) / n;
    x.push(cx + r * Math.cos(a));
    y.push(cy + r * Math.sin(a));
  }
  return { x, y };
}
