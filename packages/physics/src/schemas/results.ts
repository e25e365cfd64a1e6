/**
 * What each solver answers: its result fields, their units (`x-unit`, as in the requests) and
 * meaning. The services' API references show these as each solver's 200 answer; they document,
 * they do not validate (the solvers build their outputs and their tests check them). Objects are
 * loose: the simulation service adds the figure and its timings, and a field added later does not
 * break a client that reads these.
 */
import { z } from 'zod';
import { type Unit, unit } from './common.js';

const COMPACT =
  ' (with arrays=float64|float32 on the backend: a CompactArray {dtype, shape, data} of the same values)';

function quantity(symbol: Unit, description: string) {
  return z.number().meta(unit(symbol)).describe(description);
}

/** A 2-D grid, rows of numbers (row 0 at the top, y = y_max). */
function grid(symbol: Unit, description: string) {
  return z
    .array(z.array(z.number()))
    .meta(unit(symbol))
    .describe(`${description}; rows × columns, row 0 at the top (y = y_max)${COMPACT}`);
}

function series(symbol: Unit, description: string) {
  return z.array(z.number()).meta(unit(symbol)).describe(`${description}${COMPACT}`);
}

const polyline = z
  .looseObject({ x: series('m', 'x of each point, m'), y: series('m', 'y of each point, m') })
  .describe('A polyline in the plane, m');

/** The metadata every answer has; the simulation service adds the timings and the grid size. */
function metadata(shape: z.ZodRawShape) {
  return z
    .looseObject({
      ...shape,
      computation_time: quantity('s', 'Seconds spent in the solver'),
      render_time: quantity('s', 'Seconds spent drawing the figure (simulation service)').optional(),
      grid_points: z.number().int().optional().describe('Grid points counted against the 100,000 limit'),
    })
    .describe('How the run was computed, and the constants it used');
}

const nodeAxes = {
  x: series('m', 'x of each grid column, m (left to right)'),
  y: series('m', 'y of each grid row, m (row 0 = y_max, top to bottom)'),
};

const verification = {
  relative_error: quantity('1', 'Relative difference between the computed and the theoretical value'),
  verification_passed: z.boolean().describe('relative_error is below 1e-4'),
};

const laplace2dResult = z.looseObject({
  potential: grid('V', 'Potential V, ny rows × nx columns'),
  electric_field: z
    .looseObject({
      Ex: grid('V/m', 'x component of E = −∇V (central differences inside, one-sided at the sides)'),
      Ey: grid('V/m', 'y component of E'),
      magnitude: grid('V/m', '|E|'),
    })
    .describe('E = −∇V on the same grid, V/m'),
  domain: z
    .looseObject({
      x_min: quantity('m', 'Always 0'),
      x_max: quantity('m', '(nx − 1)·h'),
      y_min: quantity('m', 'Always 0'),
      y_max: quantity('m', '(ny − 1)·h'),
    })
    .describe('The box: nodes h = 1 m / (max(nx, ny) − 1) apart, so the longer side is 1 m'),
  ...nodeAxes,
  metadata: metadata({
    iterations: z.number().int().describe('Multigrid cycles on the finest grid'),
    convergence_error: quantity(
      'V',
      'Final scaled max-norm residual (what tolerance bounds), not the error of the potential',
    ),
    grid_size: z.array(z.number().int()).describe('[nx, ny]'),
  }),
});

const pointChargesResult = z.looseObject({
  electric_field: z
    .looseObject({
      Ex: grid('V/m', 'x component of E'),
      Ey: grid('V/m', 'y component of E'),
      magnitude: grid('V/m', '|E|'),
    })
    .describe('Coulomb field of the charges on grid_size × grid_size nodes, V/m'),
  potential: grid('V', 'Potential (zero at infinity)'),
  field_lines: z.array(polyline).describe('Field lines, each along E, m'),
  equipotentials: z
    .array(polyline.extend({ level: quantity('V', 'The potential of this line') }))
    .describe('Equipotential lines at symmetric-log spaced levels, m'),
  ...nodeAxes,
  metadata: metadata({
    total_charge: quantity('C', 'Sum of the charges'),
    max_field_strength: quantity('V/m', 'Largest |E| on the grid'),
    singular_nodes: z
      .array(z.array(z.number().int()))
      .describe('[row, column] of nodes on a charge (that charge is left out there)'),
  }),
});

