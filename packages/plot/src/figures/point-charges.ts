import { maskNodes } from '@faraday/physics';
import { isolines } from '../contours.js';
import { checkDomain, sampleGrid, toGrid } from '../grid.js';
import { normLevels, signsOf } from '../norm.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Scene } from '../scene.js';
import type { ContourLine, Domain, Grid2D, PointChargesOutput, PointChargesParams } from '../types.js';
import {
  axisLabels,
  bi,
  chargeMarkers,
  inkFor,
  isDiverging,
  pickNorm,
  quiverFromGrids,
  scaleLabel,
  scene,
} from './common.js';

export function pointChargesScene(
  params: PointChargesParams,
  output: PointChargesOutput,
  o: ResolvedOptions,
): Scene {
  const ext = checkDomain(params, 'params');
  // Nodes on a charge (that charge left out there) are drawn as no data, in the map and the arrows.
  const singular = (output.metadata?.singular_nodes ?? []) as Array<[number, number]>;
  const V = maskNodes(toGrid(output.potential, 'output.potential'), singular);
  // A diverging map (white at V = 0) when the potential takes both signs; for like charges, whose
  // potential never crosses zero, a sequential map over the data's own range: the diverging one
  // would spend half its colours on values that do not occur and leave almost no contrast.
  const { hasNeg, hasPos } = signsOf(V.data);
  const oneSigned = !(hasNeg && hasPos);
  const cmap = o.colormap ?? (oneSigned ? 'viridis' : 'RdBu_r');
  // Symmetric-log: the 1/r potential spans decades; a linear scale shows only the charges' cores.
  const norm = pickNorm(o, 'symlog', V.data, {
    robust: true,
    symmetric: isDiverging(cmap) && !oneSigned,
    dataRange: oneSigned,
    decades: 3,
  });
  const ink = inkFor(cmap);
  const charges = params.charges ?? [];
  const layers: Layer[] = [];
  if (params.show_potential ?? true) layers.push({ type: 'image', grid: V, extent: ext, cmap, norm });

  let E: { Ex: Grid2D; Ey: Grid2D } | undefined;
  if (output.electric_field?.Ex !== undefined && output.electric_field.Ey !== undefined) {
    E = {
      Ex: maskNodes(toGrid(output.electric_field.Ex, 'output.electric_field.Ex'), singular),
      Ey: maskNodes(toGrid(output.electric_field.Ey, 'output.electric_field.Ey'), singular),
    };
  }

  let levels: number[] = [];
  if (o.show_contour ?? params.show_equipotentials ?? true) {
    let lines: ContourLine[] = output.equipotentials ?? [];
    if (lines.length === 0) {
      // two decades, not the map's three: levels in the near-linear core crowd around V = 0
      const contourNorm = norm.kind === 'symlog' ? { ...norm, linthresh: (norm.linthresh ?? 1) * 10 } : norm;
      levels = normLevels(contourNorm, o.contour_levels);
      lines = isolines(V, ext, levels);
    } else levels = [...new Set(lines.map((l) => l.level))];
    layers.push({
      type: 'lines',
      lines,
      color: ink.line,
      width: 0.9,
      dash: [4, 3],
      // sequential maps run from dark to light across the figure; diverging ones are light where V≈0
      ...(isDiverging(cmap) ? {} : { halo: ink.halo }),
      alpha: 0.75,
      legend: bi(o, 'equipotential', '等势线'),
    });
  }

  if (o.show_field ?? params.show_field_lines ?? true) {
    const lines = output.field_lines ?? [];
    if (lines.length > 0) {
      const field = E;
      layers.push({
        type: 'lines',
        lines,
        color: '#111',
        width: 1.15,
        alpha: 0.9,
        legend: bi(o, 'field line (E)', '电场线'),
        arrows: {
          spacing: 150,
          size: 8,
          ...(field ? { direction: (x: number, y: number) => sampleDir(field, ext, x, y) } : {}),
        },
      });
    } else if (E) {
      layers.push(
        quiverFromGrids(
          E.Ex,
          E.Ey,
          ext,
          o.arrow_density ?? 22,
          '#111',
          'uniform',
          Math.min(o.width - 220, o.height - 110),
        ),
      );
    }
  }
  layers.push({ type: 'markers', markers: chargeMarkers(charges, { labels: charges.length <= 6 }) });

  const labels = axisLabels(o, bi(o, 'x (m)', 'x (米)'), bi(o, 'y (m)', 'y (米)'));
  const n = charges.length;
  return scene(
    o,
    bi(
      o,
      `Electric potential and field lines of ${n} point charge${n === 1 ? '' : 's'}`,
      `${n} 个点电荷的电势与电场线`,
    ),
    [
      {
        box: [0, 0, 1, 1],
        x: { min: ext.x_min, max: ext.x_max, label: labels.x },
        y: { min: ext.y_min, max: ext.y_max, label: labels.y },
        equalAspect: true,
        grid: o.show_grid,
        layers,
        colorbars:
          params.show_potential === false
            ? []
            : [
                {
                  cmap,
                  norm,
                  label: scaleLabel(o, norm, 'potential V (V)', '电势 V (V)'),
                  marks: levels,
                },
              ],
        legend: 'none',
      },
    ],
  );
}

function sampleDir(
  E: { Ex: Grid2D; Ey: Grid2D },
  ext: Domain,
  x: number,
  y: number,
): [number, number] | undefined {
  const u = sampleGrid(E.Ex, ext, x, y);
  const v = sampleGrid(E.Ey, ext, x, y);
  return u === undefined || v === undefined ? undefined : [u, v];
}
