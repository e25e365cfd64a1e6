import { unit } from 'mathjs';
import { z } from 'zod';
import { KNOWLEDGE_DIR, readDataFile } from '../knowledge/data-file.js';
import type { Lang } from '../lang.js';
import type { Expr } from './expression.js';

/** SI dimensions as exponents of [kg, m, s, A]. */
export type Dimension = readonly [number, number, number, number];

const D = (kg: number, m: number, s: number, a: number): Dimension => [kg, m, s, a];
export const DIMENSIONLESS = D(0, 0, 0, 0);

const unitText = z.string().min(1);
const { symbols, topics, named } = readDataFile(
  z.object({
    symbols: z.record(z.string(), unitText),
    topics: z.record(z.string(), z.record(z.string(), unitText)),
    named: z.array(z.object({ unit: unitText, en: z.string(), zh: z.string().optional() })),
  }),
  KNOWLEDGE_DIR,
  'symbols.json',
);

/** An SI unit's dimensions as mathjs reads them ("V/m" → kg·m·s⁻³·A⁻¹); "1" is a pure number. */
function dimensionOfUnit(text: string): Dimension {
  if (text === '1') return DIMENSIONLESS;
  const [kg, m, s, a, ...rest] = unit(text).dimensions;
  if (rest.some((x) => x !== 0)) throw new Error(`symbols.json: ${text} is not made of kg, m, s and A`);
  return D(kg!, m!, s!, a!);
}

const SYMBOLS = new Map(Object.entries(symbols).map(([name, u]) => [name, dimensionOfUnit(u)]));
const BY_TOPIC = new Map(
  Object.entries(topics).map(([topic, entries]) => [
    topic,
    new Map(Object.entries(entries).map(([name, u]) => [name, dimensionOfUnit(u)])),
  ]),
);

/** What a symbol of a student's formula usually means in the course (symbols.json), in the topic's sense. */
export function dimensionOfSymbol(name: string, topic: string): Dimension | undefined {
  return BY_TOPIC.get(topic)?.get(name) ?? SYMBOLS.get(name);
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

const NAMED = named.map((entry) => ({ ...entry, dimension: dimensionOfUnit(entry.unit) }));

/** "V/m (= N/C)" for a known combination, otherwise the SI base units: "kg·m³·s⁻⁴·A⁻¹". */
export function unitName(dimension: Dimension, lang: Lang = 'en'): string {
  const found = NAMED.find((n) => same(n.dimension, dimension));
  if (found) return (lang === 'zh' ? found.zh : undefined) ?? found.en;
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
