import { powerReflectance } from '@faraday/physics';
import { invalid } from '../errors.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { FresnelOutput, FresnelParams, Series } from '../types.js';
import { axisLabels, bi, scene } from './common.js';

/** Power reflectances R_s and R_p at θi in degrees (the physics package's Fresnel equations). */
export function fresnelR(n1: number, n2: number, thetaDeg: number): { rs: number; rp: number } {
  const ti = (thetaDeg * Math.PI) / 180;
  return { rs: powerReflectance(n1, n2, ti, 's'), rp: powerReflectance(n1, n2, ti, 'p') };
}

const S_COLOR = '#1f5fb4';
const P_COLOR = '#c0392b';
const UNPOLARIZED_COLOR = '#111111';

export function fresnelScene(params: FresnelParams, output: FresnelOutput, o: ResolvedOptions): Scene {
  const { n1, n2 } = params;
  if (!(n1 > 0) || !(n2 > 0)) throw invalid('params', 'n1 and n2 must be positive');
  const sweep = output.angle_sweep;
  const amin = params.angle_range?.min ?? (sweep?.angles.length ? Number(sweep.angles[0]) : 0);
  const amax =
    params.angle_range?.max ?? (sweep?.angles.length ? Number(sweep.angles[sweep.angles.length - 1]) : 90);
  const lo = Math.min(amin, amax);
  const hi = Math.max(amin, amax) > lo ? Math.max(amin, amax) : lo + 1;

  // s and p from the closed form on a fine grid, unless the solver supplied them; its own sweep of
  // the requested polarization is drawn as given.
  const pol = (params.polarization ?? output.metadata?.polarization ?? 's') as string;
  const angles = Array.from({ length: 721 }, (_, i) => lo + ((hi - lo) * i) / 720);
  const calc = angles.map((a) => fresnelR(n1, n2, a));
  const curve = (given: Series | undefined, own: 's' | 'p', kind: 'R' | 'T'): { x: Series; y: Series } => {
    if (given && sweep && given.length === sweep.angles.length) return { x: sweep.angles, y: given };
    if (sweep && pol === own && sweep.reflectance.length === sweep.angles.length) {
      return { x: sweep.angles, y: kind === 'R' ? sweep.reflectance : sweep.transmittance };
    }
    const r = calc.map((c) => (own === 's' ? c.rs : c.rp));
    return { x: angles, y: kind === 'R' ? r : r.map((v) => 1 - v) };
  };
  const Rs = curve(sweep?.reflectance_s, 's', 'R');
  const Rp = curve(sweep?.reflectance_p, 'p', 'R');
  const Ts = curve(sweep?.transmittance_s, 's', 'T');
  const Tp = curve(sweep?.transmittance_p, 'p', 'T');
  // Unpolarized light reflects the mean of the two: drawn as its own curve, so the marker at θi
  // sits on a line (the solver's own sweep when it has one).
  const unpolarized = (kind: 'R' | 'T'): { x: Series; y: Series } =>
    sweep && sweep.reflectance.length === sweep.angles.length
      ? { x: sweep.angles, y: kind === 'R' ? sweep.reflectance : sweep.transmittance }
      : { x: angles, y: calc.map((c) => (kind === 'R' ? (c.rs + c.rp) / 2 : 1 - (c.rs + c.rp) / 2)) };

  const layers: Layer[] = [];
  const crit = output.critical_angle;
  if (crit !== null && crit !== undefined && Number.isFinite(crit) && crit < hi) {
    layers.push({
      type: 'band',
      axis: 'x',
      from: crit,
      to: hi,
      color: '#8e44ad',
      alpha: 0.09,
      label: bi(o, 'total internal reflection', '全反射'),
    });
    layers.push({
      type: 'rule',
      axis: 'x',
      value: crit,
      color: '#8e44ad',
      width: 1.3,
      dash: [5, 3],
      label: { text: `θc = ${formatValue(crit, 4)}°` },
    });
  }
  const brew = output.brewster_angle;
  if (brew !== null && Number.isFinite(brew) && brew >= lo && brew <= hi) {
    layers.push({
      type: 'rule',
      axis: 'x',
      value: brew,
      color: '#27ae60',
      width: 1.3,
      dash: [5, 3],
      label: { text: `θB = ${formatValue(brew, 4)}°` },
    });
  }
  layers.push(
    { type: 'series', ...Rs, color: S_COLOR, width: 2.2, legend: bi(o, 'Rs (s, ⊥)', 'Rs（s 偏振）') },
    { type: 'series', ...Rp, color: P_COLOR, width: 2.2, legend: bi(o, 'Rp (p, ∥)', 'Rp（p 偏振）') },
    { type: 'series', ...Ts, color: S_COLOR, width: 1.6, dash: [6, 4], legend: bi(o, 'Ts', 'Ts') },
    { type: 'series', ...Tp, color: P_COLOR, width: 1.6, dash: [6, 4], legend: bi(o, 'Tp', 'Tp') },
  );
  if (pol === 'unpolarized') {
    layers.push(
      {
        type: 'series',
        ...unpolarized('R'),
        color: UNPOLARIZED_COLOR,
        width: 2.4,
        legend: bi(o, 'R unpolarized = (Rs + Rp)/2', 'R 非偏振 = (Rs + Rp)/2'),
      },
      {
        type: 'series',
        ...unpolarized('T'),
        color: UNPOLARIZED_COLOR,
        width: 1.8,
        dash: [6, 4],
        legend: bi(o, 'T unpolarized', 'T 非偏振'),
      },
    );
  }
  const one = output.single_angle;
  if (one && Number.isFinite(one.theta_i) && one.theta_i >= lo && one.theta_i <= hi) {
    layers.push({
      type: 'points',
      x: [one.theta_i, one.theta_i],
      y: [one.reflectance, one.transmittance],
      color: '#111',
      radius: 4.5,
      legend: bi(
        o,
        `θi = ${formatValue(one.theta_i, 4)}° (${pol})`,
        `θi = ${formatValue(one.theta_i, 4)}°（${pol} 偏振）`,
      ),
    });
    // values beside their dots; above the dot unless that would leave the frame
    const side = one.theta_i > lo + (hi - lo) * 0.8 ? 'right' : 'left';
    const dx = (side === 'left' ? 1 : -1) * (hi - lo) * 0.012;
    for (const [name, v] of [
      ['R', one.reflectance],
      ['T', one.transmittance],
    ] as const) {
      const y = v > 0.9 ? v - 0.045 : v + 0.045;
      layers.push({
        type: 'text',
        x: one.theta_i + dx,
        y,
        text: { text: `${name} = ${formatValue(v)}` },
        color: '#111',
        size: 11,
        align: side,
        boxed: true,
      });
    }
  }
  const labels = axisLabels(
    o,
    bi(o, 'angle of incidence θi (°)', '入射角 θi (°)'),
    bi(o, 'reflectance R, transmittance T', '反射率 R，透射率 T'),
  );
  return scene(
    o,
    bi(
      o,
      `Fresnel reflection and transmission: n₁ = ${n1} → n₂ = ${n2}`,
      `菲涅耳反射与透射：n₁ = ${n1} → n₂ = ${n2}`,
    ),
    [
      {
        box: [0, 0, 1, 1],
        x: {
          min: lo,
          max: hi,
          label: labels.x,
          ticks:
            hi - lo >= 45
              ? Array.from({ length: 10 }, (_, i) => i * 10).filter((v) => v >= lo && v <= hi)
              : undefined,
        },
        y: { min: 0, max: 1.1, label: labels.y, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] },
        grid: o.show_grid ?? true,
        legend: 'best',
        layers,
      },
    ],
  );
}
