import { type Norm, normTicks } from '../norm.js';
import type { Axis, Colorbar, Panel } from '../scene.js';
import { formatLinearTicks, formatPower, formatValue, linearTicks, logTicks } from '../ticks.js';
import { textWidth } from './measure.js';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Ticks {
  values: number[];
  labels: string[];
}

/** Font sizes and lengths for one figure, grown gently with its size so big figures stay readable. */
export interface Metrics {
  title: number;
  panelTitle: number;
  label: number;
  tick: number;
  small: number;
  tickLen: number;
  pad: number;
  bar: number;
}

export function metrics(width: number, height: number): Metrics {
  const s = Math.min(1.6, Math.max(0.8, Math.sqrt((width * height) / (800 * 600))));
  const r = (v: number) => Math.round(v * s * 10) / 10;
  return {
    title: r(16),
    panelTitle: r(13),
    label: r(13),
    tick: r(11),
    small: r(11),
    tickLen: r(5),
    pad: r(6),
    bar: r(14),
  };
}

export interface PanelGeometry {
  plot: Rect;
  xTicks: Ticks;
  yTicks: Ticks;
  tx: (v: number) => number;
  ty: (v: number) => number;
  colorbars: { rect: Rect; spec: Colorbar; ticks: Ticks }[];
}

function axisTransform(axis: Axis, from: number, length: number, flip: boolean): (v: number) => number {
  const log = axis.scale === 'log' && axis.min > 0 && axis.max > 0;
  const a = log ? Math.log10(axis.min) : axis.min;
  const b = log ? Math.log10(axis.max) : axis.max;
  const k = length / (b - a || 1);
  if (log)
    return flip ? (v) => from + length - (Math.log10(v) - a) * k : (v) => from + (Math.log10(v) - a) * k;
  return flip ? (v) => from + length - (v - a) * k : (v) => from + (v - a) * k;
}

function labelsFor(values: number[], axis: Axis | undefined, norm?: Norm): string[] {
  if (axis?.format) return values.map(axis.format);
  const logLike = norm ? norm.kind !== 'linear' : axis?.scale === 'log';
  if (!logLike) return formatLinearTicks(values);
  const plain = values.every((v) => v === 0 || (Math.abs(v) >= 0.01 && Math.abs(v) < 1e4));
  return values.map((v) => (plain ? formatValue(v) : formatPower(v)));
}

function axisTicks(axis: Axis, count: number): Ticks {
  const lo = Math.min(axis.min, axis.max);
  const hi = Math.max(axis.min, axis.max);
  const span = hi - lo || 1;
  const inRange = (v: number) => v >= lo - span * 1e-9 && v <= hi + span * 1e-9;
  if (axis.ticks) {
    const values = axis.ticks.filter(inRange);
    return { values, labels: labelsFor(values, axis) };
  }
  // short axes: ask for more until at least two ticks fall inside, so the scale can be read
  let values: number[] = [];
  for (let c = count; c <= count + 6 && values.length < 2; c++) {
    values = (axis.scale === 'log' && lo > 0 ? logTicks(lo, hi, c) : linearTicks(lo, hi, c)).filter(inRange);
  }
  return { values, labels: labelsFor(values, axis) };
}

/**
 * X ticks whose labels do not collide: fewer ticks until each label has its room. A narrow panel
 * whose nice step leaves only two ticks (2 and 4 on 0.3…4.2) asks for a finer step when its labels
 * still fit: two ticks give the scale but not where a value between them lies.
 */
function fitXTicks(axis: Axis, width: number, m: Metrics): Ticks {
  const fits = (t: Ticks) => t.labels.reduce((s, l) => s + textWidth(l, m.tick) + m.tick * 1.2, 0) <= width;
  const start = Math.max(2, Math.min(10, Math.floor(width / 80)));
  for (let count = start; count >= 2; count--) {
    const t = axisTicks(axis, count);
    if (!fits(t) && count > 2) continue;
    if (t.values.length >= 3 || axis.ticks) return t;
    for (let finer = count + 1; finer <= count + 3; finer++) {
      const more = axisTicks(axis, finer);
      if (more.values.length >= 3 && fits(more)) return more;
    }
    return t;
  }
  return axisTicks(axis, 2);
}

/** How far the x tick labels reach past the right end of a plot `width` pixels wide. */
function xLabelOverhang(axis: Axis, width: number, m: Metrics): number {
  const ticks = fitXTicks(axis, width, m);
  const tx = axisTransform(axis, 0, width, false);
  let reach = 0;
  ticks.values.forEach((v, i) => {
    reach = Math.max(reach, tx(v) + textWidth(ticks.labels[i] ?? '', m.tick) / 2 - width);
  });
  return reach;
}

/** A colour bar is read by its ticks: at least this many labelled ones when the bar has the room. */
export const MIN_COLORBAR_TICKS = 4;

