import { describe, expect, it } from 'vitest';
import { traceCurve } from './integrators.js';

const big = { x_min: -10, x_max: 10, y_min: -10, y_max: 10 };

describe('adaptive Dormand–Prince curve tracing', () => {
  it('follows a circle (rotation field) for a full turn within the requested tolerance', () => {
    const rotation = (x: number, y: number, out: Float64Array) => {
      const r = Math.hypot(x, y);
      out[0] = -y / r;
      out[1] = x / r;
      return true;
    };
    const curve = traceCurve(rotation, 1, 0, {
      maxStep: 0.1,
      minStep: 1e-9,
      tolerance: 1e-8,
      maxLength: 2 * Math.PI,
      maxSteps: 10_000,
      domain: big,
    });
    expect(curve.end).toBe('length');
    // 63 steps of local error ≤ 1e-8 each: the radius may drift by at most ~1e-6.
    for (let k = 0; k < curve.x.length; k++) expect(Math.hypot(curve.x[k]!, curve.y[k]!)).toBeCloseTo(1, 6);
    expect(Math.hypot(curve.x.at(-1)! - 1, curve.y.at(-1)!)).toBeLessThan(0.11);
  });

  it('clips at the domain edge and stops where the stop rule says', () => {
    const east = (_x: number, _y: number, out: Float64Array) => {
      out[0] = 1;
      out[1] = 0;
      return true;
    };
    const options = {
      maxStep: 0.3,
      minStep: 1e-9,
      tolerance: 1e-6,
      maxLength: 100,
      maxSteps: 1000,
      domain: big,
    };
    const edge = traceCurve(east, 0, 0.5, options);
    expect(edge.end).toBe('edge');
    expect(edge.x.at(-1)).toBeCloseTo(10, 12);
    const stopped = traceCurve(east, 0, 0, { ...options, stop: (x) => (x > 2 ? { x: 3, y: 0 } : null) });
    expect(stopped.end).toBe('stopped');
    expect(stopped.x.at(-1)).toBe(3);
  });

  it('ends at a zero of the field instead of zig-zagging across it', () => {
    // Unit vectors towards the origin: the direction flips there.
    const sink = (x: number, y: number, out: Float64Array) => {
      const r = Math.hypot(x, y);
      if (r === 0) return false;
      out[0] = -x / r;
      out[1] = -y / r;
      return true;
    };
    const options = {
      maxStep: 0.3,
      minStep: 1e-12,
      tolerance: 1e-6,
      maxLength: 100,
      maxSteps: 1000,
      domain: big,
    };
    const curve = traceCurve(sink, 2, 1, options);
    expect(curve.end).toBe('stagnation');
    expect(curve.x.length).toBeLessThan(200);
    expect(Math.hypot(curve.x.at(-1)!, curve.y.at(-1)!)).toBeLessThan(1e-3);
  });

  it('gives up where the field is undefined instead of looping', () => {
    const none = (_x: number, _y: number, _out: Float64Array) => false;
    const options = {
      maxStep: 0.3,
      minStep: 1e-9,
      tolerance: 1e-6,
      maxLength: 100,
      maxSteps: 1000,
      domain: big,
    };
    expect(traceCurve(none, 0, 0, options).end).toBe('stagnation');
  });
});
