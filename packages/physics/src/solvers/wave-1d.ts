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
 * one each way, each of peak E = amplitude (V/m) in a lossless medium. It is an impressed current
 * in the same semi-implicit update as the loss, so a good conductor damps it at once (at
 * σ = 1e9 S/m no field above ~1e-8 V/m appears anywhere).
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
 *
 * `far_end_peak` (V/m) is the largest field the pulse brings to x = length over the whole run,
 * watched at every time step, so it does not depend on which steps are stored: |E| on the end
 * node for 'absorbing' and 'periodic' (where x = length is x = 0 again, so the two pulses of a
 * centred source arrive together, 2·amplitude). At a 'reflecting' wall E is 0 by definition and
 * what arrives is measured by the surface field: a perfect conductor doubles H, so the incident
 * E is η·|H|/2, η = √(μ/ε), with H on the edge half a cell inside the wall (exact for a lossless
 * medium up to O(dx²); in a lossy one η is the lossless impedance).
 *
 * Resolution. The Yee grid slows a wave of k·dx not ≪ 1: its phase velocity follows
 *   sin(ω dt/2)/(v dt) = sin(k dx/2)/dx.
 * A carrier of fewer than MIN_CELLS_PER_WAVELENGTH cells per wavelength is run (down to the 4
 * validation allows) with a warning in metadata.warnings naming that relative phase-velocity error.
 */
import { EPSILON_0, MU_0 } from '../constants.js';
import { PML_CELLS, runFdtd } from '../numerics/fdtd1d.js';
import { type Grid2D, linspace } from '../numerics/grid.js';
import { type Wave1dInput, wave1dSchema, wave1dSetup } from '../schemas/wave-1d.js';
import { parseInput, secondsSince } from '../validation.js';

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
  /**
   * V/m: the peak E of the pulse at x = length, read at every time step (not from the stored
   * frames). See the module comment for what it is at a reflecting wall.
   */
  far_end_peak: number;
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
    /** What the grid does to the answer that the user should know (empty when nothing). */
    warnings: string[];
  };
}

/** Fewer cells per carrier wavelength than this draw a warning (phase velocity off by ≳ 0.5 %). */
export const MIN_CELLS_PER_WAVELENGTH = 10;

/**
 * Phase velocity of a wave of frequency f on the Yee grid relative to v, from its dispersion
 * relation (above); 1 in the limit of fine cells, below 1 for coarse ones.
 */
export function yeePhaseVelocityRatio(f: number, v: number, dx: number, dt: number): number {
  const omega = 2 * Math.PI * f;
  const k = (2 / dx) * Math.asin(Math.min(1, (dx / (v * dt)) * Math.sin((omega * dt) / 2)));
  return omega / (k * v);
}

function resolutionWarnings(f: number, v: number, dx: number, dt: number): string[] {
  if (f <= 0) return [];
  const cells = v / f / dx;
  if (cells >= MIN_CELLS_PER_WAVELENGTH) return [];
  const error = (yeePhaseVelocityRatio(f, v, dx, dt) - 1) * 100;
  return [
    `the carrier wavelength spans ${cells.toFixed(1)} cells (fewer than ${MIN_CELLS_PER_WAVELENGTH}): the grid changes its phase velocity by ${error.toFixed(1)} %; increase nx or lower the frequency`,
  ];
}

export function solveWave1d(input: Wave1dInput): Wave1dOutput {
  const start = performance.now();
  const p = parseInput(wave1dSchema, input, 'wave_1d');
  const { dx, dt, nt, v, courant, width, saved, stride } = wave1dSetup(p);
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
  const eta = Math.sqrt((MU_0 * p.medium.mu_r) / (EPSILON_0 * p.medium.epsilon_r));
  const farEndPeak = p.boundary_condition === 'reflecting' ? (eta * record.farEnd.H) / 2 : record.farEnd.E;
  return {
    wave_data: { x: linspace(0, p.length, nx), t: record.t, E: record.E, H: record.H },
    wave_speed: v,
    wavelength: v / frequency,
    frequency,
    far_end_peak: farEndPeak,
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
      warnings: resolutionWarnings(f, v, dx, dt),
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
