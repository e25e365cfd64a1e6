/**
 * fresnel — reflection and transmission of a plane wave at a flat interface between two
 * lossless dielectrics of refractive index n1 (incidence side) and n2.
 *
 * Physics. Snell's law n1 sin θi = n2 sin θt fixes the transmitted direction. With
 * cos θt = √(1 − (n1/n2)² sin² θi), the Fresnel amplitude coefficients are
 *   r_s = (n1 cos θi − n2 cos θt) / (n1 cos θi + n2 cos θt),   t_s = 2 n1 cos θi / (n1 cos θi + n2 cos θt),
 *   r_p = (n2 cos θi − n1 cos θt) / (n2 cos θi + n1 cos θt),   t_p = 2 n1 cos θi / (n2 cos θi + n1 cos θt),
 * (s: E perpendicular to the plane of incidence; p: E in it, with the sign convention of Hecht's
 * Optics, so r_p = −r_s at normal incidence). Power fractions:
 *   R = |r|²,  T = (n2 Re cos θt)/(n1 cos θi) |t|²,
 * computed as T = 4 n1 n2 cos θi Re(cos θt) / |denominator|², which needs no division by cos θi
 * at grazing incidence. R + T = 1 identically (tested to 1e-14). The sweep, up to 100,000 angles,
 * takes R from the same formulas in real arithmetic and T = 1 − R.
 * Unpolarised light is the equal mix: R = (R_s + R_p)/2, T = (T_s + T_p)/2.
 *
 * Total internal reflection. For n1 > n2 beyond the critical angle θc = asin(n2/n1), cos θt is
 * imaginary, cos θt = i√((n1/n2)² sin² θi − 1) (the transmitted field decays away from the
 * interface), r is complex with |r| = 1, and T = 0. There is no real θt: `theta_t` is null.
 *
 * Special angles: Brewster θB = atan(n2/n1), where r_p = 0 (exists for either order of the
 * media; null when n1 = n2, where there is no interface and nothing reflects at any angle, with
 * metadata.brewster_note saying so); critical θc (null when n1 ≤ n2). All angles in degrees.
 *
 * JSON form of the complex amplitudes (single_angle): `r_coefficient` and `t_coefficient` are the
 * magnitudes |r| and |t|; `r_phase` and `t_phase` their arguments in degrees in (−180, 180]
 * (180 for a negative real coefficient). For 'unpolarized' the coefficients are the rms of the s
 * and p magnitudes (r = √R) and the phases are null, since the mix has no single phase.
 */
import { linspace } from '../numerics/grid.js';
import { type FresnelInput, fresnelSchema, type Polarization } from '../schemas/fresnel.js';
import { parseInput, secondsSince } from '../validation.js';

const DEG = Math.PI / 180;

export interface FresnelOutput {
  single_angle: {
    theta_i: number;
    theta_t: number | null;
    r_coefficient: number;
    r_phase: number | null;
    t_coefficient: number;
    t_phase: number | null;
    reflectance: number;
    transmittance: number;
  };
  angle_sweep: { angles: Float64Array; reflectance: Float64Array; transmittance: Float64Array };
  critical_angle: number | null;
  /** Degrees; null when n1 = n2 (no interface, R = 0 at every angle). */
  brewster_angle: number | null;
  metadata: {
    polarization: Polarization;
    total_internal_reflection: boolean;
    computation_time: number;
    /** Why brewster_angle is null, when it is. */
    brewster_note?: string;
  };
}

const NO_INTERFACE =
  'n1 = n2: there is no interface, nothing is reflected at any angle, so there is no Brewster angle';

/** Complex number as [re, im]. */
type Complex = [number, number];

export interface InterfaceResponse {
  rs: Complex;
  ts: Complex;
  rp: Complex;
  tp: Complex;
  Rs: number;
  Ts: number;
  Rp: number;
  Tp: number;
  /** sin θt (> 1 under total internal reflection). */
  sinT: number;
}

