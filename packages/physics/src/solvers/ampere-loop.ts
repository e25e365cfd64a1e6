/**
 * ampere_loop — Ampère's law checked numerically: the circulation of B around a closed loop is
 * μ0 times the current threading it,
 *   ∮ B · dl = μ0 I_enc.
 *
 * Setup. Infinite straight wires perpendicular to the page (current in A, positive out of the
 * page, field as in `wire_field`) and a circular loop of radius R traversed counter-clockwise,
 * so a positive enclosed current gives a positive circulation.
 *
 * Method. The circulation of one straight wire's field along any arc is exact:
 *   ∫ B · dl = μ0 I Δθ / 2π,
 * where Δθ is the angle the arc sweeps as seen from the wire (B is azimuthal around the wire with
 * magnitude μ0 I / 2π r, so B · dl = μ0 I dθ / 2π). The loop is cut into n arcs between its sample
 * points and each arc's swept angle is summed: the angle between the two chord ends (atan2, in
 * (−π, π)), plus 2π when the wire lies in the circular segment between that chord and its arc
 * (the arc then goes round the far side of the wire). The result is exact to round-off whatever
 * the distance from the wire to the loop, unlike the trapezoid rule whose error grows like
 * (d/R)^n as a wire nears the loop. `loop_points.field_tangential` keeps the sampled B_t for the
 * figure. A wire ON the loop (|d − R| ≤ 1e-9 R) makes B infinite there and is rejected.
 *
 * Outputs. `magnetic_circulation` (T·m), `theoretical_circulation` = μ0 I_enc, `relative_error`
 * = |C − μ0 I_enc| / (μ0 |I_enc|) (divided by μ0 Σ|I| instead when I_enc = 0),
 * `verification_passed` when below 1e-4, and `loop_points` with the tangential field B_t (T).
 */
import { MU_0, VERIFICATION_TOLERANCE } from '../constants.js';
import { type AmpereLoopInput, ampereLoopSchema } from '../schemas/ampere-loop.js';
import { parseInput, secondsSince } from '../validation.js';

export interface AmpereLoopOutput {
  /** A. */
  enclosed_current: number;
  /** T·m. */
  magnetic_circulation: number;
  /** μ0 I_enc, T·m. */
  theoretical_circulation: number;
  relative_error: number;
  verification_passed: boolean;
  /** Loop points (m) and the counter-clockwise tangential field there (T). */
  loop_points: { x: Float64Array; y: Float64Array; field_tangential: Float64Array };
  metadata: { mu_0: number; computation_time: number };
}

export function solveAmpereLoop(input: AmpereLoopInput): AmpereLoopOutput {
  const start = performance.now();
  const p = parseInput(ampereLoopSchema, input, 'ampere_loop');
  const { center_x, center_y, radius: R } = p.loop;
  const n = p.n_points;
  const wires = p.current_sources;

  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const tangential = new Float64Array(n);
  const nw = wires.length;
  const wx = Float64Array.from(wires, (w) => w.x);
  const wy = Float64Array.from(wires, (w) => w.y);
  const strength = Float64Array.from(wires, (w) => (MU_0 * w.current) / (2 * Math.PI));
  for (let k = 0; k < n; k++) {
    const phi = (2 * Math.PI * k) / n;
    const c = Math.cos(phi);
    const s = Math.sin(phi);
    const px = center_x + R * c;
    const py = center_y + R * s;
    // B_t = B · (−sin φ, cos φ) with B = μ0 I/(2π r²) (−dy, dx) for each wire.
    let bt = 0;
    for (let w = 0; w < nw; w++) {
      const dx = px - wx[w]!;
      const dy = py - wy[w]!;
      bt += (strength[w]! * (dy * s + dx * c)) / (dx * dx + dy * dy);
    }
    x[k] = px;
    y[k] = py;
    tangential[k] = bt;
  }
  // Σ over wires of μ0 I/2π × the angle the whole loop sweeps around the wire, arc by arc.
  let circulation = 0;
  for (let w = 0; w < nw; w++) {
    const inside = Math.hypot(wx[w]! - center_x, wy[w]! - center_y) < R;
    let swept = 0;
    for (let k = 0; k < n; k++) {
      const next = (k + 1) % n;
      const ax = x[k]! - wx[w]!;
      const ay = y[k]! - wy[w]!;
      const bx = x[next]! - wx[w]!;
      const by = y[next]! - wy[w]!;
      swept += Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
      // Inside the circle and beyond the chord (on the arc's side, to its right when going
      // counter-clockwise): the arc passes round the far side of the wire.
      if (inside && (x[next]! - x[k]!) * ay - (y[next]! - y[k]!) * ax > 0) swept += 2 * Math.PI;
    }
    circulation += strength[w]! * swept;
  }

  let enclosed = 0;
  let totalAbs = 0;
  for (const w of wires) {
    if (Math.hypot(w.x - center_x, w.y - center_y) < R) enclosed += w.current;
    totalAbs += Math.abs(w.current);
  }
  const theoretical = MU_0 * enclosed;
  const scale = enclosed !== 0 ? Math.abs(theoretical) : MU_0 * totalAbs;
  const relative_error = scale > 0 ? Math.abs(circulation - theoretical) / scale : 0;

  return {
    enclosed_current: enclosed,
    magnetic_circulation: circulation,
    theoretical_circulation: theoretical,
    relative_error,
    verification_passed: relative_error < VERIFICATION_TOLERANCE,
    loop_points: { x, y, field_tangential: tangential },
    metadata: { mu_0: MU_0, computation_time: secondsSince(start) },
  };
}
