/**
 * Gauss–Legendre quadrature on [−1, 1]: n nodes integrate polynomials of degree 2n − 1 exactly,
 * and an analytic integrand with error ~ ρ^(−2n), where ρ > 1 measures how far its nearest
 * complex singularity is from the interval. That spectral convergence is why `gauss_flux` gets
 * machine precision from a few dozen nodes.
 */

export interface QuadratureRule {
  nodes: Float64Array;
  weights: Float64Array;
}

const cache = new Map<number, QuadratureRule>();

/**
 * Nodes and weights by Newton's method on the three-term Legendre recurrence, started from
 * Tricomi's estimate cos(π(i − 1/4)/(n + 1/2)); O(n²) work, so rules are cached.
 */
export function gaussLegendre(n: number): QuadratureRule {
  const cached = cache.get(n);
  if (cached) return cached;
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  const half = Math.floor((n + 1) / 2);
  for (let i = 0; i < half; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 1;
    for (let iter = 0; iter < 100; iter++) {
      // P_n(x) and P_{n−1}(x) by (k+1) P_{k+1} = (2k+1) x P_k − k P_{k−1}.
      let p0 = 1;
      let p1 = x;
      for (let k = 1; k < n; k++) {
        const p2 = ((2 * k + 1) * x * p1 - k * p0) / (k + 1);
        p0 = p1;
        p1 = p2;
      }
      const pn = n === 0 ? 1 : p1;
      const pnm1 = n === 1 ? 1 : p0;
      derivative = (n * (x * pn - pnm1)) / (x * x - 1);
      const dx = pn / derivative;
      x -= dx;
      if (Math.abs(dx) < 1e-16) break;
    }
    nodes[i] = -x;
    nodes[n - 1 - i] = x;
    const w = 2 / ((1 - x * x) * derivative * derivative);
    weights[i] = w;
    weights[n - 1 - i] = w;
  }
  const rule = { nodes, weights };
  cache.set(n, rule);
  return rule;
}
