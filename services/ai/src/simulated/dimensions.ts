import type { Expr } from './expression.js';

/** SI dimensions as exponents of [kg, m, s, A]. */
export type Dimension = readonly [number, number, number, number];

const D = (kg: number, m: number, s: number, a: number): Dimension => [kg, m, s, a];
export const DIMENSIONLESS = D(0, 0, 0, 0);

/**
 * What each symbol usually means in an electromagnetics course. Letters with two common
 * meanings take the one the course uses most (A is an area, L a length, R a radius); `n` is
 * turns per metre when the topic is a solenoid, a refractive index otherwise.
 */
const SYMBOLS: Record<string, Dimension> = {
  E: D(1, 1, -3, -1),
  // Electric flux: what a TeX ∮E·dA is read as (expression.ts, unwrapTex).
  Phi: D(1, 3, -3, -1),
  V: D(1, 2, -3, -1),
  emf: D(1, 2, -3, -1),
  q: D(0, 0, 1, 1),
  Q: D(0, 0, 1, 1),
  Q_enc: D(0, 0, 1, 1),
  q1: D(0, 0, 1, 1),
  q2: D(0, 0, 1, 1),
  I: D(0, 0, 0, 1),
  i: D(0, 0, 0, 1),
  I_enc: D(0, 0, 0, 1),
  B: D(1, 0, -2, -1),
  H: D(0, -1, 0, 1),
  D: D(0, -2, 1, 1),
  J: D(0, -2, 0, 1),
  F: D(1, 1, -2, 0),
  U: D(1, 2, -2, 0),
  W: D(1, 2, -2, 0),
  P: D(1, 2, -3, 0),
  C: D(-1, -2, 4, 2),
  r: D(0, 1, 0, 0),
  R: D(0, 1, 0, 0),
  d: D(0, 1, 0, 0),
  x: D(0, 1, 0, 0),
  y: D(0, 1, 0, 0),
  z: D(0, 1, 0, 0),
  l: D(0, 1, 0, 0),
  L: D(0, 1, 0, 0),
  a: D(0, 1, 0, 0),
  lambda: D(0, 1, 0, 0),
  A: D(0, 2, 0, 0),
  S: D(0, 2, 0, 0),
  t: D(0, 0, 1, 0),
  T: D(0, 0, 1, 0),
  f: D(0, 0, -1, 0),
  omega: D(0, 0, -1, 0),
  v: D(0, 1, -1, 0),
  c: D(0, 1, -1, 0),
  k: D(1, 3, -4, -2),
  mu0: D(1, 1, -2, -2),
  mu: D(1, 1, -2, -2),
  eps0: D(-1, -3, 4, 2),
  eps: D(-1, -3, 4, 2),
  rho: D(0, -3, 1, 1),
  N: DIMENSIONLESS,
  n1: DIMENSIONLESS,
  n2: DIMENSIONLESS,
  eps_r: DIMENSIONLESS,
  mu_r: DIMENSIONLESS,
  pi: DIMENSIONLESS,
  theta: DIMENSIONLESS,
  theta_B: DIMENSIONLESS,
  theta_c: DIMENSIONLESS,
  theta_i: DIMENSIONLESS,
  theta_t: DIMENSIONLESS,
  alpha: DIMENSIONLESS,
};

export function dimensionOfSymbol(name: string, topic: string): Dimension | undefined {
  if (name === 'n') return topic === 'solenoid' ? D(0, -1, 0, 0) : DIMENSIONLESS;
  return SYMBOLS[name];
}

export interface DimensionResult {
  /** Undefined when a symbol is unknown. */
  dimension: Dimension | undefined;
  unknown: string[];
  /** Keys of the formula-check phrase catalogue with their values. */
  problems: DimensionProblem[];
}

export interface DimensionProblem {
  key: 'argumentNotPure' | 'exponentNotPure' | 'sumOfUnlike';
  values: Record<string, string>;
}

const same = (a: Dimension, b: Dimension) => a.every((x, i) => Math.abs(x - b[i]!) < 1e-9);
const combine = (a: Dimension, b: Dimension, sign: number): Dimension =>
  D(a[0] + sign * b[0], a[1] + sign * b[1], a[2] + sign * b[2], a[3] + sign * b[3]);
const scale = (a: Dimension, by: number): Dimension => D(a[0] * by, a[1] * by, a[2] * by, a[3] * by);

