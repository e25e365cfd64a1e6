import type { VectorGrids } from '../fields.js';
import { autoNorm } from '../norm.js';
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
  pathLabel: Label;
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
  const pathNorm = autoNorm(values, 'linear', { symmetric: true });
  if (f.path && values.length > 1) {
    layers.push({
      type: 'colored-path',
      x: f.path.x,
      y: f.path.y,
      values,
      cmap: PATH_CMAP,
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
        { cmap: PATH_CMAP, norm: pathNorm, label: f.pathLabel },
      ],
    },
  ]);
}