const gaussFluxResult = z.looseObject({
  enclosed_charge: quantity('C', 'Charge inside the Gaussian sphere'),
  electric_flux: quantity('V·m', 'Flux of E through the sphere whose equator is the circle, computed'),
  theoretical_flux: quantity('V·m', 'Q_enc / ε₀'),
  ...verification,
  surface_points: z
    .looseObject({
      x: series('m', 'x of the equator samples'),
      y: series('m', 'y of the equator samples'),
      flux_density: series(
        'V/m',
        'Outward normal component E·n at each sample (the name kept from the spec)',
      ),
      field_normal: series('V/m', 'The same values as flux_density: E·n, outward'),
    })
    .describe('Samples on the equator circle'),
  metadata: metadata({ epsilon_0: quantity('F/m', 'Vacuum permittivity ε₀') }),
});

const wireFieldResult = z.looseObject({
  magnetic_field: z
    .looseObject({
      Bx: grid('T', 'x component of B'),
      By: grid('T', 'y component of B'),
      Bz: grid('T', 'z component of B: zero for wires along z'),
      magnitude: grid('T', '|B|'),
    })
    .describe('B of the infinite straight wires on grid_size × grid_size nodes, T'),
  field_lines: z
    .array(polyline)
    .describe('Field lines (level lines of A_z; closed loops repeat their first point)'),
  ...nodeAxes,
  metadata: metadata({
    max_field_strength: quantity('T', 'Largest |B| on the grid'),
    mu_0: quantity('H/m', 'Vacuum permeability μ₀'),
    singular_nodes: z
      .array(z.array(z.number().int()))
      .describe('[row, column] of nodes on a wire (that wire is left out there)'),
  }),
});

const profile = (where: string) =>
  z
    .looseObject({
      positions: series('m', where),
      field_strength: series('T', 'B_z at each position'),
    })
    .describe(`B_z along ${where}`);

const solenoidResult = z.looseObject({
  axial_field: profile('the axis: z from the centre (default −L to L)'),
  radial_field: profile('the centre plane: r from the axis (default 0 to 2R)'),
  field_inside: quantity('T', 'B_z at the centre, of the model in metadata.model'),
  field_outside: quantity(
    'T',
    'B_z in the centre plane at r = 2R, outside the winding: small and opposite to field_inside for a ' +
      'dense coil (the return flux); for a sparse one (spacing ≳ R) the nearest turn dominates and it has ' +
      'the same sign, up to a good fraction of the centre field',
  ),
  theoretical_field: quantity('T', 'μ₀ n I, the infinite-solenoid field'),
  uniformity: quantity(
    '1',
    'min |B_z| / max |B_z| on the axis over the middle half |z| ≤ L/4 (1 = uniform), in both models',
  ),
  metadata: metadata({
    model: z
      .enum(['loops', 'sheet'])
      .describe(
        "The field model every output comes from: 'loops', the exact sum of the N separate turns (the default " +
          "while its work is within the limit), or 'sheet', a current sheet of n = N/L turns per metre",
      ),
    model_note: z
      .string()
      .optional()
      .describe('Why the sheet was used when loops were not asked against, and the bound on its error'),
    wire_radius: quantity(
      'm',
      "Wire radius a in the turns' self-inductance μ₀R[ln(8R/a) − 7/4] (loops only; default min(spacing/4, R/10))",
    ).optional(),
    singular_points: z
      .array(z.number().int())
      .describe(
        "Indices into radial_field of points on a turn's wire, where that turn is left out (loops only)",
      ),
    turns_per_meter: quantity('1/m', 'n = N / L'),
    inductance: quantity(
      'H',
      "Self-inductance of the model used: loops Σ M_ij (Maxwell's coaxial mutual inductances and the " +
        "round-wire self-inductance of each turn); sheet Wheeler's formula with Nagaoka's coefficient",
    ),
    nagaoka_coefficient: quantity('1', "Nagaoka's coefficient K_N of a current sheet of the coil's shape"),
  }),
});

