import { invalid } from '../errors.js';
import { wireGrids } from '../fields.js';
import type { ResolvedOptions } from '../options.js';
import type { Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { AmpereLoopOutput, AmpereLoopParams } from '../types.js';
import { circleLawScene } from './circle-law.js';
import { bi, windowAround, wireMarkers } from './common.js';

/** Ampère's law: |B| around the loop, the loop coloured by B·t̂, wires marked inside or outside. */
export function ampereLoopScene(
  params: AmpereLoopParams,
  output: AmpereLoopOutput,
  o: ResolvedOptions,
): Scene {
  const loop = params.loop;
  if (!loop || !(loop.radius > 0)) throw invalid('params.loop.radius', 'must be a positive number');
  const wires = params.current_sources ?? [];
  const extent = windowAround(loop.center_x, loop.center_y, loop.radius, wires);
  const inside = (w: { x: number; y: number }) =>
    Math.hypot(w.x - loop.center_x, w.y - loop.center_y) < loop.radius;
  const points = output.loop_points;
  return circleLawScene(
    {
      title: bi(o, "Ampère's law: circulation of B around a loop", '安培环路定理：B 沿闭合回路的环量'),
      field: wireGrids(wires, extent, 220),
      extent,
      decades: 2.5,
      magnitudeLabel: '|B| (T)',
      circle: loop,
      path: points ? { x: points.x, y: points.y, values: points.field_tangential ?? [] } : undefined,
      pathLabel: { en: 'B·t̂ along the loop (T)', zh: '回路上 B·t̂ (T)' },
      // The path's sense (counter-clockwise) fixes the sign of I_enc: show it.
      showSense: true,
      markers: wireMarkers(wires, { inside, labels: wires.length <= 6 }),
      facts: [
        `I_enc = ${formatValue(output.enclosed_current)} A`,
        `∮B·dl = ${formatValue(output.magnetic_circulation, 5)} T·m`,
        `μ₀I_enc = ${formatValue(output.theoretical_circulation, 5)} T·m`,
      ],
      relativeError: output.relative_error,
      verified: output.verification_passed,
    },
    o,
  );
}
