/**
 * wave_1d — a plane electromagnetic pulse travelling along x, by the finite-difference
 * time-domain (FDTD) method of Yee (IEEE Trans. Antennas Propag. 14, 302 (1966)).
 *
 * Physics. For E = E_y(x, t) ŷ and H = H_z(x, t) ẑ in a uniform medium (ε = ε_r ε0, μ = μ_r μ0,
 * conductivity σ in S/m), Maxwell's curl equations reduce to
 *   ∂H/∂t = −(1/μ) ∂E/∂x,     ∂E/∂t = −(1/ε) ∂H/∂x − (σ/ε) E.
 * Waves travel at v = c/√(ε_r μ_r) with E = ±η H, η = √(μ/ε); σ makes them decay.
 *
 * Method. E lives on nx nodes x_i = i·dx (dx = length/(nx − 1)), H half a cell and half a time
 * step away (the Yee leapfrog), dt = total_time/nt. Central differences in space and time make
 * the scheme second-order accurate; the loss term is averaged between time levels
 * (semi-implicit), which is stable for any σ. Stability needs the Courant number
 * S = v·dt/dx ≤ 1, checked on input: an nt too small is rejected with the smallest valid nt.
 * Without nt, the smallest nt with S ≤ 0.9 is used (rounded up to a whole number of frame
 * intervals, see Output). The stepping is `numerics/fdtd1d.ts`.
 *
 * Source. A soft source (added to, not imposed on, E at the node nearest `position`):
 *   g(t) = exp(−((t − t0)/τ)²) · cos(2π f (t − t0)),   τ = width/v,  t0 = 4τ,
 * the cosine omitted when frequency = 0 (a plain Gaussian pulse). `width` is the pulse's 1/e
 * half-width in space (m). Added as 2·S·amplitude·g per step, the source launches two pulses,
 * one each way, each of peak E = amplitude (V/m) in a lossless medium.
 *
 * Boundaries. 'absorbing': a perfectly matched layer outside each end, matched to the lossy
 * medium too (an auxiliary ∫E dt term), graded cubically; it returns under 0.5 % of an incident
 * pulse for σ up to 0.2 S/m and far less without loss (tested against the same run on a domain
 * long enough that nothing reaches its ends). 'reflecting': perfect electric conductors, E = 0 at
 * both ends (reflection −1). 'periodic': x = 0 and x = length are the same point.
 *
 * Output. `wave_data` holds E (V/m) and H (A/m) at the E nodes at evenly spaced times: every
 * `metadata.save_every`-th step, `metadata.saved_steps` of them from step 0 (at most 200, and at
 * most MAX_STORED_VALUES / nx so that a long grid stores a bounded amount: nx = 100,000 keeps 4).
 * Row k of E and H is time t[k] = k·save_every·dt, column i is x[i]. The last row is total_time
 * when nt is chosen by the solver, and when a given nt has a divisor giving 100 to 199 intervals
 * (for 200 rows); otherwise the record ends less than one interval before total_time. H is averaged to the E nodes and time levels, so a
 * right-moving pulse shows E = ηH exactly in the limit. The 100,000-point limit counts the
 * spatial grid, nx. `wave_speed` = v; `frequency` = f, or for a plain pulse (no carrier) its
 * 1/e spectral half-width 1/(πτ), and `wavelength` = v/frequency (for a plain pulse a spectral
 * scale, not the wavelength of an oscillation; metadata.carrier says which).
 * `animationFrameIndices` chooses the frames to draw.
 */
import { z } from 'zod';
import { EPSILON_0, MU_0, SPEED_OF_LIGHT } from '../constants.js';
import { PML_CELLS, runFdtd } from '../numerics/fdtd1d.js';
import { type Grid2D, linspace } from '../numerics/grid.js';
import { lengthSchema, optionalVisualization } from '../schemas.js';
import { parseInput, secondsSince } from '../validation.js';

/** At most this many time steps are stored in wave_data. */
export const MAX_SAVED_STEPS = 200;
/** At most this many values of E (and as many of H) are stored: nx × saved steps. */
export const MAX_STORED_VALUES = 400_000;
/**
 * Shortest simulated time, s: light crosses 0.3 μm. Far shorter would make ε/dt overflow (at
 * total_time = 5e-324, dt = 5e-324 and ε0/dt = ∞).
 */
const MIN_TOTAL_TIME = 1e-15;
/** Courant number used when nt is not given. */
const DEFAULT_COURANT = 0.9;
/** nx · nt ceiling: about a second of computation. */
const MAX_UPDATES = 2e8;