const ampereLoopResult = z.looseObject({
  enclosed_current: quantity('A', 'Current threading the loop (out of the page positive)'),
  magnetic_circulation: quantity('T·m', '∮ B·dl counter-clockwise, computed'),
  theoretical_circulation: quantity('T·m', 'μ₀ I_enc'),
  ...verification,
  loop_points: z
    .looseObject({
      x: series('m', 'x of the loop samples'),
      y: series('m', 'y of the loop samples'),
      field_tangential: series('T', 'Counter-clockwise tangential component of B at each sample'),
    })
    .describe('Samples on the loop'),
  metadata: metadata({ mu_0: quantity('H/m', 'Vacuum permeability μ₀') }),
});

const wave1dResult = z.looseObject({
  wave_data: z
    .looseObject({
      x: series('m', 'Node positions'),
      t: series('s', 'Times of the stored steps'),
      E: grid('V/m', 'E at the stored steps: row k is time t[k], column i is x[i]'),
      H: grid('A/m', 'H, same layout as E'),
    })
    .describe('The field in space and time (rows decimated in time by metadata.save_every)'),
  wave_speed: quantity('m/s', 'Phase speed in the medium, c/√(ε_r μ_r)'),
  wavelength: quantity(
    'm',
    'Wavelength of the carrier in the medium, v/f; for a plain pulse a spectral scale (see metadata.carrier)',
  ),
  frequency: quantity(
    'Hz',
    'Carrier frequency; for a plain pulse (metadata.carrier false) its 1/e spectral half-width 1/(πτ)',
  ),
  far_end_peak: quantity(
    'V/m',
    'Largest |E| the pulse brings to x = length, watched at every time step (not from the stored rows); at a ' +
      'reflecting wall, where E = 0, the incident E measured by the surface field η·|H|/2',
  ),
  metadata: metadata({
    dx: quantity('m', 'Cell size'),
    dt: quantity('s', 'Time step'),
    cfl_number: quantity('1', 'Courant number v·dt/dx'),
    nt: z.number().int().describe('Time steps computed'),
    saved_steps: z.number().int().describe('Rows of E and H'),
    save_every: z.number().int().describe('Steps between stored rows'),
    pml_cells: z
      .number()
      .int()
      .describe("Absorbing-layer cells outside each end (0 unless boundary is 'absorbing')"),
    carrier: z
      .boolean()
      .describe('True when the source has a carrier (frequency > 0), false for a plain pulse'),
    warnings: z
      .array(z.string())
      .describe(
        'What the grid does to the answer (empty when nothing): e.g. a carrier under 10 cells per wavelength, ' +
          'with its relative phase-velocity error',
      ),
  }),
});

const angle = (description: string) => quantity('deg', description);
const nullableAngle = (description: string) => angle(description).nullable().describe(description);

const fresnelResult = z.looseObject({
  single_angle: z
    .looseObject({
      theta_i: angle('Angle of incidence'),
      theta_t: nullableAngle('Angle of refraction; null under total internal reflection'),
      r_coefficient: quantity('1', '|r|, amplitude reflection coefficient'),
      r_phase: nullableAngle('Phase of r'),
      t_coefficient: quantity('1', '|t|, amplitude transmission coefficient'),
      t_phase: nullableAngle('Phase of t'),
      reflectance: quantity('1', 'R, reflected share of the power'),
      transmittance: quantity('1', 'T = 1 − R, transmitted share of the power'),
    })
    .describe('At the requested angle, for the requested polarization (unpolarized: the means of s and p)'),
  angle_sweep: z
    .looseObject({
      angles: series('deg', 'Angles of incidence, angle_range.min to angle_range.max'),
      reflectance: series('1', 'R at each angle'),
      transmittance: series('1', 'T at each angle'),
    })
    .describe('R and T over the angles of incidence'),
  critical_angle: nullableAngle('Angle of total internal reflection; null when n1 ≤ n2'),
  brewster_angle: nullableAngle('arctan(n2/n1), where R_p = 0; null when n1 = n2'),
  metadata: metadata({
    polarization: z.string().describe("'s', 'p' or 'unpolarized'"),
    total_internal_reflection: z.boolean().describe('At the requested angle'),
    brewster_note: z.string().optional().describe('Why brewster_angle is null, when it is'),
  }),
});

/** Each solver's result fields, by solver name. */
export const solverResultSchemas = {
  laplace2d: laplace2dResult,
  point_charges: pointChargesResult,
  gauss_flux: gaussFluxResult,
  wire_field: wireFieldResult,
  solenoid: solenoidResult,
  ampere_loop: ampereLoopResult,
  wave_1d: wave1dResult,
  fresnel: fresnelResult,
} as const;
