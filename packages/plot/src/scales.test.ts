import { describe, expect, it } from 'vitest';
import { isolines } from './contours.js';
import { gridFrom } from './grid.js';
import { autoNorm, normalizer, normLevels } from './norm.js';
import { formatLinearTicks, formatPower, formatValue, linearTicks, logTicks, symlogTicks } from './ticks.js';

describe('ticks', () => {
  it('picks 1-2-5 steps and formats them plainly or as powers of ten', () => {
    expect(linearTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(formatLinearTicks([-1, -0.5, 0, 0.5, 1])).toEqual(['−1.0', '−0.5', '0', '0.5', '1.0']);
    expect(formatLinearTicks([0, 1e-5, 2e-5])).toEqual(['0', '1×10⁻⁵', '2×10⁻⁵']);
    expect(formatPower(1e-7)).toBe('10⁻⁷');
    expect(formatValue(1000)).toBe('1000');
    expect(formatValue(2.5e-9)).toBe('2.5×10⁻⁹');
  });

  it('log and symlog ticks stay inside the range', () => {
    expect(logTicks(1e-6, 1e-2, 6)).toEqual([1e-6, 1e-5, 1e-4, 1e-3, 1e-2]);
    const s = symlogTicks(-100, 100, 1, 9);
    expect(s).toContain(0);
    expect(s[0]).toBe(-100);
    expect(s[s.length - 1]).toBe(100);
  });
});

describe('norms', () => {
  it('survive all-zero, NaN-laced and one-signed data', () => {
    const zero = autoNorm(new Float64Array(100), 'symlog');
    expect(zero.kind).toBe('linear');
    expect(zero.vmax).toBeGreaterThan(zero.vmin);
    const withNaN = autoNorm([Number.NaN, 1, 2, Number.POSITIVE_INFINITY], 'linear');
    expect([withNaN.vmin, withNaN.vmax]).toEqual([1, 2]);
    expect(autoNorm([-1, -2], 'log').kind).toBe('linear');
    const sym = autoNorm([-5, 1], 'linear', { symmetric: true });
    expect([sym.vmin, sym.vmax]).toEqual([-5, 5]);
  });

  it('symlog maps zero to the middle of a symmetric range and is monotonic', () => {
    const n = autoNorm([-1e6, 1e-3, 1e6], 'symlog', { decades: 3 });
    const t = normalizer(n);
    expect(t(0)).toBeCloseTo(0.5);
    expect(t(-1e6)).toBeCloseTo(0);
    expect(t(1e6)).toBeCloseTo(1);
    expect(t(10)).toBeLessThan(t(100));
    const levels = normLevels(n, 6);
    expect(levels).toHaveLength(6);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeGreaterThan(levels[i - 1]!);
  });
});

describe('isolines', () => {
  const ext = { x_min: -1, x_max: 1, y_min: -1, y_max: 1 };
  it('traces a closed circle for a radial field', () => {
    const g = gridFrom(ext, 101, 101, (x, y) => Math.hypot(x, y));
    const [line, ...rest] = isolines(g, ext, [0.5]);
    expect(rest).toHaveLength(0);
    const n = line!.x.length;
    expect(line!.x[0]).toBeCloseTo(line!.x[n - 1]!, 9);
    for (let i = 0; i < n; i++) expect(Math.hypot(line!.x[i]!, line!.y[i]!)).toBeCloseTo(0.5, 3);
  });

  it('puts row 0 at the top and skips NaN cells', () => {
    const g = gridFrom(ext, 21, 21, (_x, y) => (y > 0.5 ? Number.NaN : y));
    const lines = isolines(g, ext, [0, 0.8]);
    expect(lines).toHaveLength(1);
    for (let i = 0; i < lines[0]!.y.length; i++) expect(lines[0]!.y[i]).toBeCloseTo(0, 9);
  });
});
