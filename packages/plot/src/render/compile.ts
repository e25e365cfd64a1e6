import { canRenderCjk, hasCjk } from '../fonts.js';
import { normalizer } from '../norm.js';
import type { InfoBoxLayer, Label, Layer, Panel, Scene } from '../scene.js';
import { infoPrims, infoRect, legendPrims } from './boxes.js';
import { colormapStrip } from './colorize.js';
import { markerReach, type PlacedMarker, placeMarkerLabels } from './labels.js';
import { type LayerContext, layerPrims } from './layers.js';
import { layoutPanel, type Metrics, metrics, type PanelGeometry } from './layout.js';
import { ASCENT, MIDDLE_TO_BASELINE, textWidth } from './measure.js';
import type { DisplayList, Primitive } from './primitives.js';

export type Target = 'png' | 'svg';

const INK = '#222';

/**
 * A raster without a CJK font would draw boxes; use the label's English stand-in then. SVG keeps the
 * original text, since the viewer's fonts draw it.
 */
export function textResolver(target: Target): (label: Label) => string {
  const raster = target === 'png' && !canRenderCjk();
  return (l) =>
    raster && hasCjk(l.text)
      ? (l.fallback ?? l.text.replace(/[^\x20-\x7E°±×µμ²³⁻⁰¹⁴⁵⁶⁷⁸⁹·−]/g, '?'))
      : l.text;
}

function axesPrims(panel: Panel, geo: PanelGeometry, m: Metrics, text: (l: Label) => string): Primitive[] {
  const { plot, xTicks, yTicks, tx, ty } = geo;
  const out: Primitive[] = [];
  const marks: number[][] = [];
  const bottom = plot.y + plot.h;
  xTicks.values.forEach((v, i) => {
    const x = tx(v);
    marks.push([x, bottom, x, bottom + m.tickLen]);
    out.push({
      kind: 'text',
      x,
      y: bottom + m.tickLen + 3 + m.tick * ASCENT,
      text: xTicks.labels[i]!,
      size: m.tick,
      color: INK,
      weight: 'normal',
      align: 'center',
    });
  });
  let yLabelW = 0;
  yTicks.values.forEach((v, i) => {
    const y = ty(v);
    marks.push([plot.x - m.tickLen, y, plot.x, y]);
    const label = yTicks.labels[i]!;
    yLabelW = Math.max(yLabelW, textWidth(label, m.tick));
    out.push({
      kind: 'text',
      x: plot.x - m.tickLen - 3,
      y: y + m.tick * MIDDLE_TO_BASELINE,
      text: label,
      size: m.tick,
      color: INK,
      weight: 'normal',
      align: 'right',
    });
  });
  out.push({ kind: 'path', subpaths: marks, stroke: '#333', width: 1 });
  out.push({ kind: 'rect', ...plot, stroke: '#333', width: 1 });
  if (panel.x.label) {
    const y = bottom + m.tickLen + 3 + m.tick * 1.25 + m.pad + m.label * ASCENT;
    out.push({
      kind: 'text',
      x: plot.x + plot.w / 2,
      y,
      text: text(panel.x.label),
      size: m.label,
      color: INK,
      weight: 'normal',
      align: 'center',
    });
  }
  if (panel.y.label) {
    const x = plot.x - m.tickLen - 3 - yLabelW - m.pad - m.label * 0.3;
    out.push({
      kind: 'text',
      x,
      y: plot.y + plot.h / 2,
      text: text(panel.y.label),
      size: m.label,
      color: INK,
      weight: 'normal',
      align: 'center',
      rotate: -90,
    });
  }
  if (panel.title) {
    out.push({
      kind: 'text',
      x: plot.x + plot.w / 2,
      y: plot.y - m.pad - m.panelTitle * 0.3,
      text: text(panel.title),
      size: m.panelTitle,
      color: INK,
      weight: 'bold',
      align: 'center',
    });
  }
  return out;
}

function gridPrims(geo: PanelGeometry, onImage: boolean): Primitive {
  const { plot, xTicks, yTicks, tx, ty } = geo;
  const sub: number[][] = [];
  for (const v of xTicks.values) sub.push([tx(v), plot.y, tx(v), plot.y + plot.h]);
  for (const v of yTicks.values) sub.push([plot.x, ty(v), plot.x + plot.w, ty(v)]);
  return onImage
    ? { kind: 'path', subpaths: sub, stroke: '#fff', width: 0.7, alpha: 0.45, dash: [3, 3] }
    : { kind: 'path', subpaths: sub, stroke: '#000', width: 0.6, alpha: 0.14 };
}

