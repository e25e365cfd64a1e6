import type { ArrowSpec, ImageLayer, Label, Layer, LinesLayer, QuiverLayer } from '../scene.js';
import type { Series } from '../types.js';
import { colorizeGrid, shrinkRgba } from './colorize.js';
import type { Metrics, PanelGeometry } from './layout.js';
import { arrowHead, boxedText, coloredPathPrims, markerPrims } from './marks.js';
import { MIDDLE_TO_BASELINE, textWidth } from './measure.js';
import type { Primitive } from './primitives.js';

export interface LayerContext {
  geo: PanelGeometry;
  m: Metrics;
  /** device pixels per logical px, so rasters are sized for the output */
  scale: number;
  text: (label: Label) => string;
  /** Boxes already taken by annotations in this panel; later labels and the legend avoid them. */
  occupied: { x: number; y: number; w: number; h: number }[];
}

function overlaps(
  a: { x: number; y: number; w: number; h: number },
  list: LayerContext['occupied'],
): boolean {
  return list.some((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h);
}

/** Transformed polyline as px subpaths, split at non-finite points, dropping sub-half-pixel steps. */
export function toSubpaths(x: Series, y: Series, ctx: LayerContext, closed = false): number[][] {
  const { tx, ty } = ctx.geo;
  const out: number[][] = [];
  let cur: number[] = [];
  const n = Math.min(x.length, y.length);
  let lx = Number.NaN;
  let ly = Number.NaN;
  for (let i = 0; i < n; i++) {
    const px = tx(x[i]!);
    const py = ty(y[i]!);
    if (!Number.isFinite(px) || !Number.isFinite(py)) {
      if (cur.length >= 4) out.push(cur);
      cur = [];
      lx = Number.NaN;
      continue;
    }
    if (i < n - 1 && Math.abs(px - lx) < 0.5 && Math.abs(py - ly) < 0.5) continue;
    cur.push(px, py);
    lx = px;
    ly = py;
  }
  if (closed && cur.length >= 4 && out.length === 0) cur.push(cur[0]!, cur[1]!);
  if (cur.length >= 4) out.push(cur);
  return out;
}

function imagePrims(layer: ImageLayer, ctx: LayerContext): Primitive[] {
  const { grid, extent } = layer;
  const { tx, ty, plot } = ctx.geo;
  const dx = grid.nx > 1 ? (extent.x_max - extent.x_min) / (grid.nx - 1) : 0;
  const dy = grid.ny > 1 ? (extent.y_max - extent.y_min) / (grid.ny - 1) : 0;
  // Pixel centres on the grid nodes; a single row or column stretches over the whole plot.
  const x0 = grid.nx > 1 ? tx(extent.x_min - dx / 2) : plot.x;
  const x1 = grid.nx > 1 ? tx(extent.x_max + dx / 2) : plot.x + plot.w;
  const y0 = grid.ny > 1 ? ty(extent.y_max + dy / 2) : plot.y;
  const y1 = grid.ny > 1 ? ty(extent.y_min - dy / 2) : plot.y + plot.h;
  const rgba = colorizeGrid(grid, layer.cmap, layer.norm);
  const maxW = Math.ceil(Math.abs(x1 - x0) * ctx.scale * 2);
  const maxH = Math.ceil(Math.abs(y1 - y0) * ctx.scale * 2);
  const img = shrinkRgba(rgba, grid.nx, grid.ny, maxW, maxH);
  return [
    {
      kind: 'image',
      x: Math.min(x0, x1),
      y: Math.min(y0, y1),
      w: Math.abs(x1 - x0),
      h: Math.abs(y1 - y0),
      width: img.width,
      height: img.height,
      rgba: img.rgba,
      ...(layer.alpha === undefined ? {} : { alpha: layer.alpha }),
      ...(layer.pixelated ? { pixelated: true } : {}),
    },
  ];
}

/** Arc length at each vertex of a px polyline. */
function arcLengths(p: number[]): number[] {
  const s = [0];
  for (let i = 2; i < p.length; i += 2)
    s.push(s.at(-1)! + Math.hypot(p[i]! - p[i - 2]!, p[i + 1]! - p[i - 1]!));
  return s;
}

/** Point and unit tangent at arc length `at` along a px polyline. */
function pointAt(p: number[], s: number[], at: number): [number, number, number, number] {
  let i = 1;
  while (i < s.length - 1 && s[i]! < at) i++;
  const len = s[i]! - s[i - 1]! || 1;
  const f = Math.max(0, Math.min(1, (at - s[i - 1]!) / len));
  const ax = p[2 * i - 2]!;
  const ay = p[2 * i - 1]!;
  const dx = p[2 * i]! - ax;
  const dy = p[2 * i + 1]! - ay;
  const d = Math.hypot(dx, dy) || 1;
  return [ax + dx * f, ay + dy * f, dx / d, dy / d];
}

/**
 * Arrowheads spread along each line by arc length, `spacing` px apart, and kept apart from one
 * another across lines: where lines crowd (between close wires, near a charge) a head that would
 * sit within `spacing`/3 of one already drawn slides along its line, or is left out. Long lines
 * first, so the lines that carry the picture get their heads before the small loops do.
 */
function lineArrows(sub: number[][], spec: ArrowSpec, ctx: LayerContext): number[][] {
  const heads: number[][] = [];
  const centres: number[] = [];
  const { tx, ty, plot } = ctx.geo;
  const kx = tx(1) - tx(0) || 1;
  const ky = ty(1) - ty(0) || -1;
  const minGap = Math.max(spec.size * 2.5, spec.spacing / 3);
  const inside = (x: number, y: number) =>
    x > plot.x + 2 && x < plot.x + plot.w - 2 && y > plot.y + 2 && y < plot.y + plot.h - 2;
  const clear = (x: number, y: number) => {
    for (let k = 0; k < centres.length; k += 2)
      if (Math.hypot(centres[k]! - x, centres[k + 1]! - y) < minGap) return false;
    return true;
  };
  const lines = sub.map((p) => ({ p, s: arcLengths(p) })).sort((a, b) => b.s.at(-1)! - a.s.at(-1)!);
  for (const { p, s } of lines) {
    const total = s.at(-1)!;
    if (total < spec.size * 4) continue;
    const count = Math.max(1, Math.round(total / spec.spacing));
    const step = total / count;
    // candidate shifts along the line, nearest first, within half a step either way
    const shifts = [0, 0.15, -0.15, 0.3, -0.3, 0.45, -0.45].map((f) => f * step);
    for (let k = 0; k < count && heads.length < 2000; k++) {
      for (const shift of shifts) {
        const at = step * (k + 0.5) + shift;
        if (at < spec.size || at > total - spec.size) continue;
        const [hx, hy, tux, tuy] = pointAt(p, s, at);
        if (!inside(hx, hy) || !clear(hx, hy)) continue;
        let ux = tux;
        let uy = tuy;
        const field = spec.direction?.((hx - tx(0)) / kx, (hy - ty(0)) / ky);
        // keep the line's tangent (smooth look), only flip it to point along the field
        if (field && ux * field[0] * kx + uy * field[1] * ky < 0) {
          ux = -ux;
          uy = -uy;
        }
        heads.push(arrowHead(hx, hy, ux, uy, spec.size));
        centres.push(hx, hy);
        break;
      }
    }
  }
  return heads;
}

function linesPrims(layer: LinesLayer, ctx: LayerContext): Primitive[] {
  const subpaths: number[][] = [];
  for (const l of layer.lines) subpaths.push(...toSubpaths(l.x, l.y, ctx));
  const style = {
    stroke: layer.color,
    width: layer.width,
    ...(layer.dash ? { dash: layer.dash } : {}),
    ...(layer.alpha === undefined ? {} : { alpha: layer.alpha }),
  };
  // width 0: arrowheads only (e.g. the sense of a loop drawn by another layer)
  const out: Primitive[] = [];
  if (layer.halo && layer.width > 0) {
    out.push({
      kind: 'path',
      subpaths,
      join: 'round',
      cap: 'round',
      stroke: layer.halo,
      width: layer.width + 1.8,
      alpha: 0.3,
    });
  }
  if (layer.width > 0) out.push({ kind: 'path', subpaths, join: 'round', cap: 'round', ...style });
  if (layer.arrows) {
    const heads = lineArrows(subpaths, layer.arrows, ctx);
    if (heads.length > 0) {
      out.push({
        kind: 'path',
        subpaths: heads,
        closed: true,
        fill: layer.color,
        join: 'miter',
        ...(layer.alpha === undefined ? {} : { alpha: layer.alpha }),
      });
    }
  }
  return out;
}

function quiverPrims(layer: QuiverLayer, ctx: LayerContext): Primitive[] {
  const { tx, ty } = ctx.geo;
  const mags = layer.u.map((u, i) => Math.hypot(u, layer.v[i]!));
  const finite = mags.filter((v) => Number.isFinite(v) && v > 0).sort((a, b) => a - b);
  // 95th percentile as the reference, so one singular arrow does not shrink all the others
  const ref = finite[Math.floor(finite.length * 0.95)] ?? finite[finite.length - 1] ?? 0;
  const shafts: number[][] = [];
  const heads: number[][] = [];
  const kx = tx(1) - tx(0);
  const ky = ty(1) - ty(0);
  for (let i = 0; i < layer.x.length; i++) {
    const m = mags[i]!;
    if (!(m > 0) || !Number.isFinite(m) || ref === 0) continue;
    const len = layer.scaling === 'uniform' ? layer.length : layer.length * Math.sqrt(Math.min(1, m / ref));
    if (len < 2.5) continue;
    let ux = layer.u[i]! * kx;
    let uy = layer.v[i]! * ky;
    const ul = Math.hypot(ux, uy);
    if (!(ul > 0)) continue;
    ux /= ul;
    uy /= ul;
    const cx = tx(layer.x[i]!);
    const cy = ty(layer.y[i]!);
    const head = Math.min(7, Math.max(3.5, len * 0.38));
    const x0 = cx - (ux * len) / 2;
    const y0 = cy - (uy * len) / 2;
    const x1 = cx + (ux * len) / 2;
    const y1 = cy + (uy * len) / 2;
    shafts.push([x0, y0, x1 - ux * head * 0.8, y1 - uy * head * 0.8]);
    heads.push(arrowHead(x1 - (ux * head) / 2, y1 - (uy * head) / 2, ux, uy, head));
  }
  const w = layer.width ?? 1.2;
  return [
    { kind: 'path', subpaths: shafts, stroke: layer.color, width: w, cap: 'butt' },
    { kind: 'path', subpaths: heads, closed: true, fill: layer.color },
  ];
}

export function layerPrims(layer: Layer, ctx: LayerContext): Primitive[] {
  const { tx, ty, plot } = ctx.geo;
  switch (layer.type) {
    case 'image':
      return imagePrims(layer, ctx);
    case 'lines':
      return linesPrims(layer, ctx);
    case 'quiver':
      return quiverPrims(layer, ctx);
    case 'markers':
      return layer.markers.flatMap((mk) => markerPrims(mk, ctx));
    case 'series': {
      const sub = toSubpaths(layer.x, layer.y, ctx);
      const out: Primitive[] = [
        {
          kind: 'path',
          subpaths: sub,
          stroke: layer.color,
          width: layer.width,
          join: 'round',
          cap: 'round',
          ...(layer.dash ? { dash: layer.dash } : {}),
        },
      ];
      if (layer.dots) {
        for (let i = 0; i < Math.min(layer.x.length, layer.y.length); i++) {
          const cx = tx(layer.x[i]!);
          const cy = ty(layer.y[i]!);
          if (Number.isFinite(cx) && Number.isFinite(cy))
            out.push({ kind: 'circle', cx, cy, r: 2.5, fill: layer.color });
        }
      }
      return out;
    }
    case 'points':
      return layer.x.map((x, i) => ({
        kind: 'circle',
        cx: tx(x),
        cy: ty(layer.y[i]!),
        r: layer.radius,
        fill: layer.color,
        stroke: '#fff',
        width: 1,
      }));
    case 'band': {
      const a = layer.axis === 'x' ? tx(layer.from) : ty(layer.from);
      const b = layer.axis === 'x' ? tx(layer.to) : ty(layer.to);
      const rect =
        layer.axis === 'x'
          ? { x: Math.min(a, b), y: plot.y, w: Math.abs(b - a), h: plot.h }
          : { x: plot.x, y: Math.min(a, b), w: plot.w, h: Math.abs(b - a) };
      const out: Primitive[] = [{ kind: 'rect', ...rect, fill: layer.color, alpha: layer.alpha }];
      if (layer.label) {
        const cx =
          Math.max(plot.x, rect.x) + Math.min(rect.w, plot.x + plot.w - Math.max(plot.x, rect.x)) / 2;
        const label = ctx.text(layer.label);
        const w = textWidth(label, ctx.m.small);
        ctx.occupied.push({ x: cx - w / 2 - 3, y: plot.y + 2, w: w + 6, h: ctx.m.small * 1.6 });
        out.push({
          kind: 'text',
          x: cx,
          y: plot.y + ctx.m.small * 1.4,
          text: label,
          size: ctx.m.small,
          color: '#444',
          weight: 'normal',
          align: 'center',
        });
      }
      return out;
    }
    case 'rule': {
      const v = layer.axis === 'x' ? tx(layer.value) : ty(layer.value);
      const sub = layer.axis === 'x' ? [[v, plot.y, v, plot.y + plot.h]] : [[plot.x, v, plot.x + plot.w, v]];
      const out: Primitive[] = [
        {
          kind: 'path',
          subpaths: sub,
          stroke: layer.color,
          width: layer.width,
          ...(layer.dash ? { dash: layer.dash } : {}),
        },
      ];
      if (layer.label) {
        const label = ctx.text(layer.label);
        const s = ctx.m.small;
        const w = textWidth(label, s) + 8;
        if (layer.axis === 'x') {
          const right = v + w < plot.x + plot.w;
          const x0 = right ? v + 2 : v - w - 2;
          // step down until the label clears earlier ones (Brewster and critical angles can be close)
          let y = plot.y + s * 2.8;
          while (overlaps({ x: x0, y: y - s, w, h: s * 2 }, ctx.occupied) && y < plot.y + plot.h - s * 2)
            y += s * 1.8;
          ctx.occupied.push({ x: x0, y: y - s, w, h: s * 2 });
          out.push(...boxedText(label, right ? v + 4 : v - 4, y, s, right ? 'left' : 'right', layer.color));
        } else {
          ctx.occupied.push({ x: plot.x + plot.w - 6 - w, y: v - 2 * s, w, h: s * 2 });
          out.push(...boxedText(label, plot.x + plot.w - 6, v - s, s, 'right', layer.color));
        }
      }
      return out;
    }
    case 'colored-path':
      return coloredPathPrims(layer, ctx);
    case 'text': {
      const x = tx(layer.x);
      const y = ty(layer.y);
      const text = ctx.text(layer.text);
      const align = layer.align ?? 'center';
      // sizes are given for an 800×600 figure; follow the figure's text scale
      const size = (layer.size * ctx.m.tick) / 11;
      if (layer.boxed) {
        const w = textWidth(text, size) + 6;
        const left = align === 'left' ? x - 3 : align === 'center' ? x - w / 2 : x - w + 3;
        ctx.occupied.push({ x: left, y: y - size * 0.7, w, h: size * 1.4 });
        return boxedText(text, x, y, size, align, layer.color);
      }
      return [
        {
          kind: 'text',
          x,
          y: y + size * MIDDLE_TO_BASELINE,
          text,
          size,
          color: layer.color,
          weight: 'normal',
          align,
        },
      ];
    }
    case 'infobox':
      return [];
  }
}
