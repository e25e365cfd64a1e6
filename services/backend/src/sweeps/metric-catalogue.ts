import type { SimulationType, SweepProbe } from '@faraday/contracts';
import { coulombField, signedCurrent, wireField } from '@faraday/physics';
import { fieldAt, fieldUnit, isCount, solverSchemas } from '@faraday/physics/schemas';
import { parsePath } from './sweep-plan.js';

/**
 * The physically meaningful sweep metrics of each solver, with their units, in one place
 * (docs/adr/0034-sweep-metrics-summary-and-estimate.md). Every run of a sweep is measured by these;
 * the summary figure draws only these (never timings or grid sizes). Values come from the run's
 * output, or, for the probe point of point_charges and wire_field, from the superposition the
 * solver itself evaluates at every node (Coulomb, Biot–Savart), evaluated exactly at the probe
 * rather than interpolated between nodes.
 */

/** A probe this close to a source (m) sits on its singularity: no value. */
const SINGULAR_DISTANCE = 1e-12;

export interface MetricInput {
  /** the solver's answer as JSON (numbers, arrays, nested objects) */
  output: Record<string, unknown>;
  /** the run's request body */
  parameters: Record<string, unknown>;
  probe: SweepProbe | null;
}

export interface MetricDefinition {
  name: string;
  /** what a teacher reads; `probe` is filled in for probe metrics */
  label: (probe: SweepProbe | null) => string;
  unit: string;
  /** undefined when the run has no such value (no probe, no carrier, no critical angle) */
  value: (input: MetricInput) => number | undefined;
}

type Json = Record<string, unknown>;

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function obj(v: unknown): Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

function list(v: unknown): Json[] {
  return Array.isArray(v) ? v.map(obj) : [];
}

function at(probe: SweepProbe | null): string {
  return probe ? `(${probe.x}, ${probe.y}) m` : 'the probe';
}

/** E (V/m) and V (V) of the charges at the probe: exact superposition of Coulomb fields. */
function coulombAt(input: MetricInput): { e: number; v: number } | undefined {
  const { probe } = input;
  if (!probe) return undefined;
  const charges = list(input.parameters.charges).map((c) => ({
    x: num(c.x) ?? 0,
    y: num(c.y) ?? 0,
    q: num(c.q) ?? 0,
  }));
  if (charges.some((c) => Math.hypot(probe.x - c.x, probe.y - c.y) < SINGULAR_DISTANCE)) return undefined;
  const { ex, ey, v } = coulombField(charges, probe.x, probe.y);
  return { e: Math.hypot(ex, ey), v };
}

/** |B| (T) of infinite straight wires along z at the probe: exact Biot–Savart superposition. */
function wiresAt(input: MetricInput): number | undefined {
  const { probe } = input;
  if (!probe) return undefined;
  const wires = list(input.parameters.wires).map((w) => ({
    x: num(w.x) ?? 0,
    y: num(w.y) ?? 0,
    // positive current flows along `direction` ('z', out of the page, unless '-z')
    current: signedCurrent({ current: num(w.current) ?? 0, direction: w.direction === '-z' ? '-z' : 'z' }),
  }));
  if (wires.some((w) => Math.hypot(probe.x - w.x, probe.y - w.y) < SINGULAR_DISTANCE)) return undefined;
  const { bx, by } = wireField(wires, probe.x, probe.y);
  return Math.hypot(bx, by);
}

/** Bilinear interpolation of laplace2d's potential (row 0 = y_max) at the probe; none outside. */
function potentialAt(input: MetricInput): number | undefined {
  const { probe } = input;
  const rows = input.output.potential;
  const d = obj(input.output.domain);
  if (!probe || !Array.isArray(rows) || rows.length < 2 || !Array.isArray(rows[0])) return undefined;
  const [x0, x1, y0, y1] = [num(d.x_min), num(d.x_max), num(d.y_min), num(d.y_max)];
  if (x0 === undefined || x1 === undefined || y0 === undefined || y1 === undefined) return undefined;
  const ny = rows.length;
  const nx = (rows[0] as unknown[]).length;
  if (probe.x < x0 || probe.x > x1 || probe.y < y0 || probe.y > y1 || nx < 2) return undefined;
  const fx = ((probe.x - x0) / (x1 - x0)) * (nx - 1);
  const fy = ((y1 - probe.y) / (y1 - y0)) * (ny - 1);
  const c = Math.min(nx - 2, Math.floor(fx));
  const r = Math.min(ny - 2, Math.floor(fy));
  const tx = fx - c;
  const ty = fy - r;
  const v = (i: number, j: number) => num((rows[i] as unknown[])[j]);
  const [a, b, e, f] = [v(r, c), v(r, c + 1), v(r + 1, c), v(r + 1, c + 1)];
  if (a === undefined || b === undefined || e === undefined || f === undefined) return undefined;
  return (1 - ty) * ((1 - tx) * a + tx * b) + ty * ((1 - tx) * e + tx * f);
}

/** max |E(x = length, t)| over the stored frames of wave_1d (frames are evenly spaced in time). */
function peakAtFarEnd(input: MetricInput): number | undefined {
  const frames = obj(input.output.wave_data).E;
  if (!Array.isArray(frames) || frames.length === 0) return undefined;
  let peak = 0;
  for (const frame of frames) {
    if (!Array.isArray(frame) || frame.length === 0) return undefined;
    const e = num(frame[frame.length - 1]);
    if (e === undefined) return undefined;
    peak = Math.max(peak, Math.abs(e));
  }
  return peak;
}

