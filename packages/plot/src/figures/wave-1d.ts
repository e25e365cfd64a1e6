import { invalid } from '../errors.js';
import { toGrid } from '../grid.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Panel, Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { Grid2D, Series, Wave1dOutput, Wave1dParams } from '../types.js';
import { bi, pickNorm, scene, userOr } from './common.js';

const ETA_0 = 376.730313668;

export interface WaveData {
  x: Series;
  t: Series;
  E: Grid2D;
  H: Grid2D;
  /** max |E| and |η H| over all saved steps, so frames share one y range */
  peak: number;
  eta: number;
  etaName: string;
  timeUnit: { scale: number; name: string };
}

function timeUnit(tMax: number): { scale: number; name: string } {
  if (tMax < 1e-9) return { scale: 1e12, name: 'ps' };
  if (tMax < 1e-6) return { scale: 1e9, name: 'ns' };
  if (tMax < 1e-3) return { scale: 1e6, name: 'μs' };
  if (tMax < 1) return { scale: 1e3, name: 'ms' };
  return { scale: 1, name: 's' };
}

export function waveData(params: Wave1dParams, output: Wave1dOutput): WaveData {
  const w = output.wave_data;
  if (!w) throw invalid('output.wave_data', 'missing');
  const E = toGrid(w.E, 'output.wave_data.E');
  const H = toGrid(w.H, 'output.wave_data.H');
  if (E.nx !== w.x.length || E.ny !== w.t.length) {
    throw invalid(
      'output.wave_data.E',
      `expected ${w.t.length} rows (times) × ${w.x.length} columns (positions), got ${E.ny} × ${E.nx}`,
    );
  }
  if (H.nx !== E.nx || H.ny !== E.ny) throw invalid('output.wave_data.H', 'must have the shape of E');
  const m = params.medium ?? {};
  // Scaling H by an impedance puts E and H on one axis in V/m. A medium filling the line: its own η,
  // so a travelling wave shows E = ηH. A slab: η₀, and the ratio change inside is the lesson.
  const slab = m.x_start !== undefined || m.x_end !== undefined;
  const eta = slab ? ETA_0 : ETA_0 * Math.sqrt((m.mu_r ?? 1) / (m.epsilon_r ?? 1));
  let peak = 0;
  for (let i = 0; i < E.data.length; i++) {
    const e = Math.abs(E.data[i]!);
    const h = Math.abs(H.data[i]!) * eta;
    if (Number.isFinite(e) && e > peak) peak = e;
    if (Number.isFinite(h) && h > peak) peak = h;
  }
  const tMax = Math.max(...Array.from(w.t).filter(Number.isFinite).map(Math.abs), 0);
  return { x: w.x, t: w.t, E, H, peak: peak || 1, eta, etaName: slab ? 'η₀' : 'η', timeUnit: timeUnit(tMax) };
}

function row(g: Grid2D, k: number): Float64Array {
  const out = new Float64Array(g.nx);
  for (let j = 0; j < g.nx; j++) out[j] = Number(g.data[k * g.nx + j]);
  return out;
}

function mediumLayers(params: Wave1dParams, o: ResolvedOptions, x0: number, x1: number): Layer[] {
  const m = params.medium ?? {};
  const out: Layer[] = [];
  const vacuum = (m.epsilon_r ?? 1) === 1 && (m.mu_r ?? 1) === 1 && (m.sigma ?? 0) === 0;
  if (!vacuum) {
    const from = m.x_start ?? x0;
    const to = m.x_end ?? x1;
    const label = `εr = ${formatValue(m.epsilon_r ?? 1)}, μr = ${formatValue(m.mu_r ?? 1)}, σ = ${formatValue(m.sigma ?? 0)} S/m`;
    out.push({ type: 'band', axis: 'x', from, to, color: '#7f8c8d', alpha: 0.14, label: { text: label } });
  }
  const src = params.source?.position;
  if (src !== undefined && Number.isFinite(src)) {
    out.push({
      type: 'rule',
      axis: 'x',
      value: src,
      color: '#666',
      width: 1,
      dash: [2, 3],
      label: bi(o, 'source', '波源'),
    });
  }
  return out;
}

