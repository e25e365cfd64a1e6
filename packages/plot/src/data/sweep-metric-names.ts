import type { SolverName } from '@faraday/physics/schemas';

/**
 * What each declared sweep metric is called and measured in, in English and Chinese: the one
 * place the backend's metric definitions (the results table) and the summary figure's panel
 * titles and axes take them from. `{probe}` stands for the probe point, "(x, y) m"
 * or, without one, PROBE_UNSET. Units are SI symbols ('dimensionless' and 'count' for pure
 * numbers), the same in both languages.
 */
export interface MetricName {
  unit: string;
  en: string;
  zh: string;
}

export const PROBE_UNSET = { en: 'the probe', zh: '探针' } as const;

export const SWEEP_METRIC_NAMES: Record<SolverName, Record<string, MetricName>> = {
  fresnel: {
    reflectance: { unit: 'dimensionless', en: 'Reflectance R at θᵢ', zh: 'θᵢ 处的反射率 R' },
    transmittance: { unit: 'dimensionless', en: 'Transmittance T at θᵢ', zh: 'θᵢ 处的透射率 T' },
    brewster_angle: { unit: '°', en: 'Brewster angle', zh: '布儒斯特角' },
    critical_angle: { unit: '°', en: 'Critical angle', zh: '临界角' },
  },
  point_charges: {
    field_at_probe: { unit: 'V/m', en: '|E| at {probe}', zh: '{probe} 处的 |E|' },
    potential_at_probe: { unit: 'V', en: 'V at {probe}', zh: '{probe} 处的电势 V' },
    max_field_strength: { unit: 'V/m', en: 'Largest |E| on the grid', zh: '网格上最大的 |E|' },
  },
  gauss_flux: {
    electric_flux: { unit: 'V·m', en: 'Flux Φ_E through the surface', zh: '穿过曲面的电通量 Φ_E' },
    enclosed_charge: { unit: 'C', en: 'Enclosed charge Q_enc', zh: '包围的电荷 Q_enc' },
    relative_error: {
      unit: 'dimensionless',
      en: '|Φ_E − Q_enc/ε₀| relative',
      zh: '|Φ_E − Q_enc/ε₀| 相对偏差',
    },
  },
  solenoid: {
    field_inside: { unit: 'T', en: 'B at the centre', zh: '中心处的 B' },
    inductance: { unit: 'H', en: 'Inductance L', zh: '电感 L' },
    uniformity: {
      unit: 'dimensionless',
      en: 'min/max of |B| on the axis over the middle half',
      zh: '轴线中间一半长度上 |B| 的最小值/最大值',
    },
  },
  wire_field: {
    field_at_probe: { unit: 'T', en: '|B| at {probe}', zh: '{probe} 处的 |B|' },
  },
  ampere_loop: {
    magnetic_circulation: { unit: 'T·m', en: 'Circulation ∮B·dl', zh: '环量 ∮B·dl' },
    enclosed_current: { unit: 'A', en: 'Enclosed current I_enc', zh: '包围的电流 I_enc' },
  },
  wave_1d: {
    wave_speed: { unit: 'm/s', en: 'Wave speed v', zh: '波速 v' },
    wavelength: { unit: 'm', en: 'Wavelength λ of the carrier', zh: '载波波长 λ' },
    peak_at_far_end: {
      unit: 'V/m',
      en: 'Peak |E| of the pulse at the far end',
      zh: '远端处脉冲的 |E| 峰值',
    },
  },
  laplace2d: {
    potential_at_probe: { unit: 'V', en: 'V at {probe}', zh: '{probe} 处的电势 V' },
    field_at_probe: { unit: 'V/m', en: '|E| at {probe}', zh: '{probe} 处的 |E|' },
  },
};

/** A probe point in metres, as a sweep names it. */
export interface ProbePoint {
  x: number;
  y: number;
}

/**
 * A declared metric's name in both languages with `{probe}` filled in: the point "(x, y) m", or
 * PROBE_UNSET where no point is given (a figure's axis, which the panel title completes).
 * Undefined for a metric the solver does not declare.
 */
export function metricDisplayName(
  solver: string,
  metric: string,
  probe: ProbePoint | null,
): MetricName | undefined {
  const names = (SWEEP_METRIC_NAMES as Record<string, Record<string, MetricName> | undefined>)[solver]?.[metric];
  if (!names) return undefined;
  const at = probe ? `(${probe.x}, ${probe.y}) m` : undefined;
  return {
    unit: names.unit,
    en: names.en.replace('{probe}', at ?? PROBE_UNSET.en),
    // "(0.5, 0) m 处的 |E|" keeps its space after the unit; "探针处的 |E|" needs none
    zh: names.zh.replace(at ? '{probe}' : /\{probe\} ?/, at ?? PROBE_UNSET.zh),
  };
}
