/**
 * The Yee leapfrog for a plane wave E_y(x, t), H_z(x, t) on a line, with a lossy medium and an
 * absorbing layer matched to it. `solvers/wave-1d.ts` states the physics; this is the stepping.
 *
 * Interior (ε, μ, σ uniform):
 *   μ ∂H/∂t = −∂E/∂x,    ε ∂E/∂t + σE = −∂H/∂x,
 * central differences in space and time, the loss term averaged between time levels (stable for
 * any σ), second order.
 *
 * Absorbing boundary: a perfectly matched layer (PML) of PML_CELLS cells outside each end, by
 * complex coordinate stretching ∂/∂x → (1/s)∂/∂x with s = 1 + σp(x)/(iωε) (Berenger; Chew &
 * Weedon). Multiplying through by s gives, inside the layer,
 *   μ ∂H/∂t + σp(μ/ε) H = −∂E/∂x,
 *   ε ∂E/∂t + (σ + σp) E + (σ σp/ε) ∫E dt = −∂H/∂x,
 * the last term being what makes the layer matched to a LOSSY medium too (a layer with only
 * σp and σp μ/ε is matched to the lossless medium alone and reflects a lossy one). The running
 * integral Ψ = ∫E dt is carried per node and the E update is Crank–Nicolson in E and Ψ.
 * σp grows as (depth/D)³ to σmax, chosen so a wave crossing the layer and back is damped by
 * exp(−2∫σp/(εv)dx) = 1e-8; what remains is the discretisation's reflection from the grading,
 * about 1e-4 of the incident amplitude for resolved pulses (tested against a run on a domain so
 * long the pulse never reaches its ends). The layer ends on E = 0.
 */
import { createGrid, type Grid2D } from './grid.js';

/** Cells in each absorbing layer. */
export const PML_CELLS = 32;
/** Grading exponent and the round-trip damping the layer is designed for. */
const GRADING = 3;
const DESIGN_REFLECTION = 1e-8;

export type LineBoundary = 'absorbing' | 'reflecting' | 'periodic';

export interface FdtdLine {
  /** E nodes of the physical line (both ends included). */
  nx: number;
  dx: number;
  dt: number;
  nt: number;
  eps: number;
  mu: number;
  sigma: number;
  boundary: LineBoundary;
  /**
   * E node of the soft source (0 … nx − 1) and its strength at time t, in V/m per step of a
   * lossless line. It enters as an impressed current in the same semi-implicit E update as the
   * loss, ε ∂E/∂t + σE = −∂H/∂x − J, so a conductor damps it like any other field: added as
   * source(t)/(1 + σ dt/(2ε)), which is source(t) itself when σ = 0.
   */
  sourceNode: number;
  source: (t: number) => number;
  /** Store every `stride`-th step, `frames` of them (step 0, stride, 2·stride, …). */
  stride: number;
  frames: number;
}

/**
 * The far end x = length watched at every step, whatever the stored frames: the largest |E| on
 * its node, and the largest |H| on the edge half a cell inside it (at a reflecting wall, where E
 * is held at 0, that is the surface field H = 2·H_incident).
 */
export interface FarEndPeaks {
  /** V/m. */
  E: number;
  /** A/m. */
  H: number;
}

export interface FdtdRecord {
  /** V/m, row k = time t[k], column i = node i of the physical line. */
  E: Grid2D;
  /** A/m at the E nodes and time levels (averaged), same layout. */
  H: Grid2D;
  t: Float64Array;
  farEnd: FarEndPeaks;
}

export function runFdtd(line: FdtdLine): FdtdRecord {
  const { nx, nt, dt, boundary, stride, frames } = line;
  const periodic = boundary === 'periodic';
  const pad = boundary === 'absorbing' ? PML_CELLS : 0;
  const m = nx + 2 * pad;

  const { a, b, c, half, d, e } = lineCoefficients(line, pad);

  const E = new Float64Array(m);
  const H = new Float64Array(m - 1);
  const psi = new Float64Array(m);
  const hOld = new Float64Array(m - 1);
  const Eout = createGrid(nx, frames);
  const Hout = createGrid(nx, frames);
  const t = new Float64Array(frames);
  const src = line.sourceNode + pad;
  const coefficients = { a, b, c, half };
  // The physical line has no layer loss: its coefficients are the same everywhere (and H has
  // no magnetic loss there, d = 1).
  const aIn = a[pad]!;
  const bIn = b[pad]!;
  const eIn = e[pad]!;
  // (ε/dt)/(ε/dt + σ/2): the loss update's weight of a current term at the source node.
  const sourceWeight = 1 / (1 + (line.sigma * dt) / (2 * line.eps));
  const far = pad + nx - 1;
  let farE = 0;
  let farH = 0;

  for (let n = 0; n <= nt; n++) {
    const save = n % stride === 0 && n / stride < frames;
    if (save) hOld.set(H);
    // H^{n+1/2} from E^n: scalar coefficients on the physical line, per-edge ones in the layers.
    for (let k = 0; k < pad; k++) H[k] = d[k]! * H[k]! - e[k]! * (E[k + 1]! - E[k]!);
    stepLineH(H, E, eIn, pad, pad + nx - 1);
    for (let k = pad + nx - 1; k < m - 1; k++) H[k] = d[k]! * H[k]! - e[k]! * (E[k + 1]! - E[k]!);
    farE = Math.max(farE, Math.abs(E[far]!));
    farH = Math.max(farH, Math.abs(H[far - 1]!));
    if (save) {
      const frame = n / stride;
      storeFrame(frame, E, H, hOld, pad, nx, periodic, Eout, Hout);
      t[frame] = n * dt;
    }
    if (n === nt) break;
    // E^{n+1} from H^{n+1/2}, and Ψ^{n+1} = Ψ^n + dt·(E^n + E^{n+1})/2 in the layers.
    const lo = Math.max(1, pad);
    const hi = Math.min(m - 1, pad + nx);
    if (pad > 0) stepLayer(E, H, psi, coefficients, 1, lo);
    stepLineE(E, H, aIn, bIn, lo, hi);
    if (pad > 0) stepLayer(E, H, psi, coefficients, hi, m - 1);
    if (periodic) {
      E[0] = a[0]! * E[0]! - b[0]! * (H[0]! - H[m - 2]!);
      E[m - 1] = E[0]!;
    } else {
      // Perfect conductors: the walls of a 'reflecting' line, the backing of the layers.
      E[0] = 0;
      E[m - 1] = 0;
    }
    E[src] = E[src]! + sourceWeight * line.source((n + 1) * dt);
    if (periodic && src === 0) E[m - 1] = E[0]!;
  }
  return { E: Eout, H: Hout, t, farEnd: { E: farE, H: farH } };
}

