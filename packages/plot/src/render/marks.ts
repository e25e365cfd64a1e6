import { colormapLut, lutColor } from '../colormaps.js';
import { normalizer } from '../norm.js';
import type { ColoredPathLayer, Marker } from '../scene.js';
import type { LayerContext } from './layers.js';
import { MIDDLE_TO_BASELINE, textWidth } from './measure.js';
import type { Primitive, RectPrim, TextPrim } from './primitives.js';

/** Small drawn symbols: arrowheads, charge and wire markers, boxed labels, colour-coded paths. */

export function arrowHead(x: number, y: number, ux: number, uy: number, size: number): number[] {
  // tip ahead of the point so the head sits centred on it
  const tx = x + ux * size * 0.5;
  const ty = y + uy * size * 0.5;
  const bx = x - ux * size * 0.5;
  const by = y - uy * size * 0.5;
  const w = size * 0.42;
  return [tx, ty, bx - uy * w, by + ux * w, bx + uy * w, by - ux * w];
}

const POS = '#d62728';
const NEG = '#1f5fb4';

export function markerPrims(mk: Marker, ctx: LayerContext): Primitive[] {
  const x = ctx.geo.tx(mk.x);
  const y = ctx.geo.ty(mk.y);
  const r = mk.size;
  const out: Primitive[] = [];
  const alpha = mk.muted ? 0.5 : 1;
  if (mk.highlight) {
    // gold on a dark rim: visible on bright and dark parts of any colormap
    out.push({ kind: 'circle', role: 'marker', cx: x, cy: y, r: r + 4.5, stroke: '#111', width: 5.5 });
    out.push({ kind: 'circle', cx: x, cy: y, r: r + 4.5, stroke: '#ffc400', width: 3 });
  }
  if (mk.kind === 'positive' || mk.kind === 'negative') {
    out.push({
      kind: 'circle',
      role: 'marker',
      cx: x,
      cy: y,
      r,
      fill: mk.kind === 'positive' ? POS : NEG,
      stroke: '#fff',
      width: 1.5,
      alpha,
    });
    const a = r * 0.55;
    const sub = [[x - a, y, x + a, y]];
    if (mk.kind === 'positive') sub.push([x, y - a, x, y + a]);
    out.push({
      kind: 'path',
      subpaths: sub,
      stroke: '#fff',
      width: Math.max(1.5, r / 4),
      cap: 'butt',
      alpha,
    });
  } else if (mk.kind === 'out' || mk.kind === 'in') {
    out.push({
      kind: 'circle',
      role: 'marker',
      cx: x,
      cy: y,
      r,
      fill: '#fff',
      stroke: '#111',
      width: 1.8,
      alpha,
    });
    if (mk.kind === 'out') out.push({ kind: 'circle', cx: x, cy: y, r: r * 0.3, fill: '#111', alpha });
    else {
      const a = r * 0.62;
      out.push({
        kind: 'path',
        subpaths: [
          [x - a, y - a, x + a, y + a],
          [x - a, y + a, x + a, y - a],
        ],
        stroke: '#111',
        width: 1.8,
        alpha,
      });
    }
  } else {
    out.push({ kind: 'circle', role: 'marker', cx: x, cy: y, r, fill: '#111', alpha });
  }
  // the label is placed later, with every marker of the panel known (render/labels.ts)
  return out;
}

/** Text on a translucent white box, so it reads on top of any colormap. */
export function boxedText(
  text: string,
  x: number,
  yMiddle: number,
  size: number,
  align: 'left' | 'center' | 'right',
  color = '#111',
): [RectPrim, TextPrim] {
  const w = textWidth(text, size);
  const left = align === 'left' ? x : align === 'center' ? x - w / 2 : x - w;
  const pad = 3;
  return [
    {
      kind: 'rect',
      x: left - pad,
      y: yMiddle - size * 0.65 - 1,
      w: w + 2 * pad,
      h: size * 1.3 + 2,
      fill: '#fff',
      alpha: 0.82,
      rx: 2,
    },
    { kind: 'text', x, y: yMiddle + size * MIDDLE_TO_BASELINE, text, size, color, weight: 'normal', align },
  ];
}

export function coloredPathPrims(layer: ColoredPathLayer, ctx: LayerContext): Primitive[] {
  const lut = colormapLut(layer.cmap);
  const t = normalizer(layer.norm);
  const { tx, ty } = ctx.geo;
  const n = Math.min(layer.x.length, layer.y.length, layer.values.length);
  const out: Primitive[] = [];
  const segCount = layer.closed ? n : n - 1;
  // Consecutive segments of one colour share a path: hundreds of points stay a few dozen elements.
  let run: number[] = [];
  let runColor = '';
  const flush = () => {
    if (run.length >= 4)
      out.push({
        kind: 'path',
        subpaths: [run],
        stroke: runColor,
        width: layer.width,
        cap: 'round',
        join: 'round',
      });
    run = [];
  };
  for (let i = 0; i < segCount; i++) {
    const j = (i + 1) % n;
    const v = (layer.values[i]! + layer.values[j]!) / 2;
    const color = lutColor(lut, Math.max(0, Math.min(1, t(v))));
    const ax = tx(layer.x[i]!);
    const ay = ty(layer.y[i]!);
    const bx = tx(layer.x[j]!);
    const by = ty(layer.y[j]!);
    if (![ax, ay, bx, by].every(Number.isFinite)) {
      flush();
      continue;
    }
    if (color !== runColor) {
      flush();
      runColor = color;
      run = [ax, ay];
    }
    run.push(bx, by);
  }
  flush();
  return out;
}
