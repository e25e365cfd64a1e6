import type { SimulationType, SweepProbe } from '@faraday/contracts';
import { coulombField, signedCurrent, wireField } from '@faraday/physics';
import { fieldAt, fieldUnit, isCount, solverSchemas } from '@faraday/physics/schemas';
import { metricDisplayName } from '@faraday/plot';
import { parsePath } from './sweep-plan.js';

/**
 * The physically meaningful sweep metrics of each solver, with their units, in one place
 * (docs/adr/0034-sweep-metrics-summary-and-estimate.md). Every run of a sweep is measured by these;
 * the summary figure draws only these (never timings or grid sizes). Values come from the run's
 * output, or, for the probe point of point_charges and wire_field, from the superposition the
 * solver itself evaluates at every node (Coulomb, Biot–Savart), evaluated exactly at the probe
 * rather than interpolated between nodes. A metric a run does not have (no probe, no carrier, no
 * critical angle) is absent from its record. Names and units, in English and Chinese, are data
 * (@faraday/plot's sweep-metric-names.ts, which the summary figure reads too).
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
  /** its key in a run's metrics and in SWEEP_METRIC_NAMES */
  name: string;
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

/** Bilinear interpolation at the probe of a laplace2d grid (row 0 = y_max); none outside. */
function gridAt(input: MetricInput, rows: unknown): number | undefined {
  const { probe } = input;
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

/** |E| at the probe from laplace2d's own field −∇V, each component interpolated. */
function laplaceFieldAt(input: MetricInput): number | undefined {
  const field = obj(input.output.electric_field);
  const ex = gridAt(input, field.Ex);
  const ey = gridAt(input, field.Ey);
  return ex === undefined || ey === undefined ? undefined : Math.hypot(ex, ey);
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

export const SWEEP_METRICS: Record<SimulationType, MetricDefinition[]> = {
  fresnel: [
    { name: 'reflectance', value: single('reflectance') },
    { name: 'transmittance', value: single('transmittance') },
    { name: 'brewster_angle', value: top('brewster_angle') },
    { name: 'critical_angle', value: top('critical_angle') },
  ],
  point_charges: [
    { name: 'field_at_probe', value: (i) => coulombAt(i)?.e },
    { name: 'potential_at_probe', value: (i) => coulombAt(i)?.v },
    { name: 'max_field_strength', value: meta('max_field_strength') },
  ],
  gauss_flux: [
    { name: 'electric_flux', value: top('electric_flux') },
    { name: 'enclosed_charge', value: top('enclosed_charge') },
    { name: 'relative_error', value: top('relative_error') },
  ],
  solenoid: [
    { name: 'field_inside', value: top('field_inside') },
    { name: 'inductance', value: meta('inductance') },
    { name: 'uniformity', value: top('uniformity') },
  ],
  wire_field: [{ name: 'field_at_probe', value: wiresAt }],
  ampere_loop: [
    { name: 'magnetic_circulation', value: top('magnetic_circulation') },
    { name: 'enclosed_current', value: top('enclosed_current') },
  ],
  wave_1d: [
    { name: 'wave_speed', value: top('wave_speed') },
    // a plain pulse has no carrier, so no wavelength (its "wavelength" is a spectral width)
    {
      name: 'wavelength',
      value: (i) => ((num(obj(i.parameters.source).frequency) ?? 0) > 0 ? top('wavelength')(i) : undefined),
    },
    // read by the solver at every time step, whatever frames it stores
    { name: 'peak_at_far_end', value: top('far_end_peak') },
  ],
  laplace2d: [
    { name: 'potential_at_probe', value: (i) => gridAt(i, i.output.potential) },
    { name: 'field_at_probe', value: laplaceFieldAt },
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

/** Every metric any solver declares, whatever a given run has: what a record may hold under these names. */
export function declaredMetricNames(type: SimulationType): string[] {
  return SWEEP_METRICS[type].map((m) => m.name);
}

/** Each declared metric's unit and display name in English (`label`) and in both languages. */
export function metricDefinitions(type: SimulationType, probe: SweepProbe | null) {
  return SWEEP_METRICS[type].map((m) => {
    const { unit, en, zh } = metricDisplayName(type, m.name, probe)!;
    return { name: m.name, label: en, labels: { en, zh }, unit };
  });
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
