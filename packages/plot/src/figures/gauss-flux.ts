import { invalid } from '../errors.js';
import { coulombGrids } from '../fields.js';
import { autoNorm } from '../norm.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { GaussFluxOutput, GaussFluxParams } from '../types.js';
import {
  axisLabels,
  bi,
  chargeMarkers,
  circlePoints,
  inkFor,
  pickNorm,
  quiverFromGrids,
  scaleLabel,
  scene,
  windowAround,
} from './common.js';

const SURFACE_CMAP = 'coolwarm';

export function gaussFluxScene(params: GaussFluxParams, output: GaussFluxOutput, o: ResolvedOptions): Scene {
  const s = params.surface;
  if (!s || !(s.radius > 0)) throw invalid('params.surface.radius', 'must be a positive number');
  const charges = params.charges ?? [];
  const ext = windowAround(s.center_x, s.center_y, s.radius, charges);
  const E = coulombGrids(charges, ext, 220);
  const cmap = o.colormap ?? 'viridis';
  const norm = pickNorm(o, 'log', E.magnitude.data, { robust: true, decades: 3 });
  const ink = inkFor(cmap);
  const layers: Layer[] = [{ type: 'image', grid: E.magnitude, extent: ext, cmap, norm }];
  if (o.show_field ?? true) {
    layers.push(
      quiverFromGrids(
        E.u,
        E.v,
        ext,
        o.arrow_density ?? 18,
        ink.arrow,
        'uniform',
        Math.min(o.width - 260, o.height - 110),
      ),
    );
  }

  const pts = output.surface_points;
  const flux = pts?.flux_density ?? [];
  const circle = circlePoints(s.center_x, s.center_y, s.radius);
  // A dark casing under the coloured circle keeps it readable on any colormap.
  layers.push({ type: 'lines', lines: [circle], color: '#111', width: 6 });
  const fluxNorm = autoNorm(flux, 'linear', { symmetric: true });
  if (pts && flux.length > 1) {
    layers.push({
      type: 'colored-path',
      x: pts.x,
      y: pts.y,
      values: flux,
      cmap: SURFACE_CMAP,
      norm: fluxNorm,
      width: 3.5,
      closed: true,
    });
  } else layers.push({ type: 'lines', lines: [circle], color: '#fff', width: 3 });

  const inside = (c: { x: number; y: number }) => Math.hypot(c.x - s.center_x, c.y - s.center_y) < s.radius;
  layers.push({ type: 'markers', markers: chargeMarkers(charges, { inside, labels: charges.length <= 5 }) });
  const ok = output.verification_passed;
  layers.push({
    type: 'infobox',
    corner: 'top-left',
    lines: [
      { text: `Q_enc = ${formatValue(output.enclosed_charge)} C` },
      { text: `Φ_E = ∮E·dA = ${formatValue(output.electric_flux, 5)} V·m` },
      { text: `Q_enc/ε₀ = ${formatValue(output.theoretical_flux, 5)} V·m` },
      {
        text: `${o.lang === 'zh' ? '相对误差' : 'relative error'} ${formatValue(output.relative_error)} ${ok ? '✓' : '✗'}`,
        fallback: `relative error ${formatValue(output.relative_error)} ${ok ? '✓' : '✗'}`,
      },
    ],
  });
  const labels = axisLabels(o, bi(o, 'x (m)', 'x (米)'), bi(o, 'y (m)', 'y (米)'));
  return scene(
    o,
    bi(
      o,
      "Gauss's law: electric flux through a Gaussian sphere (equator shown)",
      '高斯定理：穿过高斯球面的电通量（显示赤道圆）',
    ),
    [
      {
        box: [0, 0, 1, 1],
        x: { min: ext.x_min, max: ext.x_max, label: labels.x },
        y: { min: ext.y_min, max: ext.y_max, label: labels.y },
        equalAspect: true,
        grid: o.show_grid,
        layers,
        colorbars: [
          { cmap, norm, label: scaleLabel(o, norm, '|E| (V/m)', '|E| (V/m)') },
          { cmap: SURFACE_CMAP, norm: fluxNorm, label: bi(o, 'E·n̂ on the surface (V/m)', '面上 E·n̂ (V/m)') },
        ],
      },
    ],
  );
}