/** The slab's faces as lines on the space–time map (shading would muddy the diverging colours). */
function mediumEdges(params: Wave1dParams, o: ResolvedOptions): Layer[] {
  const m = params.medium ?? {};
  const out: Layer[] = [];
  const faces = [m.x_start, m.x_end].filter(
    (v): v is number => v !== undefined && Number.isFinite(v) && v > 0 && v < params.length,
  );
  for (const v of faces)
    out.push({
      type: 'rule',
      axis: 'x',
      value: v,
      color: '#333',
      width: 1.2,
      label: bi(o, 'medium', '介质'),
    });
  return out;
}

/** E and η·H against x at saved step k: the snapshot panel and each animation frame. */
export function snapshotPanel(
  params: Wave1dParams,
  d: WaveData,
  k: number,
  o: ResolvedOptions,
  box: Panel['box'],
): Panel {
  const x = d.x;
  const x0 = Number(x[0]);
  const x1 = Number(x[x.length - 1]);
  const eta = d.eta;
  const h = row(d.H, k).map((v) => v * eta);
  const t = Number(d.t[k]) * d.timeUnit.scale;
  return {
    box,
    title: bi(o, `t = ${formatValue(t)} ${d.timeUnit.name}`, `t = ${formatValue(t)} ${d.timeUnit.name}`),
    x: { min: x0, max: x1, label: userOr(o.xlabel, bi(o, 'x (m)', 'x (米)')) },
    y: {
      min: -d.peak * 1.12,
      max: d.peak * 1.12,
      label: userOr(o.ylabel, bi(o, 'field (V/m)', '场强 (V/m)')),
    },
    grid: o.show_grid ?? true,
    legend: 'best',
    layers: [
      ...mediumLayers(params, o, x0, x1),
      { type: 'rule', axis: 'y', value: 0, color: '#999', width: 0.8 },
      {
        type: 'series',
        x,
        y: h,
        color: '#e67e22',
        width: 1.6,
        dash: [5, 3],
        legend: { text: `${d.etaName}·H (V/m)` },
      },
      { type: 'series', x, y: row(d.E, k), color: '#1f5fb4', width: 2, legend: { text: 'E (V/m)' } },
    ],
  };
}

/** The step worth a still: the one holding the most field energy (the pulse fully launched, not yet gone). */
function liveliestStep(d: WaveData): number {
  let best = 0;
  let bestE = -1;
  for (let k = 0; k < d.E.ny; k++) {
    let s = 0;
    for (let j = 0; j < d.E.nx; j++) s += Number(d.E.data[k * d.E.nx + j]) ** 2;
    if (s > bestE) {
      bestE = s;
      best = k;
    }
  }
  return best;
}

/** A stored row below this fraction of the peak |E| counts as empty. */
const EMPTY_ROW = 1e-3;

/**
 * The first stored row worth showing in the space–time map: the one before the field first
 * reaches EMPTY_ROW of its peak (the source ramps up from zero over four pulse times, which
 * would otherwise open the map with a blank band).
 */
export function firstLiveRow(E: Grid2D): number {
  let peak = 0;
  for (let i = 0; i < E.data.length; i++) peak = Math.max(peak, Math.abs(Number(E.data[i])) || 0);
  for (let k = 0; k < E.ny; k++) {
    for (let j = 0; j < E.nx; j++) {
      if (Math.abs(Number(E.data[k * E.nx + j])) >= EMPTY_ROW * peak && peak > 0) return Math.max(0, k - 1);
    }
  }
  return 0;
}

