/**
 * The request of wave_1d: the line, the time, the source and the medium. Validation needs the
 * time step the solver will take (the Courant number, the cells a pulse spans, the work bound),
 * so `wave1dSetup`, which derives it, lives here and the solver uses it too.
 */
import { z } from 'zod';
import { SPEED_OF_LIGHT } from '../constants.js';
import { lengthSchema, optionalVisualization, unit } from './common.js';

const relative = z.number().min(1e-3).max(1e6).meta(unit('1'));

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
      .meta(unit('s'))
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
        position: z
          .number()
          .min(0)
          .max(1e4)
          .meta(unit('m'))
          .optional()
          .describe('Source position, m (default length/2).'),
        amplitude: z
          .number()
          .min(-1e9)
          .max(1e9)
          .meta(unit('V/m'))
          .default(1)
          .describe('Peak E of each emitted pulse, V/m (default 1).'),
        width: lengthSchema(1e4, '1/e half-width of the pulse, m (default length/20).').optional(),
        frequency: z
          .number()
          .min(0)
          .max(1e18)
          .meta(unit('Hz'))
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
        epsilon_r: relative.default(1).describe('Relative permittivity (default 1).'),
        mu_r: relative.default(1).describe('Relative permeability (default 1).'),
        sigma: z
          .number()
          .min(0)
          .max(1e9)
          .meta(unit('S/m'))
          .default(0)
          .describe('Conductivity, S/m (default 0).'),
      })
      .prefault({})
      .describe('Uniform medium filling the domain.'),
    output_type: z
      .enum(['animation', 'data', 'png_base64', 'svg'])
      .default('animation')
      .describe(
        "What is drawn besides the numbers, which every answer has together with png_base64: 'animation' " +
          "(default) adds animation_frames; 'png_base64' and 'data' give the numbers and the PNG; 'svg' adds " +
          'the figure as SVG too.',
      ),
    visualization: optionalVisualization,
  })
  .superRefine((p, ctx) => {
    const s = wave1dSetup(p);
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

export interface Wave1dSetup {
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

/** Derived quantities of a (schema-shaped) input; used by validation and the solver. */
export function wave1dSetup(p: Omit<Wave1dParams, 'visualization'>): Wave1dSetup {
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

function fmt(value: number): string {
  return Number(value.toPrecision(3)).toString();
}
