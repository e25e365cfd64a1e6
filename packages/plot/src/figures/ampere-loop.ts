import { invalid } from '../errors.js';
import { wireGrids } from '../fields.js';
import { autoNorm } from '../norm.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { AmpereLoopOutput, AmpereLoopParams } from '../types.js';
import {
  axisLabels,
  bi,
  circlePoints,
  inkFor,
  pickNorm,
  quiverFromGrids,
  scaleLabel,
  scene,
  windowAround,
  wireMarkers,
} from './common.js';

const LOOP_CMAP = 'coolwarm';

export function ampereLoopScene(
  params: AmpereLoopParams,
  output: AmpereLoopOutput,
  o: ResolvedOptions,
): Scene {
  const loop = params.loop;
  if (!loop || !(loop.radius > 0)) throw invalid('params.loop.radius', 'must be a positive number');
  const wires = params.current_sources ?? [];
  const ext = windowAround(loop.center_x, loop.center_y, loop.radius, wires);
  const B = wireGrids(wires, ext, 220);
  const cmap = o.colormap ?? 'viridis';
  const norm = pickNorm(o, 'log', B.magnitude.data, { robust: true, decades: 2.5 });
  const ink = inkFor(cmap);
  const layers: Layer[] = [{ type: 'image', grid: B.magnitude, extent: ext, cmap, norm }];
  if (o.show_field ?? true) {
    layers.push(
      quiverFromGrids(
        B.u,
        B.v,
        ext,
        o.arrow_density ?? 18,
        ink.arrow,
        'uniform',
        Math.min(o.width - 260, o.height - 110),
      ),
    );
  }
  const pts = output.loop_points;
  const bt = pts?.field_tangential ?? [];
  const circle = circlePoints(loop.center_x, loop.center_y, loop.radius);
  layers.push({ type: 'lines', lines: [circle], color: '#111', width: 6 });
  const loopNorm = autoNorm(bt, 'linear', { symmetric: true });
  if (pts && bt.length > 1) {
    layers.push({
      type: 'colored-path',
      x: pts.x,
      y: pts.y,
      values: bt,
      cmap: LOOP_CMAP,
      norm: loopNorm,
      width: 3.5,
      closed: true,
    });
  } else layers.push({ type: 'lines', lines: [circle], color: '#fff', width: 3 });
  // The path's sense (counter-clockwise) fixes the sign of I_enc: show it.
  layers.push({
    type: 'lines',
    lines: [circle],
    color: '#111',
    width: 0,
    arrows: { spacing: 160, size: 11 },
  });

  const inside = (w: { x: number; y: number }) =>
    Math.hypot(w.x - loop.center_x, w.y - loop.center_y) < loop.radius;
  layers.push({ type: 'markers', markers: wireMarkers(wires, { inside, labels: wires.length <= 6 }) });
  const ok = output.verification_passed;
  layers.push({
    type: 'infobox',
    corner: 'top-left',
    lines: [
      { text: `I_enc = ${formatValue(output.enclosed_current)} A` },
      { text: `∮B·dl = ${formatValue(output.magnetic_circulation, 5)} T·m` },
      { text: `μ₀I_enc = ${formatValue(output.theoretical_circulation, 5)} T·m` },
      {
        text: `${o.lang === 'zh' ? '相对误差' : 'relative error'} ${formatValue(output.relative_error)} ${ok ? '✓' : '✗'}`,
        fallback: `relative error ${formatValue(output.relative_error)} ${ok ? '✓' : '✗'}`,
      },
    ],
  });
  const labels = axisLabels(o, bi(o, 'x (m)', 'x (米)'), bi(o, 'y (m)', 'y (米)'));
  return scene(o, bi(o, "Ampère's law: circulation of B around a loop", '安培环路定理：B 沿闭合回路的环量'), [
    {
      box: [0, 0, 1, 1],
      x: { min: ext.x_min, max: ext.x_max, label: labels.x },
      y: { min: ext.y_min, max: ext.y_max, label: labels.y },
      equalAspect: true,
      grid: o.show_grid,
      layers,
      colorbars: [
        { cmap, norm, label: scaleLabel(o, norm, '|B| (T)', '|B| (T)') },
        { cmap: LOOP_CMAP, norm: loopNorm, label: bi(o, 'B·t̂ along the loop (T)', '回路上 B·t̂ (T)') },
      ],
    },
  ]);
}
