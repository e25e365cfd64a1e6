import { invalid } from '../errors.js';
import { coulombGrids } from '../fields.js';
import type { ResolvedOptions } from '../options.js';
import type { Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { GaussFluxOutput, GaussFluxParams } from '../types.js';
import { circleLawScene } from './circle-law.js';
import { bi, chargeMarkers, windowAround } from './common.js';

/** Gauss's law: |E| around the sphere's equator, coloured by E·n̂, enclosed charges highlighted. */
export function gaussFluxScene(params: GaussFluxParams, output: GaussFluxOutput, o: ResolvedOptions): Scene {
  const s = params.surface;
  if (!s || !(s.radius > 0)) throw invalid('params.surface.radius', 'must be a positive number');
  const charges = params.charges ?? [];
  const extent = windowAround(s.center_x, s.center_y, s.radius, charges);
  const inside = (c: { x: number; y: number }) => Math.hypot(c.x - s.center_x, c.y - s.center_y) < s.radius;
  const points = output.surface_points;
  return circleLawScene(
    {
      title: bi(
        o,
        "Gauss's law: electric flux through a Gaussian sphere (equator shown)",
        '高斯定理：穿过高斯球面的电通量（显示赤道圆）',
      ),
      field: coulombGrids(charges, extent, 220),
      extent,
      decades: 3,
      magnitudeLabel: '|E| (V/m)',
      circle: s,
      path: points ? { x: points.x, y: points.y, values: points.flux_density ?? [] } : undefined,
      pathLabel: { en: 'E·n̂ on the surface (V/m)', zh: '面上 E·n̂ (V/m)' },
      showSense: false,
      markers: chargeMarkers(charges, { inside, labels: charges.length <= 5 }),
      facts: [
        `Q_enc = ${formatValue(output.enclosed_charge)} C`,
        `Φ_E = ∮E·dA = ${formatValue(output.electric_flux, 5)} V·m`,
        `Q_enc/ε₀ = ${formatValue(output.theoretical_flux, 5)} V·m`,
      ],
      relativeError: output.relative_error,
      verified: output.verification_passed,
    },
    o,
  );
}
