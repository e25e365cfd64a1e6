import { describe, expect, it } from 'vitest';
import { levelLines, symmetricLogLevels, uniformLevels } from './contours.js';
import { createGrid, type Domain } from './grid.js';

const domain: Domain = { x_min: -1, x_max: 1, y_min: -1, y_max: 1 };

function gridOf(n: number, f: (x: number, y: number) => number) {
  const g = createGrid(n, n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) g.data[i * n + j] = f(-1 + (2 * j) / (n - 1), 1 - (2 * i) / (n - 1));
  }
  return g;
}

describe('marching-squares level lines', () => {
  it('traces closed circles for r², each point on the true circle to interpolation accuracy', () => {
    const n = 101;
    const h = 2 / (n - 1);
    const lines = levelLines(
      gridOf(n, (x, y) => x * x + y * y),
      domain,
      [0.09, 0.25, 0.64],
    );
    expect(lines.map((l) => l.level)).toEqual([0.09, 0.25, 0.64]);
    for (const line of lines) {
      const r = Math.sqrt(line.level);
      // Closed: the first point is repeated at the end.
      expect(line.x[0]).toBe(line.x[line.x.length - 1]);
      expect(line.y[0]).toBe(line.y[line.y.length - 1]);
      // Along an edge r² is a parabola in one coordinate s (f'' = 2, |f'| = 2|s|), so linear
      // interpolation misplaces the crossing by ≤ f''h²/(8|f'|) = h²/(8|s|) along the edge, and
      // the edge meets the circle's normal at cos = |s|/r: the radial error is ≤ h²/(8r).
      // Half that margin again covers higher-order terms.
      for (let k = 0; k < line.x.length; k++) {
        expect(Math.abs(Math.hypot(line.x[k]!, line.y[k]!) - r)).toBeLessThan((h * h) / (4 * r));
      }
    }
  });

  it('returns open lines that end exactly on the domain edge', () => {
    const lines = levelLines(
      gridOf(51, (x, y) => x + 0.5 * y),
      domain,
      [0.2],
    );
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    const onEdge = (x: number, y: number) =>
      Math.abs(Math.abs(x) - 1) < 1e-12 || Math.abs(Math.abs(y) - 1) < 1e-12;
    expect(onEdge(line.x[0]!, line.y[0]!)).toBe(true);
    expect(onEdge(line.x.at(-1)!, line.y.at(-1)!)).toBe(true);
    for (let k = 0; k < line.x.length; k++) expect(line.x[k]! + 0.5 * line.y[k]!).toBeCloseTo(0.2, 12);
  });

  it('resolves saddles by the centre value: the two branches of xy = 1e-4 stay separate', () => {
    // With an even grid the origin is the centre of a cell whose corners alternate in sign around
    // the level: an ambiguous saddle. Its mean (0) is below 1e-4, so the corners above the level
    // (first and third quadrants) are cut off separately and each branch keeps to its quadrant.
    const lines = levelLines(
      gridOf(40, (x, y) => x * y),
      domain,
      [1e-4],
    );
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      for (let k = 0; k < l.x.length; k++) {
        expect(l.x[k]! * l.y[k]!).toBeGreaterThan(0);
        expect(Math.sign(l.x[k]!)).toBe(Math.sign(l.x[0]!));
      }
    }
  });

  it('spreads symmetric-log levels over both signs and includes zero', () => {
    const g = gridOf(64, (x) => 1 / (x - 1.01) + 1 / (x + 1.01));
    const levels = symmetricLogLevels(g.data);
    expect(levels.filter((v) => v > 0).length).toBeGreaterThan(3);
    expect(levels.filter((v) => v < 0).length).toBeGreaterThan(3);
    expect(levels).toContain(0);
    expect(uniformLevels(g.data, 5)).toHaveLength(5);
  });
});