function colorbarPrims(geo: PanelGeometry, m: Metrics, text: (l: Label) => string): Primitive[] {
  const out: Primitive[] = [];
  for (const { rect, spec, ticks } of geo.colorbars) {
    out.push({ kind: 'image', ...rect, width: 1, height: 256, rgba: colormapStrip(spec.cmap) });
    const t = normalizer(spec.norm);
    const at = (v: number) => rect.y + rect.h * (1 - Math.max(0, Math.min(1, t(v))));
    if (spec.marks && spec.marks.length > 0) {
      out.push({
        kind: 'path',
        subpaths: spec.marks.map((v) => [rect.x, at(v), rect.x + rect.w, at(v)]),
        stroke: '#000',
        width: 0.8,
        alpha: 0.6,
      });
    }
    out.push({ kind: 'rect', ...rect, stroke: '#333', width: 0.8 });
    const marks: number[][] = [];
    let labelW = 0;
    ticks.values.forEach((v, i) => {
      const y = at(v);
      marks.push([rect.x + rect.w, y, rect.x + rect.w + m.tickLen, y]);
      labelW = Math.max(labelW, textWidth(ticks.labels[i]!, m.tick));
      out.push({
        kind: 'text',
        x: rect.x + rect.w + m.tickLen + 3,
        y: y + m.tick * MIDDLE_TO_BASELINE,
        text: ticks.labels[i]!,
        size: m.tick,
        color: INK,
        weight: 'normal',
        align: 'left',
      });
    });
    out.push({ kind: 'path', subpaths: marks, stroke: '#333', width: 0.8 });
    if (spec.label) {
      const x = rect.x + rect.w + m.tickLen + 3 + labelW + m.pad + m.label * 0.7;
      out.push({
        kind: 'text',
        x,
        y: rect.y + rect.h / 2,
        text: text(spec.label),
        size: m.label,
        color: INK,
        weight: 'normal',
        align: 'center',
        rotate: 90,
      });
    }
  }
  return out;
}

/** Labels of every marker of the panel, placed once all markers and annotations are known. */
function markerLabels(panel: Panel, geo: PanelGeometry, ctx: LayerContext): Primitive[] {
  const placed: PlacedMarker[] = [];
  for (const layer of panel.layers) {
    if (layer.type !== 'markers') continue;
    for (const marker of layer.markers) {
      const x = geo.tx(marker.x);
      const y = geo.ty(marker.y);
      if (Number.isFinite(x) && Number.isFinite(y)) placed.push({ x, y, reach: markerReach(marker), marker });
    }
  }
  return placeMarkerLabels(placed, (mk) => ctx.text(mk.label!), ctx.m.small, geo.plot, ctx.occupied);
}

/** Lays out a scene and turns it into primitives in logical px. */
export function compileScene(scene: Scene, target: Target): DisplayList {
  const m = metrics(scene.width, scene.height);
  const text = textResolver(target);
  const items: Primitive[] = [];
  let top = 0;
  if (scene.title) {
    const t = text(scene.title);
    let size = m.title;
    // long titles shrink rather than run off the canvas
    while (size > 9 && textWidth(t, size, 'bold') > scene.width - 2 * m.pad) size -= 0.5;
    items.push({
      kind: 'text',
      x: scene.width / 2,
      y: m.pad + size * ASCENT + 2,
      text: t,
      size,
      color: '#111',
      weight: 'bold',
      align: 'center',
    });
    top = m.pad + m.title * 1.35 + 2;
  }
  const area = { x: 0, y: top, w: scene.width, h: scene.height - top };
  const panels: PanelGeometry[] = [];
  for (const panel of scene.panels) {
    const [l, t, r, b] = panel.box;
    const outer = {
      x: area.x + l * area.w,
      y: area.y + t * area.h,
      w: (r - l) * area.w,
      h: (b - t) * area.h,
    };
    const geo = layoutPanel(panel, outer, m);
    panels.push(geo);
    const boxes = panel.layers.filter((x): x is InfoBoxLayer => x.type === 'infobox');
    // info boxes are drawn last but their place is known: labels keep out of it
    const ctx: LayerContext = {
      geo,
      m,
      scale: scene.dpi / 100,
      text,
      occupied: boxes.map((b) => infoRect(b, geo, m, text)),
    };
    const images = panel.layers.filter((x) => x.type === 'image');
    const bands = panel.layers.filter((x) => x.type === 'band');
    // rules go last so their labels can step around annotations already placed
    const rest: Layer[] = panel.layers.filter(
      (x) => x.type !== 'image' && x.type !== 'band' && x.type !== 'infobox' && x.type !== 'rule',
    );
    rest.push(...panel.layers.filter((x) => x.type === 'rule'));
    const inner: Primitive[] = [];
    for (const layer of [...images, ...bands]) inner.push(...layerPrims(layer, ctx));
    if (panel.grid) inner.push(gridPrims(geo, images.length > 0));
    for (const layer of rest) inner.push(...layerPrims(layer, ctx));
    inner.push(...markerLabels(panel, geo, ctx));
    items.push({ kind: 'group', clip: geo.plot, children: inner });
    items.push(...axesPrims(panel, geo, m, text));
    items.push(...colorbarPrims(geo, m, text));
    for (const box of boxes) items.push(...infoPrims(box, geo, m, text));
    items.push(
      ...legendPrims(
        panel,
        geo,
        m,
        text,
        boxes.map((b2) => b2.corner),
        ctx.occupied,
      ),
    );
  }
  return {
    width: scene.width,
    height: scene.height,
    dpi: scene.dpi,
    background: scene.background ?? '#fff',
    items,
    panels,
  };
}
