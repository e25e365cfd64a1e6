import { describe, expect, it } from 'vitest';
import { gaussLegendre } from './quadrature.js';

describe('Gauss–Legendre quadrature', () => {
  it('has the known two-point rule ±1/√3 with unit weights', () => {
    const { nodes, weights } = gaussLegendre(2);
    expect(nodes[0]).toBeCloseTo(-1 / Math.sqrt(3), 15);
    expect(nodes[1]).toBeCloseTo(1 / Math.sqrt(3), 15);
    expect(weights[0]).toBeCloseTo(1, 15);
  });

  it('integrates every monomial of degree ≤ 2n − 1 exactly and not degree 2n', () => {
    for (const n of [3, 8, 20]) {
      const { nodes, weights } = gaussLegendre(n);
      const integral = (degree: number) => nodes.reduce((s, x, i) => s + weights[i]! * x ** degree, 0);
      for (let d = 0; d <= 2 * n - 1; d++) {
        const exact = d % 2 === 1 ? 0 : 2 / (d + 1);
        expect(integral(d)).toBeCloseTo(exact, 13);
      }
      expect(Math.abs(integral(2 * n) - 2 / (2 * n + 1))).toBeGreaterThan(1e-12);
    }
  });

  it('converges spectrally for an analytic integrand (∫ e^x = e − 1/e)', () => {
    const { nodes, weights } = gaussLegendre(12);
    const sum = nodes.reduce((s, x, i) => s + weights[i]! * Math.exp(x), 0);
    expect(sum).toBeCloseTo(Math.E - 1 / Math.E, 14);
  });
});