export const wave1dSchema = z
  .strictObject({
    length: lengthSchema(1e4, 'Length of the domain, m (1e-12 to 10,000, default 1).').default(1),
    total_time: z
      .number()
      .min(MIN_TOTAL_TIME)
      .max(1)
      .default(5e-9)
      .describe('Simulated time, s (1e-15 to 1, default 5e-9).'),
    nx: z
      .number()
      .int()
      .min(10)
      .max(100_000)
      .default(201)
      .describe('E nodes along x (10 to 100,000; default 201).'),
    nt: z
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .optional()
      .describe('Time steps (default: the smallest with Courant number ≤ 0.9). Courant must be ≤ 1.'),
    source: z
      .strictObject({
        type: z.literal('gaussian').default('gaussian').describe("Only 'gaussian'."),
        position: z.number().min(0).max(1e4).optional().describe('Source position, m (default length/2).'),
        amplitude: z
          .number()
          .min(-1e9)
          .max(1e9)
          .default(1)
          .describe('Peak E of each emitted pulse, V/m (default 1).'),
        width: lengthSchema(1e4, '1/e half-width of the pulse, m (default length/20).').optional(),
        frequency: z
          .number()
          .min(0)
          .max(1e18)
          .default(0)
          .refine((f) => f === 0 || f >= 1, { message: 'a carrier must be at least 1 Hz (0 = plain pulse)' })
          .describe('Carrier frequency, Hz: 0 = plain pulse (default), otherwise 1 Hz to 1e18 Hz.'),
      })
      .prefault({})
      .describe('Soft Gaussian source.'),
    boundary_condition: z
      .enum(['absorbing', 'reflecting', 'periodic'])
      .default('absorbing')
      .describe(
        "'absorbing' (default: a perfectly matched layer, matched to a lossy medium too), 'reflecting' (E = 0 walls) or 'periodic'.",
      ),
    medium: z
      .strictObject({
        epsilon_r: z.number().min(1e-3).max(1e6).default(1).describe('Relative permittivity (default 1).'),
        mu_r: z.number().min(1e-3).max(1e6).default(1).describe('Relative permeability (default 1).'),
        sigma: z.number().min(0).max(1e9).default(0).describe('Conductivity, S/m (default 0).'),
      })
      .prefault({})
      .describe('Uniform medium filling the domain.'),
    output_type: z
      .enum(['animation', 'data', 'png_base64', 'svg'])
      .default('animation')
      .describe("What the service renders: 'animation' (default), 'data', 'png_base64' or 'svg'."),
    visualization: optionalVisualization,
  })
  .superRefine((p, ctx) => {
    const s = setup(p);
    if (p.source.position !== undefined && p.source.position > p.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['source', 'position'],
        message: `must lie in [0, ${p.length}] m`,
      });
    }
    if (s.width < 2 * s.dx) {
      ctx.addIssue({
        code: 'custom',
        path: ['source', 'width'],
        message: `the pulse must span at least 2 cells (2·dx = ${fmt(2 * s.dx)} m); increase width or nx`,
      });
    }
    if (p.source.frequency > 0 && s.v / p.source.frequency < 4 * s.dx) {
      ctx.addIssue({
        code: 'custom',
        path: ['source', 'frequency'],
        message: `the wavelength v/f must span at least 4 cells (f ≤ ${fmt(s.v / (4 * s.dx))} Hz for this grid)`,
      });
    }
    if (s.courant > 1 + 1e-12) {
      ctx.addIssue({
        code: 'custom',
        path: ['nt'],
        message: `nt = ${s.nt} gives Courant number ${s.courant.toFixed(3)} > 1 (unstable); the smallest valid nt is ${s.minNt}`,
      });
    }
    if (p.nx * s.nt > MAX_UPDATES) {
      ctx.addIssue({
        code: 'custom',
        path: [p.nt === undefined ? 'total_time' : 'nt'],
        message: `nx·nt = ${fmt(p.nx * s.nt)} updates exceeds ${fmt(MAX_UPDATES)}; shorten total_time or coarsen nx`,
      });
    }
  });

export type Wave1dInput = z.input<typeof wave1dSchema>;
export type Wave1dParams = z.output<typeof wave1dSchema>;

export interface Wave1dOutput {
  wave_data: {
    /** Node positions, m. */
    x: Float64Array;
    /** Times of the saved steps, s. */
    t: Float64Array;
    /** V/m; row k = time t[k], column i = x[i]. */
    E: Grid2D;
    /** A/m; same layout. */
    H: Grid2D;
  };
  /** m/s. */
  wave_speed: number;
  /** m. */
  wavelength: number;
  /** Hz. */
  frequency: number;
  metadata: {
    /** m. */
    dx: number;
    /** s. */
    dt: number;
    cfl_number: number;
    /** Seconds. */
    computation_time: number;
    nt: number;
    /** Time steps stored in wave_data (rows of E and H). */
    saved_steps: number;
    /** Steps between stored rows: the record is decimated in time by this factor. */
    save_every: number;
    /** Absorbing-layer cells outside each end (0 unless the boundary is 'absorbing'). */
    pml_cells: number;
    /** True when the source has a carrier (frequency > 0), false for a plain pulse. */
    carrier: boolean;
  };
}

