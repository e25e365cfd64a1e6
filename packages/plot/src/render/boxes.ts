import type { Corner, InfoBoxLayer, Label, Layer, Panel } from '../scene.js';
import type { Metrics, PanelGeometry, Rect } from './layout.js';
import { MIDDLE_TO_BASELINE, textWidth } from './measure.js';
import type { Primitive } from './primitives.js';

/** Boxes placed in a corner of the plot: the legend (where it hides least) and info boxes. */

const INK = '#222';

function legendEntries(layers: Layer[]): { label: Label; layer: Layer }[] {
  const out: { label: Label; layer: Layer }[] = [];
  for (const l of layers) {
    if (
      (l.type === 'series' ||
        l.type === 'lines' ||
        l.type === 'band' ||
        l.type === 'rule' ||
        l.type === 'points') &&
      l.legend
    ) {
      out.push({ label: l.legend, layer: l });
    }
  }
  return out;
}

type Spot = Corner | 'middle-left' | 'middle-right' | 'top-centre' | 'bottom-centre';

function cornerRect(corner: Spot, plot: Rect, w: number, h: number, inset: number): Rect {
  const x = corner.endsWith('left')
    ? plot.x + inset
    : corner.endsWith('right')
      ? plot.x + plot.w - inset - w
      : plot.x + (plot.w - w) / 2;
  const y = corner.startsWith('top')
    ? plot.y + inset
    : corner.startsWith('bottom')
      ? plot.y + plot.h - inset - h
      : plot.y + (plot.h - h) / 2;
  return { x, y, w, h };
}

export function legendPrims(
  panel: Panel,
  geo: PanelGeometry,
  m: Metrics,
  text: (l: Label) => string,
  taken: Corner[],
  occupied: Rect[],
): Primitive[] {
  const entries = legendEntries(panel.layers);
  if (entries.length === 0 || panel.legend === 'none') return [];
  const s = m.small;
  const rowH = s * 1.55;
  const w = 34 + Math.max(...entries.map((e) => textWidth(text(e.label), s))) + 10;
  const h = entries.length * rowH + 8;
  let corner: Spot = panel.legend && panel.legend !== 'best' ? panel.legend : 'top-right';
  if (!panel.legend || panel.legend === 'best') {
    // the corner that hides the fewest plotted samples
    const pts: number[] = [];
    for (const l of panel.layers) {
      if (l.type !== 'series') continue;
      for (let i = 0; i < l.x.length; i++) pts.push(geo.tx(l.x[i]!), geo.ty(l.y[i]!));
    }
    let best = Number.POSITIVE_INFINITY;
    const spots: Spot[] = [
      'top-right',
      'top-left',
      'bottom-right',
      'bottom-left',
      'middle-right',
      'middle-left',
      'top-centre',
      'bottom-centre',
    ];
    for (const c of spots) {
      if ((taken as Spot[]).includes(c)) continue;
      const r = cornerRect(c, geo.plot, w, h, 8);
      // an annotation under the legend costs as much as a stretch of curve
      let hits =
        occupied.filter((o) => r.x < o.x + o.w && o.x < r.x + r.w && r.y < o.y + o.h && o.y < r.y + r.h)
          .length * 25;
      for (let i = 0; i < pts.length; i += 2) {
        if (
          pts[i]! >= r.x - 4 &&
          pts[i]! <= r.x + r.w + 4 &&
          pts[i + 1]! >= r.y - 4 &&
          pts[i + 1]! <= r.y + r.h + 4
        )
          hits++;
      }
      if (hits < best) {
        best = hits;
        corner = c;
      }
    }
  }
  const r = cornerRect(corner, geo.plot, w, h, 8);
  const out: Primitive[] = [
    { kind: 'rect', ...r, fill: '#fff', alpha: 0.9, stroke: '#bbb', width: 0.8, rx: 3 },
  ];
  entries.forEach((e, i) => {
    const cy = r.y + 4 + rowH * (i + 0.5);
    const l = e.layer;
    const x0 = r.x + 7;
    if (l.type === 'band')
      out.push({
        kind: 'rect',
        x: x0,
        y: cy - s * 0.45,
        w: 22,
        h: s * 0.9,
        fill: l.color,
        alpha: Math.min(1, l.alpha * 2),
      });
    else if (l.type === 'points')
      out.push({ kind: 'circle', cx: x0 + 11, cy, r: 4, fill: l.color, stroke: '#fff', width: 1 });
    else if (l.type === 'series' || l.type === 'lines' || l.type === 'rule') {
      out.push({
        kind: 'path',
        subpaths: [[x0, cy, x0 + 22, cy]],
        stroke: l.color,
        width: Math.max(1.5, l.width),
        ...(l.dash ? { dash: l.dash } : {}),
      });
    }
    out.push({
      kind: 'text',
      x: x0 + 28,
      y: cy + s * MIDDLE_TO_BASELINE,
      text: text(e.label),
      size: s,
      color: INK,
      weight: 'normal',
      align: 'left',
    });
  });
  return out;
}

export function infoRect(
  box: InfoBoxLayer,
  geo: PanelGeometry,
  m: Metrics,
  text: (l: Label) => string,
): Rect {
  const s = m.small;
  const w = Math.max(...box.lines.map((l) => textWidth(text(l), s))) + 14;
  return cornerRect(box.corner, geo.plot, w, box.lines.length * s * 1.45 + 8, 8);
}

export function infoPrims(
  box: InfoBoxLayer,
  geo: PanelGeometry,
  m: Metrics,
  text: (l: Label) => string,
): Primitive[] {
  const s = m.small;
  const lines = box.lines.map(text);
  const rowH = s * 1.45;
  const r = infoRect(box, geo, m, text);
  const out: Primitive[] = [
    { kind: 'rect', ...r, fill: '#fff', alpha: 0.88, stroke: '#999', width: 0.8, rx: 3 },
  ];
  lines.forEach((l, i) => {
    out.push({
      kind: 'text',
      x: r.x + 7,
      y: r.y + 4 + rowH * (i + 0.5) + s * MIDDLE_TO_BASELINE,
      text: l,
      size: s,
      color: INK,
      weight: 'normal',
      align: 'left',
    });
  });
  return out;
}
