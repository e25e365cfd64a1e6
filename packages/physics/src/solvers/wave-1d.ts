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
 * Without nt, the smallest nt with S ≤ 0.9 is used.
 *
 * Source. A soft source (added to, not imposed on, E at the node nearest `position`):
 *   g(t) = exp(−((t − t0)/τ)²) · cos(2π f (t − t0)),   τ = width/v,  t0 = 4τ,
 * the cosine omitted when frequency = 0 (a plain Gaussian pulse). `width` is the pulse's 1/e
 * half-width in space (m). Added as 2·S·amplitude·g per step, the source launches two pulses,
 * one each way, each of peak E = amplitude (V/m) in a lossless medium.
 *
 * Boundaries. 'absorbing': Mur's first-order condition E_0^{n+1} = E_1^n + (S−1)/(S+1)·(E_1^{n+1}
 * − E_0^n) (and mirrored), which in 1-D is exact at S = 1 and reflects well under 1 % of a
 * resolved pulse otherwise (tested). 'reflecting': perfect electric conductors, E = 0 at both
 * ends (reflection −1). 'periodic': x = 0 and x = length are the same point.
 *
 * Output. `wave_data` holds E (V/m) and H (A/m) at the E nodes for at most 200 evenly spaced time
 * steps (step 0 and nt included): row k of E and H is time t[k], column i is x[i]. H is averaged
 * to the E nodes and time levels, so a right-moving pulse shows E = ηH exactly in the limit.
 * `wave_speed` = v; `frequency` = f, or for a plain pulse its 1/e spectral half-width 1/(πτ);
 * `wavelength` = v/frequency. `animationFrameIndices` chooses the frames to draw.
 */
import { z } from 'zod';
import { EPSILON_0, MU_0, SPEED_OF_LIGHT } from '../constants.js';
import { createGrid, type Grid2D, linspace } from '../numerics/grid.js';
import { lengthSchema, optionalVisualization } from '../schemas.js';
import { parseInput, secondsSince } from '../validation.js';

/** At most this many time steps are stored in wave_data. */
export const MAX_SAVED_STEPS = 200;
/** Courant number used when nt is not given. */
const DEFAULT_COURANT = 0.9;
/** nx · nt ceiling: about a second of computation. */
const MAX_UPDATES = 2e8;

export const wave1dSchema = z
  .strictObject({
    length: lengthSchema(1e4, 'Length of the domain, m (1e-12 to 10,000, default 1).').default(1),
    total_time: z.number().positive().max(1).default(5e-9).describe('Simulated time, s (default 5e-9).'),
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
        width: z
          .number()
          .positive()
          .max(1e4)
          .optional()
          .describe('1/e half-width of the pulse, m (default length/20).'),
        frequency: z
          .number()
          .min(0)
          .max(1e18)
          .default(0)
          .describe('Carrier frequency, Hz; 0 = plain pulse (default).'),
      })
      .prefault({})
      .describe('Soft Gaussian source.'),
    boundary_condition: z
      .enum(['absorbing', 'reflecting', 'periodic'])
      .default('absorbing')
      .describe("'absorbing' (Mur, default), 'reflecting' (E = 0 walls) or 'periodic'."),
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
  saved: number;
}

/** Derived quantities of a (schema-shaped) input; used by validation, gridPoints and the solver. */
function setup(p: Omit<Wave1dParams, 'visualization'>): Setup {
  const dx = p.length / (p.nx - 1);
  const v = SPEED_OF_LIGHT / Math.sqrt(p.medium.epsilon_r * p.medium.mu_r);
  // Smallest nt with v·dt/dx ≤ 1; the small slack keeps an exact ratio from rounding up.
  const minNt = Math.max(1, Math.ceil((p.total_time * v) / dx - 1e-9));
  const nt = p.nt ?? Math.max(1, Math.ceil((p.total_time * v) / (DEFAULT_COURANT * dx)));
  const dt = p.total_time / nt;
  return {
    dx,
    dt,
    nt,
    minNt,
    v,
    courant: (v * dt) / dx,
    width: p.source.width ?? p.length / 20,
    saved: Math.min(nt + 1, MAX_SAVED_STEPS),
  };
}

/** Points counted against the 100,000 limit: what is stored, nx × saved time steps (≤ 200). */
export function wave1dGridPoints(params: Wave1dParams): number {
  return params.nx * setup(params).saved;
}

