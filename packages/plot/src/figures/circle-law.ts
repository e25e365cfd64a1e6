import type { VectorGrids } from '../fields.js';
import { autoNorm, type Norm } from '../norm.js';
import type { ResolvedOptions } from '../options.js';
import type { Label, Layer, Marker, Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { Domain, Series } from '../types.js';
import {
  axisLabels,
  bi,
  circlePoints,
  inkFor,
  pickNorm,
  quiverFromGrids,
  scaleLabel,
  scene,
} from './common.js';

const PATH_CMAP = 'coolwarm';

/** Beyond this ratio of the largest |value| on the path to its median, a linear scale washes out. */
const LINEAR_PATH_SPAN = 20;
/** The path's map when its values have one sign and span decades: sequential, unlike the field map's. */
const ONE_SIGN_PATH_CMAP = 'plasma';

/**
 * The colour scale of the component along the path, chosen from the values' range: linear,
 * sign-symmetric and diverging, unless a source close to the path makes one arc tower over the
 * rest (a wire at 0.999 R: B·t̂ peaks 1000× above the far side, and a linear scale paints the rest
 * of the ring white). Then symmetric-log with its linear core at half the path's smallest typical
 * value (the 5th percentile of |value|), so every arc keeps a colour of its own: over the data's
 * own range on a sequential map when every value has one sign (a diverging map would leave its
 * other half unused and the ring pale), centred on zero when both signs occur.
 */
export function pathScaleOf(values: Series): { norm: Norm; cmap: string } {
  const finite = Array.from(values, Number).filter(Number.isFinite);
  const magnitudes = finite.map(Math.abs).sort((a, b) => a - b);
  const median = magnitudes[Math.floor(magnitudes.length / 2)] ?? 0;
  const max = magnitudes.at(-1) ?? 0;
  if (!(max > LINEAR_PATH_SPAN * median)) {
    return { norm: autoNorm(values, 'linear', { symmetric: true }), cmap: PATH_CMAP };
  }
  const low = magnitudes[Math.floor(0.05 * (magnitudes.length - 1))]!;
  const linthresh = Math.max(low, max * 1e-6) / 2;
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  if (lo >= 0 || hi <= 0)
    return { norm: { kind: 'symlog', vmin: lo, vmax: hi, linthresh }, cmap: ONE_SIGN_PATH_CMAP };
  return { norm: { kind: 'symlog', vmin: -max, vmax: max, linthresh }, cmap: PATH_CMAP };
}

/**
 * The figure shared by Gauss's and Ampère's laws: the field's magnitude and arrows around a
 * circle, the circle coloured by the normal or tangential component measured on it, the
 * sources marked inside or outside, and the integral against its closed form in a box.
 */
export interface CircleLawFigure {
  title: Label;
  field: VectorGrids;
  extent: Domain;
  /** Decades of the log colour scale of the magnitude map. */
  decades: number;
  magnitudeLabel: string;
  circle: { center_x: number; center_y: number; radius: number };
  /** Points on the circle and the component shown along it, as the solver returned them. */
  path: { x: Series; y: Series; values: Series } | undefined;
  /** The component's name and unit, English and Chinese. */
  pathLabel: { en: string; zh: string };
  /** Arrows showing the path's sense, where it fixes the sign of the result. */
  showSense: boolean;
  markers: Marker[];
  /** Integral, closed form and whatever else the box states, above the relative-error line. */
  facts: string[];
  relativeError: number;
  verified: boolean;
}

export function circleLawScene(f: CircleLawFigure, o: ResolvedOptions): Scene {
  const ext = f.extent;
  const cmap = o.colormap ?? 'viridis';
  const norm = pickNorm(o, 'log', f.field.magnitude.data, { robust: true, decades: f.decades });
  const ink = inkFor(cmap);
  const layers: Layer[] = [{ type: 'image', grid: f.field.magnitude, extent: ext, cmap, norm }];
  if (o.show_field ?? true) {
    const maxLength = Math.min(o.width - 260, o.height - 110);
    layers.push(
      quiverFromGrids(f.field.u, f.field.v, ext, o.arrow_density ?? 18, ink.arrow, 'uniform', maxLength),
    );
  }
  const values = f.path?.values ?? [];
  const circle = circlePoints(f.circle.center_x, f.circle.center_y, f.circle.radius);
  // A dark casing under the coloured circle keeps it readable on any colormap.
  layers.push({ type: 'lines', lines: [circle], color: '#111', width: 6 });
  const { norm: pathNorm, cmap: pathCmap } = pathScaleOf(values);
  if (f.path && values.length > 1) {
    layers.push({
      type: 'colored-path',
      x: f.path.x,
      y: f.path.y,
      values,
      cmap: pathCmap,
      norm: pathNorm,
      width: 3.5,
      closed: true,
    });
  } else layers.push({ type: 'lines', lines: [circle], color: '#fff', width: 3 });
  if (f.showSense) {
    layers.push({
      type: 'lines',
      lines: [circle],
      color: '#111',
      width: 0,
      arrows: { spacing: 160, size: 11 },
    });
  }
  layers.push({ type: 'markers', markers: f.markers });
  const mark = f.verified ? '✓' : '✗';
  layers.push({
    type: 'infobox',
    corner: 'top-left',
    lines: [
      ...f.facts.map((text) => ({ text })),
      {
        text: `${o.lang === 'zh' ? '相对误差' : 'relative error'} ${formatValue(f.relativeError)} ${mark}`,
        fallback: `relative error ${formatValue(f.relativeError)} ${mark}`,
      },
    ],
  });
  const labels = axisLabels(o, bi(o, 'x (m)', 'x (米)'), bi(o, 'y (m)', 'y (米)'));
  return scene(o, f.title, [
    {
      box: [0, 0, 1, 1],
      x: { min: ext.x_min, max: ext.x_max, label: labels.x },
      y: { min: ext.y_min, max: ext.y_max, label: labels.y },
      equalAspect: true,
      grid: o.show_grid,
      layers,
      colorbars: [
        { cmap, norm, label: scaleLabel(o, norm, f.magnitudeLabel, f.magnitudeLabel) },
        { cmap: pathCmap, norm: pathNorm, label: scaleLabel(o, pathNorm, f.pathLabel.en, f.pathLabel.zh) },
      ],
    },
  ]);
}