interface Setup {
  dx: number;
  dt: number;
  nt: number;
  minNt: number;
  v: number;
  courant: number;
  width: number;
  /** Rows stored and steps between them. */
  saved: number;
  stride: number;
}

/** Derived quantities of a (schema-shaped) input; used by validation, gridPoints and the solver. */
function setup(p: Omit<Wave1dParams, 'visualization'>): Setup {
  const dx = p.length / (p.nx - 1);
  const v = SPEED_OF_LIGHT / Math.sqrt(p.medium.epsilon_r * p.medium.mu_r);
  // Smallest nt with v·dt/dx ≤ 1; the small slack keeps an exact ratio from rounding up.
  const minNt = Math.max(1, Math.ceil((p.total_time * v) / dx - 1e-9));
  const maxRows = Math.min(MAX_SAVED_STEPS, Math.max(2, Math.floor(MAX_STORED_VALUES / p.nx)));
  let nt: number;
  let stride: number;
  if (p.nt === undefined) {
    // The solver's own nt is a whole number of frame intervals, so the last row is total_time.
    const wanted = Math.max(1, Math.ceil((p.total_time * v) / (DEFAULT_COURANT * dx)));
    stride = Math.ceil(wanted / (maxRows - 1));
    nt = Math.ceil(wanted / stride) * stride;
  } else {
    nt = p.nt;
    stride = frameStride(nt, maxRows - 1);
  }
  const dt = p.total_time / nt;
  return {
    dx,
    dt,
    nt,
    minNt,
    v,
    courant: (v * dt) / dx,
    width: p.source.width ?? p.length / 20,
    saved: Math.floor(nt / stride) + 1,
    stride,
  };
}

/**
 * Steps between stored rows for a given nt and at most `intervals` intervals: an exact divisor of
 * nt giving between intervals/2 and intervals of them when there is one (the last row is then
 * step nt), otherwise ⌈nt/intervals⌉ (the last row falls short of nt by less than one interval).
 * At most intervals/2 trials.
 */
function frameStride(nt: number, intervals: number): number {
  if (nt <= intervals) return 1;
  for (let q = intervals; q >= Math.ceil(intervals / 2); q--) if (nt % q === 0) return nt / q;
  return Math.ceil(nt / intervals);
}

/** Points counted against the 100,000 limit: the spatial grid, nx (the stored record is bounded apart). */
export function wave1dGridPoints(params: Wave1dParams): number {
  return params.nx;
}

export function solveWave1d(input: Wave1dInput): Wave1dOutput {
  const start = performance.now();
  const p = parseInput(wave1dSchema, input, 'wave_1d');
  const { dx, dt, nt, v, courant, width, saved, stride } = setup(p);
  const nx = p.nx;
  const periodic = p.boundary_condition === 'periodic';

  const tau = width / v;
  const t0 = 4 * tau;
  const f = p.source.frequency;
  const position = p.source.position ?? p.length / 2;
  // The source node: interior for walls; for a periodic domain x = length is node 0 again.
  const nearest = Math.round(position / dx);
  const sourceNode = periodic ? nearest % (nx - 1) : Math.min(nx - 2, Math.max(1, nearest));
  const sourceScale = 2 * courant * p.source.amplitude;
  const source = (time: number) => {
    const t = time - t0;
    const envelope = Math.exp(-((t / tau) ** 2));
    return sourceScale * envelope * (f > 0 ? Math.cos(2 * Math.PI * f * t) : 1);
  };

  const record = runFdtd({
    nx,
    dx,
    dt,
    nt,
    eps: EPSILON_0 * p.medium.epsilon_r,
    mu: MU_0 * p.medium.mu_r,
    sigma: p.medium.sigma,
    boundary: p.boundary_condition,
    sourceNode,
    source,
    stride,
    frames: saved,
  });

  const frequency = f > 0 ? f : 1 / (Math.PI * tau);
  return {
    wave_data: { x: linspace(0, p.length, nx), t: record.t, E: record.E, H: record.H },
    wave_speed: v,
    wavelength: v / frequency,
    frequency,
    metadata: {
      dx,
      dt,
      cfl_number: courant,
      computation_time: secondsSince(start),
      nt,
      saved_steps: saved,
      save_every: stride,
      pml_cells: p.boundary_condition === 'absorbing' ? PML_CELLS : 0,
      carrier: f > 0,
    },
  };
}

/**
 * Indices into wave_data.t of the frames to animate: at most `maxFrames`, evenly spread, first and
 * last included. Drawing them is the plot package's job.
 */
export function animationFrameIndices(savedSteps: number, maxFrames = 60): number[] {
  const count = Math.min(savedSteps, maxFrames);
  if (count <= 1) return savedSteps > 0 ? [0] : [];
  return Array.from({ length: count }, (_, k) => Math.round((k * (savedSteps - 1)) / (count - 1)));
}

function fmt(value: number): string {
  return Number(value.toPrecision(3)).toString();
}
