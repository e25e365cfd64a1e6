import { describe, expect, it } from 'vitest';
import { computeCourseResults, disagreement } from './model-check.js';

const RING = 'mag field at the center of a ring of wire, radius 5 cm, 2 amps?';

describe('the check of a model’s numbers', () => {
  it('flags a value the course result disagrees with, unless a tool gave it', () => {
    // The formula is inline TeX the web app typesets: one dollar on each side.
    expect(disagreement(RING, 'B = 24.6 μT')).toContain('25.1 μT) ($B = \\frac{\\mu_0 I}{2R}$);');
    // A simulation's reading (SI number) or a tool's text in any prefix is the value's source.
    expect(
      disagreement(RING, 'B = 24.6 μT', [{ probe: { values: { magnitude: 2.46e-5 } } }]),
    ).toBeUndefined();
    expect(disagreement(RING, 'B = 24.6 μT', [{ text: '0.0246 mT' }])).toBeUndefined();
    // A tool's other numbers do not excuse it.
    expect(disagreement(RING, 'B = 24.6 μT', [{ value: 3 }])).toContain('25.1 μT');
  });

  it('reads numbers written in TeX', () => {
    expect(disagreement(RING, 'At the centre $B \\approx 8.0$ μT.')).toContain('25.1 μT');
    expect(disagreement(RING, '$B = 5.0 \\times 10^{-5}\\,\\mathrm{T}$')).toContain('25.1 μT');
    expect(disagreement(RING, '$B \\approx 25.1\\,\\mu\\text{T}$')).toBeUndefined();
    expect(disagreement(RING, '$B = 2.51 \\times 10^{-5}$ T')).toBeUndefined();
  });

  it('computes the course result with the problem’s numbers for the model', () => {
    const { parts } = computeCourseResults(RING);
    expect(parts[0]).toMatchObject({ solved: true, symbol: 'B', unit: 'T' });
    expect((parts[0] as { value: number }).value).toBeCloseTo(2.513e-5, 8);
    expect(
      computeCourseResults('field at the centre of a ring of wire carrying 2 A?').parts[0],
    ).toMatchObject({
      solved: false,
      missing: [expect.any(String)],
    });
  });
});