/** Title facts (English, Chinese): v always; λ only for a carrier (a plain pulse has none), else its width. */
function titleFacts(params: Wave1dParams, output: Wave1dOutput): { en: string[]; zh: string[] } {
  const en: string[] = [];
  const zh: string[] = [];
  if (output.wave_speed) {
    en.push(`v = ${formatValue(output.wave_speed)} m/s`);
    zh.push(`v = ${formatValue(output.wave_speed)} m/s`);
  }
  const carrier = (params.source?.frequency ?? 0) > 0;
  const width = params.source?.width ?? (params.length ?? 1) / 20;
  if (carrier && output.wavelength) {
    en.push(`λ = ${formatValue(output.wavelength)} m`);
    zh.push(`λ = ${formatValue(output.wavelength)} m`);
  } else if (!carrier && Number.isFinite(width)) {
    en.push(`pulse half-width ${formatValue(width)} m`);
    zh.push(`脉冲半宽 ${formatValue(width)} m`);
  }
  return { en, zh };
}

/**
 * The map's title, saying where its time axis starts when that is not t = 0: rows before the
 * pulse arrives are left out, and the record's first row is one stored step after the start.
 */
function spaceTimeTitle(o: ResolvedOptions, trimmed: boolean, t0: number, unitName: string) {
  if (!(t0 > 0)) return bi(o, 'space–time map of E', 'E 的时空图');
  const at = `t = ${formatValue(t0)} ${unitName}`;
  return trimmed
    ? bi(
        o,
        `space–time map of E from ${at} (before it, |E| < ${EMPTY_ROW * 100} % of its peak)`,
        `E 的时空图，自 ${at} 起（此前 |E| 小于峰值的 ${EMPTY_ROW * 100}%）`,
      )
    : bi(o, `space–time map of E from ${at}, the first stored step`, `E 的时空图，自首个存储步 ${at} 起`);
}

export function wave1dScene(params: Wave1dParams, output: Wave1dOutput, o: ResolvedOptions): Scene {
  const d = waveData(params, output);
  const { E } = d;
  const first = firstLiveRow(E);
  const rows = E.ny - first;
  // time-major rows (t[0] first) → row 0 must be the latest time so time runs upwards
  const flipped = new Float64Array(E.nx * rows);
  for (let k = first; k < E.ny; k++) flipped.set(row(E, k), (E.ny - 1 - k) * E.nx);
  const map: Grid2D = { nx: E.nx, ny: rows, data: flipped };
  const cmap = o.colormap ?? 'RdBu_r';
  const norm = pickNorm(o, 'linear', flipped, { symmetric: true });
  const x0 = Number(d.x[0]);
  const x1 = Number(d.x[E.nx - 1]);
  const t0 = Number(d.t[first]) * d.timeUnit.scale;
  const t1 = Number(d.t[E.ny - 1]) * d.timeUnit.scale;
  const spaceTime: Panel = {
    box: [0, 0, 1, 0.52],
    title: spaceTimeTitle(o, first > 0, t0, d.timeUnit.name),
    x: { min: x0, max: x1, label: userOr(o.xlabel, bi(o, 'x (m)', 'x (米)')) },
    y: {
      min: t0,
      max: t1 > t0 ? t1 : t0 + 1,
      label: bi(o, `t (${d.timeUnit.name})`, `t (${d.timeUnit.name})`),
    },
    grid: o.show_grid,
    layers: [
      {
        type: 'image',
        grid: map,
        extent: { x_min: x0, x_max: x1, y_min: t0, y_max: t1 > t0 ? t1 : t0 + 1 },
        cmap,
        norm,
      },
      ...mediumLayers(params, o, x0, x1).filter((l) => l.type === 'rule'),
      ...mediumEdges(params, o),
    ],
    colorbars: [{ cmap, norm, label: { text: 'E (V/m)' } }],
  };
  const info = titleFacts(params, output);
  const title = bi(
    o,
    `1-D electromagnetic wave (FDTD)${info.en.length ? ` — ${info.en.join(', ')}` : ''}`,
    `一维电磁波 (FDTD)${info.zh.length ? `——${info.zh.join('，')}` : ''}`,
  );
  return scene(o, title, [spaceTime, snapshotPanel(params, d, liveliestStep(d), o, [0, 0.54, 1, 1])]);
}