export function solveWave1d(input: Wave1dInput): Wave1dOutput {
  const start = performance.now();
  const p = parseInput(wave1dSchema, input, 'wave_1d');
  const { dx, dt, nt, v, courant, width, saved } = setup(p);
  const nx = p.nx;
  const eps = EPSILON_0 * p.medium.epsilon_r;
  const mu = MU_0 * p.medium.mu_r;
  const loss = (p.medium.sigma * dt) / (2 * eps);
  const ca = (1 - loss) / (1 + loss);
  const cb = dt / (eps * dx) / (1 + loss);
  const ch = dt / (mu * dx);
  const mur = (courant - 1) / (courant + 1);
  const bc = p.boundary_condition;
  const periodic = bc === 'periodic';

  const tau = width / v;
  const t0 = 4 * tau;
  const f = p.source.frequency;
  const position = p.source.position ?? p.length / 2;
  // The source node: interior for walls; for a periodic domain x = length is node 0 again.
  const nearest = Math.round(position / dx);
  const src = periodic ? nearest % (nx - 1) : Math.min(nx - 2, Math.max(1, nearest));
  const sourceScale = 2 * courant * p.source.amplitude;

  const E = new Float64Array(nx);
  const H = new Float64Array(nx - 1);
  const hOld = new Float64Array(nx - 1);
  const Eout = createGrid(nx, saved);
  const Hout = createGrid(nx, saved);
  const times = new Float64Array(saved);
  let frame = 0;
  let nextSave = 0;

  for (let n = 0; n <= nt; n++) {
    const save = n === nextSave;
    if (save) hOld.set(H);
    // H^{n+1/2} from E^n.
    for (let i = 0; i < nx - 1; i++) H[i] = H[i]! - ch * (E[i + 1]! - E[i]!);
    if (save) {
      storeFrame(frame, E, H, hOld, Eout, Hout, periodic);
      times[frame] = n * dt;
      frame++;
      nextSave = frame < saved ? Math.round((frame * nt) / (saved - 1)) : -1;
    }
    if (n === nt) break;
    // E^{n+1} from H^{n+1/2}.
    const e0 = E[0]!;
    const e1 = E[1]!;
    const eN = E[nx - 1]!;
    const eN1 = E[nx - 2]!;
    for (let i = 1; i < nx - 1; i++) E[i] = ca * E[i]! - cb * (H[i]! - H[i - 1]!);
    if (periodic) {
      E[0] = ca * E[0]! - cb * (H[0]! - H[nx - 2]!);
      E[nx - 1] = E[0]!;
    } else if (bc === 'absorbing') {
      E[0] = e1 + mur * (E[1]! - e0);
      E[nx - 1] = eN1 + mur * (E[nx - 2]! - eN);
    } else {
      E[0] = 0;
      E[nx - 1] = 0;
    }
    const t = (n + 1) * dt - t0;
    const envelope = Math.exp(-((t / tau) ** 2));
    E[src] = E[src]! + sourceScale * envelope * (f > 0 ? Math.cos(2 * Math.PI * f * t) : 1);
    if (periodic && src === 0) E[nx - 1] = E[0]!;
  }

  const frequency = f > 0 ? f : 1 / (Math.PI * tau);
  return {
    wave_data: { x: linspace(0, p.length, nx), t: times, E: Eout, H: Hout },
    wave_speed: v,
    wavelength: v / frequency,
    frequency,
    metadata: { dx, dt, cfl_number: courant, computation_time: secondsSince(start), nt },
  };
}

/** Copies E and H (averaged to the E nodes and to the E time level) into row `frame`. */
function storeFrame(
  frame: number,
  E: Float64Array,
  H: Float64Array,
  hOld: Float64Array,
  Eout: Grid2D,
  Hout: Grid2D,
  periodic: boolean,
): void {
  const nx = E.length;
  const row = frame * nx;
  Eout.data.set(E, row);
  const h = (i: number) => 0.5 * (H[i]! + hOld[i]!);
  const out = Hout.data;
  for (let i = 1; i < nx - 1; i++) out[row + i] = 0.5 * (h(i - 1) + h(i));
  if (periodic) {
    out[row] = 0.5 * (h(nx - 2) + h(0));
    out[row + nx - 1] = out[row]!;
  } else {
    out[row] = h(0);
    out[row + nx - 1] = h(nx - 2);
  }
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
