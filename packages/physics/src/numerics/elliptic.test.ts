import { describe, expect, it } from 'vitest';
import { cel, ellipticE, ellipticK } from './elliptic.js';
import { gaussLegendre } from './quadrature.js';

/** ∫₀^{π/2} g(φ) dφ by composite Gauss–Legendre (smooth integrands: ~1e-15). */
function integrate(g: (phi: number) => number): number {
  const { nodes, weights } = gaussLegendre(40);
  const panels = 8;
  const width = Math.PI / 2 / panels;
  let sum = 0;
  for (let p = 0; p < panels; p++) {
    for (let i = 0; i < nodes.length; i++) {
      sum += weights[i]! * (width / 2) * g(p * width + (width / 2) * (nodes[i]! + 1));
    }
  }
  return sum;
}

describe('complete elliptic integrals (Bulirsch cel)', () => {
  it('matches tabulated K and E (Abramowitz & Stegun table 17.1, 16 digits)', () => {
    expect(ellipticK(0)).toBe(Math.PI / 2);
    expect(ellipticE(0)).toBeCloseTo(Math.PI / 2, 15);
    // K(1/√2) = Γ(1/4)²/(4√π), E(1/√2) = K/2 + π/(4K) (Legendre's relation).
    const K = 1.854074677301372;
    expect(ellipticK(Math.SQRT1_2)).toBeCloseTo(K, 14);
    expect(ellipticE(Math.SQRT1_2)).toBeCloseTo(K / 2 + Math.PI / (4 * K), 14);
    expect(ellipticK(0.99)).toBeCloseTo(3.3566005233611924, 13);
    expect(ellipticE(1)).toBe(1);
  });

  it('satisfies Legendre’s relation E K′ + E′ K − K K′ = π/2 for several moduli', () => {
    for (const k of [0.1, 0.3, 0.5, 0.8, 0.95]) {
      const kp = Math.sqrt(1 - k * k);
      const value =
        ellipticE(k) * ellipticK(kp) + ellipticE(kp) * ellipticK(k) - ellipticK(k) * ellipticK(kp);
      expect(value).toBeCloseTo(Math.PI / 2, 13);
    }
  });

  it('agrees with direct quadrature of its definition for p > 0 and mixed a, b', () => {
    for (const [kc, p, a, b] of [
      [0.3, 0.5, 1, 0.7],
      [0.9, 2.5, -1, 1],
      [0.05, 0.01, 1, 0.1],
      [0.6, 1, 0, 1],
    ] as const) {
      const direct = integrate((phi) => {
        const c2 = Math.cos(phi) ** 2;
        const s2 = Math.sin(phi) ** 2;
        return (a * c2 + b * s2) / ((c2 + p * s2) * Math.sqrt(c2 + kc * kc * s2));
      });
      expect(cel(kc, p, a, b)).toBeCloseTo(direct, 11);
    }
  });

  it('is NaN at the logarithmic singularity kc = 0', () => {
    expect(cel(0, 1, 1, 1)).toBeNaN();
  });

  it('returns NaN for a non-finite modulus instead of iterating for ever (bounded work)', () => {
    // kc alone drives the stopping test: NaN or ±∞ there would never meet it.
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(cel(bad, 1, 1, 1)).toBeNaN();
    // A NaN elsewhere propagates; the iteration still stops.
    expect(cel(0.5, Number.NaN, 1, 1)).toBeNaN();
    expect(cel(0.5, 1, Number.NaN, 1)).toBeNaN();
    expect(cel(0.5, 1, 1, Number.NaN)).toBeNaN();
  });

  it('stays exact at the edges of the doubles: K → ln(4/k′) as k′ → 0', () => {
    // K = ln(4/k′) + (k′²/4)(ln(4/k′) − 1) + O(k′⁴ ln k′): the correction is below 1e-590 here.
    expect(Math.abs(cel(1e-300, 1, 1, 1) / (Math.log(4) + 300 * Math.LN10) - 1)).toBeLessThan(1e-15);
    expect(cel(5e-324, 1, 1, 1)).toBeCloseTo(Math.log(4) - Math.log(5e-324), 12);
  });
});