/**
 * Per-node E coefficients (E ← a·E − b·ΔH − c·Ψ, Ψ ← Ψ + half·(E_old + E_new)) and per-edge H
 * coefficients (H ← d·H − e·ΔE) of the line with `pad` layer cells at each end. A module
 * function so that nothing the stepping loops use is captured by a closure.
 */
function lineCoefficients(line: FdtdLine, pad: number) {
  const { nx, dx, dt, eps, mu, sigma } = line;
  const m = nx + 2 * pad;
  const v = 1 / Math.sqrt(eps * mu);
  const a = new Float64Array(m);
  const b = new Float64Array(m);
  const c = new Float64Array(m);
  const half = new Float64Array(m); // dt/2, the Ψ trapezoid weight, where the layer needs Ψ
  const d = new Float64Array(m - 1);
  const e = new Float64Array(m - 1);
  const sigmaMax = pad > 0 ? (-(GRADING + 1) * eps * v * Math.log(DESIGN_REFLECTION)) / (2 * pad * dx) : 0;
  // Depth into a layer in cells (0 in the physical line) of a point at index position s.
  const depth = (s: number) => Math.max(0, pad - s, s - (pad + nx - 1));
  const profile = (s: number) => sigmaMax * (Math.min(depth(s), pad) / Math.max(pad, 1)) ** GRADING;
  for (let k = 0; k < m; k++) {
    const sp = profile(k);
    const g = (sigma * sp) / eps;
    const lhs = eps / dt + (sigma + sp) / 2 + (g * dt) / 4;
    a[k] = (eps / dt - (sigma + sp) / 2 - (g * dt) / 4) / lhs;
    b[k] = 1 / (dx * lhs);
    c[k] = g / lhs;
    half[k] = g > 0 ? dt / 2 : 0;
  }
  for (let k = 0; k < m - 1; k++) {
    const sm = (profile(k + 0.5) * mu) / eps;
    const lhs = mu / dt + sm / 2;
    d[k] = (mu / dt - sm / 2) / lhs;
    e[k] = 1 / (dx * lhs);
  }

  return { a, b, c, half, d, e };
}

/** H on the physical line's edges from..to−1 (no magnetic loss): the hot loop, kept small for the JIT. */
function stepLineH(H: Float64Array, E: Float64Array, coefficient: number, from: number, to: number): void {
  for (let k = from; k < to; k++) H[k] = H[k]! - coefficient * (E[k + 1]! - E[k]!);
}

/** E on the physical line's nodes from..to−1. */
function stepLineE(E: Float64Array, H: Float64Array, a: number, b: number, from: number, to: number): void {
  for (let k = from; k < to; k++) E[k] = a * E[k]! - b * (H[k]! - H[k - 1]!);
}

/**
 * E and Ψ in layer nodes from..to−1 (Crank–Nicolson in both). A module function, not a closure,
 * so the arrays of the main loop are not captured (captured variables live in a context object
 * and slow every access in the hot loops).
 */
function stepLayer(
  E: Float64Array,
  H: Float64Array,
  psi: Float64Array,
  { a, b, c, half }: { a: Float64Array; b: Float64Array; c: Float64Array; half: Float64Array },
  from: number,
  to: number,
): void {
  for (let k = from; k < to; k++) {
    const old = E[k]!;
    const next = a[k]! * old - b[k]! * (H[k]! - H[k - 1]!) - c[k]! * psi[k]!;
    E[k] = next;
    psi[k] = psi[k]! + half[k]! * (old + next);
  }
}

/** Row `frame`: E of the physical line, H averaged to its E nodes and to the E time level. */
function storeFrame(
  frame: number,
  E: Float64Array,
  H: Float64Array,
  hOld: Float64Array,
  pad: number,
  nx: number,
  periodic: boolean,
  Eout: Grid2D,
  Hout: Grid2D,
): void {
  const row = frame * nx;
  Eout.data.set(E.subarray(pad, pad + nx), row);
  const h = (k: number) => 0.5 * (H[k]! + hOld[k]!);
  const out = Hout.data;
  // With a layer every physical node has an H edge on both sides.
  const first = pad > 0 ? 0 : 1;
  const last = pad > 0 ? nx : nx - 1;
  for (let i = first; i < last; i++) out[row + i] = 0.5 * (h(pad + i - 1) + h(pad + i));
  if (pad > 0) return;
  if (periodic) {
    out[row] = 0.5 * (h(nx - 2) + h(0));
    out[row + nx - 1] = out[row]!;
  } else {
    out[row] = h(0);
    out[row + nx - 1] = h(nx - 2);
  }
}