function constantValue(expr: Expr): number | undefined {
  if (expr.kind === 'num') return expr.value;
  if (expr.kind === 'neg') {
    const v = constantValue(expr.arg);
    return v === undefined ? undefined : -v;
  }
  if (expr.kind === 'bin' && expr.op !== '^') {
    const a = constantValue(expr.left);
    const b = constantValue(expr.right);
    if (a === undefined || b === undefined) return undefined;
    return expr.op === '+' ? a + b : expr.op === '-' ? a - b : expr.op === '*' ? a * b : a / b;
  }
  return undefined;
}

export function dimensionOf(expr: Expr, topic: string): DimensionResult {
  const unknown = new Set<string>();
  const problems: DimensionProblem[] = [];
  const walk = (e: Expr): Dimension | undefined => {
    switch (e.kind) {
      case 'num':
        return DIMENSIONLESS;
      case 'sym': {
        const dimension = dimensionOfSymbol(e.name, topic);
        if (!dimension) unknown.add(e.name);
        return dimension;
      }
      case 'neg':
        return walk(e.arg);
      case 'call': {
        const inner = walk(e.arg);
        if (e.fn === 'sqrt') return inner && scale(inner, 0.5);
        if (inner && !same(inner, DIMENSIONLESS)) {
          problems.push({ key: 'argumentNotPure', values: { fn: e.fn, units: unitName(inner) } });
        }
        return DIMENSIONLESS;
      }
      case 'bin': {
        const left = walk(e.left);
        if (e.op === '^') {
          const exponent = constantValue(e.right);
          if (exponent === undefined) {
            const right = walk(e.right);
            if (right && !same(right, DIMENSIONLESS)) problems.push({ key: 'exponentNotPure', values: {} });
            return left && same(left, DIMENSIONLESS) ? DIMENSIONLESS : undefined;
          }
          return left && scale(left, exponent);
        }
        const right = walk(e.right);
        if (!left || !right) return undefined;
        if (e.op === '*') return combine(left, right, 1);
        if (e.op === '/') return combine(left, right, -1);
        if (!same(left, right)) {
          problems.push({ key: 'sumOfUnlike', values: { left: unitName(left), right: unitName(right) } });
        }
        return left;
      }
    }
  };
  const dimension = walk(expr);
  return { dimension: unknown.size > 0 ? undefined : dimension, unknown: [...unknown], problems };
}

const NAMED: [string, Dimension][] = [
  ['a pure number', DIMENSIONLESS],
  ['V/m (= N/C)', D(1, 1, -3, -1)],
  ['V', D(1, 2, -3, -1)],
  ['C', D(0, 0, 1, 1)],
  ['A', D(0, 0, 0, 1)],
  ['T', D(1, 0, -2, -1)],
  ['N', D(1, 1, -2, 0)],
  ['J', D(1, 2, -2, 0)],
  ['W', D(1, 2, -3, 0)],
  ['F', D(-1, -2, 4, 2)],
  ['H', D(1, 2, -2, -2)],
  ['Wb', D(1, 2, -2, -1)],
  ['V·m (electric flux)', D(1, 3, -3, -1)],
  ['T·m', D(1, 1, -2, -1)],
  ['m', D(0, 1, 0, 0)],
  ['m²', D(0, 2, 0, 0)],
  ['s', D(0, 0, 1, 0)],
  ['Hz', D(0, 0, -1, 0)],
  ['m/s', D(0, 1, -1, 0)],
  ['1/m', D(0, -1, 0, 0)],
  ['H/m', D(1, 1, -2, -2)],
  ['F/m', D(-1, -3, 4, 2)],
  ['N·m²/C²', D(1, 3, -4, -2)],
  ['A/m', D(0, -1, 0, 1)],
  ['C/m³', D(0, -3, 1, 1)],
];

/** "V/m (= N/C)" for a known combination, otherwise the SI base units: "kg·m³·s⁻⁴·A⁻¹". */
export function unitName(dimension: Dimension): string {
  const named = NAMED.find(([, d]) => same(d, dimension));
  if (named) return named[0];
  const parts = ['kg', 'm', 's', 'A']
    .map((unit, i) => {
      const p = Math.round(dimension[i]! * 100) / 100;
      return p === 0 ? '' : p === 1 ? unit : `${unit}^${p}`;
    })
    .filter(Boolean);
  return parts.join('·');
}

export function sameDimension(a: Dimension, b: Dimension): boolean {
  return same(a, b);
}

export function ratioDimension(a: Dimension, b: Dimension): Dimension {
  return combine(a, b, -1);
}
