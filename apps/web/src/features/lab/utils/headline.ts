import type { SolverName } from '@faraday/physics/schemas';
import { getAt } from './api-paths';

/** One key number of a run: where it is in the solver's answer, and its unit. */
export interface Headline {
  id: string;
  path: string;
  unit?: string;
  /** Shown only when the request sets this path to a non-zero value (a carrier's wavelength needs a carrier). */
  onlyWith?: string;
}

/**
 * The numbers a student looks at first, per solver: the scalars of its answer (top-level fields and
 * `metadata`) that say what the run found; the timings below come for every solver. Units are those
 * the solvers document for their outputs.
 */
export const headlines: Record<SolverName, Headline[]> = {
  laplace2d: [
    { id: 'iterations', path: 'metadata.iterations' },
    { id: 'convergence_error', path: 'metadata.convergence_error', unit: 'V' },
  ],
  point_charges: [
    { id: 'total_charge', path: 'metadata.total_charge', unit: 'C' },
    { id: 'max_field_strength_e', path: 'metadata.max_field_strength', unit: 'V/m' },
  ],
  gauss_flux: [
    { id: 'electric_flux', path: 'electric_flux', unit: 'V·m' },
    { id: 'theoretical_flux', path: 'theoretical_flux', unit: 'V·m' },
    { id: 'relative_error', path: 'relative_error' },
    { id: 'enclosed_charge', path: 'enclosed_charge', unit: 'C' },
    { id: 'verification_passed', path: 'verification_passed' },
  ],
  wire_field: [{ id: 'max_field_strength_b', path: 'metadata.max_field_strength', unit: 'T' }],
  solenoid: [
    { id: 'field_inside', path: 'field_inside', unit: 'T' },
    { id: 'theoretical_field', path: 'theoretical_field', unit: 'T' },
    { id: 'field_outside', path: 'field_outside', unit: 'T' },
    { id: 'uniformity', path: 'uniformity' },
    { id: 'inductance', path: 'metadata.inductance', unit: 'H' },
  ],
  ampere_loop: [
    { id: 'magnetic_circulation', path: 'magnetic_circulation', unit: 'T·m' },
    { id: 'theoretical_circulation', path: 'theoretical_circulation', unit: 'T·m' },
    { id: 'relative_error', path: 'relative_error' },
    { id: 'enclosed_current', path: 'enclosed_current', unit: 'A' },
    { id: 'verification_passed', path: 'verification_passed' },
  ],
  wave_1d: [
    { id: 'wave_speed', path: 'wave_speed', unit: 'm/s' },
    { id: 'wavelength', path: 'wavelength', unit: 'm', onlyWith: 'source.frequency' },
    { id: 'frequency', path: 'frequency', unit: 'Hz', onlyWith: 'source.frequency' },
    { id: 'cfl_number', path: 'metadata.cfl_number' },
  ],
  fresnel: [
    { id: 'reflectance', path: 'single_angle.reflectance' },
    { id: 'transmittance', path: 'single_angle.transmittance' },
    { id: 'theta_t', path: 'single_angle.theta_t', unit: '°' },
    { id: 'brewster_angle', path: 'brewster_angle', unit: '°' },
    { id: 'critical_angle', path: 'critical_angle', unit: '°' },
  ],
};

export const timings: Headline[] = [
  { id: 'computation_time', path: 'metadata.computation_time', unit: 's' },
  { id: 'render_time', path: 'metadata.render_time', unit: 's' },
];

/**
 * The headline values present in an answer for its request (a field the solver did not return, or
 * one the request gives no meaning, is left out).
 */
export function headlineValues(
  solver: SolverName,
  output: Record<string, unknown>,
  request: Record<string, unknown>,
) {
  return [...headlines[solver], ...timings]
    .filter((h) => h.onlyWith === undefined || Number(getAt(request, h.onlyWith) ?? 0) !== 0)
    .map((h) => ({ ...h, value: getAt(output, h.path) }))
    .filter((h) => h.value !== undefined);
}