const top =
  (name: string) =>
  ({ output }: MetricInput): number | undefined =>
    num(output[name]);
const meta =
  (name: string) =>
  ({ output }: MetricInput): number | undefined =>
    num(obj(output.metadata)[name]);
const single =
  (name: string) =>
  ({ output }: MetricInput): number | undefined =>
    num(obj(output.single_angle)[name]);
const fixed = (text: string) => () => text;

export const SWEEP_METRICS: Record<SimulationType, MetricDefinition[]> = {
  fresnel: [
    {
      name: 'reflectance',
      label: fixed('Reflectance R at θᵢ'),
      unit: 'dimensionless',
      value: single('reflectance'),
    },
    {
      name: 'transmittance',
      label: fixed('Transmittance T at θᵢ'),
      unit: 'dimensionless',
      value: single('transmittance'),
    },
    { name: 'brewster_angle', label: fixed('Brewster angle'), unit: '°', value: top('brewster_angle') },
    { name: 'critical_angle', label: fixed('Critical angle'), unit: '°', value: top('critical_angle') },
  ],
  point_charges: [
    {
      name: 'field_at_probe',
      label: (p) => `|E| at ${at(p)}`,
      unit: 'V/m',
      value: (i) => coulombAt(i)?.e,
    },
    {
      name: 'potential_at_probe',
      label: (p) => `V at ${at(p)}`,
      unit: 'V',
      value: (i) => coulombAt(i)?.v,
    },
    {
      name: 'max_field_strength',
      label: fixed('Largest |E| on the grid'),
      unit: 'V/m',
      value: meta('max_field_strength'),
    },
  ],
  gauss_flux: [
    {
      name: 'electric_flux',
      label: fixed('Flux Φ_E through the surface'),
      unit: 'V·m',
      value: top('electric_flux'),
    },
    {
      name: 'enclosed_charge',
      label: fixed('Enclosed charge Q_enc'),
      unit: 'C',
      value: top('enclosed_charge'),
    },
    {
      name: 'relative_error',
      label: fixed('|Φ_E − Q_enc/ε₀| relative'),
      unit: 'dimensionless',
      value: top('relative_error'),
    },
  ],
  solenoid: [
    { name: 'field_inside', label: fixed('B at the centre'), unit: 'T', value: top('field_inside') },
    { name: 'inductance', label: fixed('Inductance L'), unit: 'H', value: meta('inductance') },
    {
      name: 'uniformity',
      label: fixed('B(L/4) / B(0) on the axis'),
      unit: 'dimensionless',
      value: top('uniformity'),
    },
  ],
  wire_field: [{ name: 'field_at_probe', label: (p) => `|B| at ${at(p)}`, unit: 'T', value: wiresAt }],
  ampere_loop: [
    {
      name: 'magnetic_circulation',
      label: fixed('Circulation ∮B·dl'),
      unit: 'T·m',
      value: top('magnetic_circulation'),
    },
    {
      name: 'enclosed_current',
      label: fixed('Enclosed current I_enc'),
      unit: 'A',
      value: top('enclosed_current'),
    },
  ],
  wave_1d: [
    { name: 'wave_speed', label: fixed('Wave speed v'), unit: 'm/s', value: top('wave_speed') },
    {
      // a plain pulse has no carrier, so no wavelength (its "wavelength" is a spectral width)
      name: 'wavelength',
      label: fixed('Wavelength λ of the carrier'),
      unit: 'm',
      value: (i) => ((num(obj(i.parameters.source).frequency) ?? 0) > 0 ? top('wavelength')(i) : undefined),
    },
    { name: 'peak_at_far_end', label: fixed('Peak |E| at x = length'), unit: 'V/m', value: peakAtFarEnd },
  ],
  laplace2d: [
    { name: 'potential_at_probe', label: (p) => `V at ${at(p)}`, unit: 'V', value: potentialAt },
    {
      name: 'iterations',
      label: fixed('Multigrid cycles to converge'),
      unit: 'count',
      value: meta('iterations'),
    },
  ],
};

/** The declared metrics a run has a value for. */
export function measureRun(type: SimulationType, input: MetricInput): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of SWEEP_METRICS[type]) {
    const v = m.value(input);
    if (v !== undefined && Number.isFinite(v)) out[m.name] = v;
  }
  return out;
}

export function metricDefinitions(type: SimulationType, probe: SweepProbe | null) {
  return SWEEP_METRICS[type].map((m) => ({ name: m.name, label: m.label(probe), unit: m.unit }));
}

/** The sweep summaries' names for the units the request schemas declare. */
const UNIT_NAMES: Record<string, string> = { deg: '°', '1': 'dimensionless' };

/**
 * The unit of a swept path such as `charges[0].q` or `source.amplitude`, as the solver's request
 * schema declares it: 'count' for a whole number, '' for a path that is neither.
 */
export function parameterUnit(type: SimulationType, path: string): string {
  const field = fieldAt(solverSchemas[type], parsePath(path));
  const unit = fieldUnit(field);
  if (unit !== undefined) return UNIT_NAMES[unit] ?? unit;
  return isCount(field) ? 'count' : '';
}