export function colorbarTicks(cb: Colorbar, height: number, m: Metrics): Ticks {
  const room = Math.max(2, Math.min(12, Math.floor(height / (m.tick * 1.6))));
  const count = Math.max(MIN_COLORBAR_TICKS, Math.min(9, Math.floor(height / (m.tick * 3.2))));
  const { vmin, vmax } = cb.norm;
  const span = vmax - vmin || 1;
  const inRange = (v: number) => v >= vmin - span * 1e-9 && v <= vmax + span * 1e-9;
  let values = normTicks(cb.norm, count).filter(inRange);
  // A log bar over two or three decades has only two or three decade ticks: add 2× and 5×, then
  // 3×, then every mantissa, while the labels still fit the bar's height.
  for (const mantissas of [
    [1, 2, 5],
    [1, 2, 3, 5],
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  ]) {
    if (values.length >= MIN_COLORBAR_TICKS || cb.norm.kind === 'linear') break;
    const denser = normTicks(cb.norm, count, mantissas).filter(inRange);
    if (denser.length > room) break;
    if (denser.length > values.length) values = denser;
  }
  // A linear bar: ask for more steps until four ticks fall inside.
  for (let c = count + 1; values.length < MIN_COLORBAR_TICKS && c <= count + 8; c++) {
    if (cb.norm.kind !== 'linear') break;
    values = normTicks(cb.norm, c).filter(inRange);
  }
  return { values, labels: labelsFor(values, undefined, cb.norm) };
}

function colorbarWidth(cb: Colorbar, ticks: Ticks, m: Metrics): number {
  const labelW = Math.max(0, ...ticks.labels.map((l) => textWidth(l, m.tick)));
  return m.pad * 2 + m.bar + m.tickLen + 3 + labelW + (cb.label ? m.pad + m.label * 1.25 : 0);
}

/** Splits a panel's box into margins (ticks, labels, colorbars) and the plot rectangle. */
export function layoutPanel(panel: Panel, outer: Rect, m: Metrics): PanelGeometry {
  const top = panel.title ? m.panelTitle * 1.6 + m.pad : m.pad * 1.5;
  const bottom = m.tickLen + 4 + m.tick * 1.25 + (panel.x.label ? m.pad + m.label * 1.3 : 0) + m.pad;
  let plotH = Math.max(20, outer.h - top - bottom);
  const yCount = Math.max(2, Math.min(10, Math.floor(plotH / 45)));
  const yTicks = axisTicks(panel.y, yCount);
  const yLabelW = Math.max(0, ...yTicks.labels.map((l) => textWidth(l, m.tick)));
  const left = m.pad + (panel.y.label ? m.label * 1.3 + m.pad : 0) + yLabelW + m.tickLen + 4;
  const cbTicks = (panel.colorbars ?? []).map((cb) => colorbarTicks(cb, plotH, m));
  const right =
    m.pad * 2 + (panel.colorbars ?? []).reduce((s, cb, i) => s + colorbarWidth(cb, cbTicks[i]!, m), 0);
  let plotW = Math.max(20, outer.w - left - right);
  // The last x tick's label is centred on its tick: at the right end of the axis half of it
  // stands past the plot, and in a panel without colour bars that can be past the canvas edge.
  plotW = Math.max(20, plotW - Math.max(0, xLabelOverhang(panel.x, plotW, m) - (right - 1)));
  let offsetX = 0;
  let offsetY = 0;
  const aspect = Math.abs(panel.y.max - panel.y.min) / Math.abs(panel.x.max - panel.x.min || 1);
  // a 1:1 sliver (a single grid row) helps nobody: past 1:6 the map fills the panel instead
  if (panel.equalAspect && aspect > 1 / 6 && aspect < 6) {
    if (plotH / plotW > aspect) {
      const h = plotW * aspect;
      offsetY = (plotH - h) / 2;
      plotH = h;
    } else {
      const w = plotH / aspect;
      offsetX = (plotW - w) / 2;
      plotW = w;
    }
  }
  const plot: Rect = { x: outer.x + left + offsetX, y: outer.y + top + offsetY, w: plotW, h: plotH };
  const xTicks = fitXTicks(panel.x, plotW, m);
  let cx = plot.x + plot.w + m.pad;
  const colorbars = (panel.colorbars ?? []).map((spec, i) => {
    const ticks = plotH === outer.h - top - bottom ? cbTicks[i]! : colorbarTicks(spec, plotH, m);
    const rect = { x: cx + m.pad, y: plot.y, w: m.bar, h: plot.h };
    cx += colorbarWidth(spec, ticks, m);
    return { rect, spec, ticks };
  });
  return {
    plot,
    xTicks,
    yTicks: panel.equalAspect
      ? axisTicks(panel.y, Math.max(2, Math.min(10, Math.floor(plotH / 45))))
      : yTicks,
    tx: axisTransform(panel.x, plot.x, plot.w, false),
    ty: axisTransform(panel.y, plot.y, plot.h, true),
    colorbars,
  };
}