/** Fresnel coefficients at incidence angle θi (radians). */
export function fresnelCoefficients(n1: number, n2: number, thetaI: number): InterfaceResponse {
  const ci = Math.cos(thetaI);
  const sinT = (n1 / n2) * Math.sin(thetaI);
  const s2 = sinT * sinT;
  // cos θt: real below the critical angle, +i·√(sin²θt − 1) beyond it (evanescent wave).
  // Equal media do not refract; taking cos θt = cos θi exactly keeps r = 0 even at grazing.
  const ct: Complex = n1 === n2 ? [ci, 0] : s2 <= 1 ? [Math.sqrt(1 - s2), 0] : [0, Math.sqrt(s2 - 1)];
  const sDen: Complex = [n1 * ci + n2 * ct[0], n2 * ct[1]];
  const pDen: Complex = [n2 * ci + n1 * ct[0], n1 * ct[1]];
  const rs = divide([n1 * ci - n2 * ct[0], -n2 * ct[1]], sDen);
  const rp = divide([n2 * ci - n1 * ct[0], -n1 * ct[1]], pDen);
  const ts = divide([2 * n1 * ci, 0], sDen);
  const tp = divide([2 * n1 * ci, 0], pDen);
  const transmitted = 4 * n1 * n2 * ci * ct[0];
  const Ts = transmitted / abs2(sDen);
  const Tp = transmitted / abs2(pDen);
  // Under total internal reflection r = (a − ib)/(a + ib) has modulus exactly 1; say so rather
  // than let rounding report 1.0000000000000002.
  const tir = ct[1] > 0;
  return { rs, ts, rp, tp, Rs: tir ? 1 : abs2(rs), Ts, Rp: tir ? 1 : abs2(rp), Tp, sinT };
}

export function solveFresnel(input: FresnelInput): FresnelOutput {
  const start = performance.now();
  const p = parseInput(fresnelSchema, input, 'fresnel');
  const { n1, n2, polarization } = p;

  const at = fresnelCoefficients(n1, n2, p.theta_i * DEG);
  const tir = at.sinT >= 1 && n1 > n2;
  const single = pick(at, polarization);

  const angles = linspace(p.angle_range.min, p.angle_range.max, p.angle_range.points);
  const reflectance = new Float64Array(angles.length);
  const transmittance = new Float64Array(angles.length);
  for (let i = 0; i < angles.length; i++) {
    const R = powerReflectance(n1, n2, angles[i]! * DEG, polarization);
    reflectance[i] = R;
    transmittance[i] = 1 - R;
  }

  return {
    single_angle: {
      theta_i: p.theta_i,
      theta_t: tir ? null : Math.asin(Math.min(1, at.sinT)) / DEG,
      r_coefficient: single.r,
      r_phase: single.rPhase,
      t_coefficient: single.t,
      t_phase: single.tPhase,
      reflectance: single.R,
      transmittance: single.T,
    },
    angle_sweep: { angles, reflectance, transmittance },
    critical_angle: n1 > n2 ? Math.asin(n2 / n1) / DEG : null,
    brewster_angle: n1 === n2 ? null : Math.atan(n2 / n1) / DEG,
    metadata: {
      polarization,
      total_internal_reflection: tir,
      computation_time: secondsSince(start),
      ...(n1 === n2 ? { brewster_note: NO_INTERFACE } : {}),
    },
  };
}

/**
 * R alone, without complex arithmetic or allocation, for sweeps of up to 100,000 angles. Below the
 * critical angle r is real; beyond it R = 1. T = 1 − R holds identically there (energy
 * conservation for lossless media, verified against the full formula in the tests).
 */
export function powerReflectance(n1: number, n2: number, thetaI: number, polarization: Polarization): number {
  if (n1 === n2) return 0;
  const ci = Math.cos(thetaI);
  const sinT = (n1 / n2) * Math.sin(thetaI);
  const s2 = sinT * sinT;
  if (s2 >= 1) return 1;
  const ct = Math.sqrt(1 - s2);
  const rs = (n1 * ci - n2 * ct) / (n1 * ci + n2 * ct);
  const rp = (n2 * ci - n1 * ct) / (n2 * ci + n1 * ct);
  if (polarization === 's') return rs * rs;
  if (polarization === 'p') return rp * rp;
  return 0.5 * (rs * rs + rp * rp);
}

function pick(
  c: InterfaceResponse,
  polarization: Polarization,
): { r: number; rPhase: number | null; t: number; tPhase: number | null; R: number; T: number } {
  if (polarization === 's') return amplitudes(c.rs, c.ts, c.Rs, c.Ts);
  if (polarization === 'p') return amplitudes(c.rp, c.tp, c.Rp, c.Tp);
  const R = 0.5 * (c.Rs + c.Rp);
  const T = 0.5 * (c.Ts + c.Tp);
  return { r: Math.sqrt(R), rPhase: null, t: Math.sqrt(0.5 * (abs2(c.ts) + abs2(c.tp))), tPhase: null, R, T };
}

function amplitudes(r: Complex, t: Complex, R: number, T: number) {
  return { r: Math.sqrt(abs2(r)), rPhase: phase(r), t: Math.sqrt(abs2(t)), tPhase: phase(t), R, T };
}

/** Argument in degrees, in (−180, 180]; a negative real number has phase 180. */
function phase(c: Complex): number {
  const deg = Math.atan2(c[1], c[0]) / DEG;
  return deg === -180 ? 180 : deg;
}

function divide(a: Complex, b: Complex): Complex {
  const d = abs2(b);
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
}

function abs2(c: Complex): number {
  return c[0] * c[0] + c[1] * c[1];
}
