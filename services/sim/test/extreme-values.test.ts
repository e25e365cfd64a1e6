/**
 * Every value a solver's schema accepts is computed finitely and quickly.
 * The cases come from the schemas themselves (their JSON Schema): every numeric field, inside
 * arrays and tuples too, gets 5e-324, 1e-300, 1e300, their negatives and the schema's own bounds,
 * one field at a time on top of a small valid request, sent through the service's HTTP API.
 * The answer must be a success, a 400 naming that field, or a 422 limit answer (grid or
 * convergence), and never a 5xx: a value that made a solver hang would run into the service's
 * time limit (SIM_TIMEOUT_SEC below) and answer 504, which fails the case.
 */
import { simulationTypes } from '@faraday/contracts';
import { solvers } from '@faraday/physics';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { poolStatus, postSim, useSimServer } from './support.js';

const server = useSimServer({ SIM_TIMEOUT_SEC: '30' });

/** Computations the pool has finished, however they ended. */
const computations = (s: Awaited<ReturnType<typeof poolStatus>>) =>
  s.completed + s.failed + s.timed_out + s.crashed;

/**
 * Small valid requests with every numeric field present (so each can be replaced) and ranges
 * starting at 0, so an extreme upper bound also makes the range itself extreme (width 5e-324).
 */
const bases: Record<(typeof simulationTypes)[number], Record<string, unknown>> = {
  laplace2d: {
    nx: 20,
    ny: 12,
    v_top: 100,
    v_bottom: 0,
    v_left: 0,
    v_right: 0,
    max_iterations: 50,
    tolerance: 1e-6,
  },
  point_charges: {
    charges: [{ x: 0.5, y: 0.5, q: 1e-9 }],
    x_min: 0,
    x_max: 1,
    y_min: 0,
    y_max: 1,
    grid_size: 21,
  },
  gauss_flux: {
    charges: [
      { x: 0, y: 0, q: 2e-9 },
      { x: 0.2, y: 0, q: -1e-9 },
    ],
    surface: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
    grid_resolution: 16,
  },
  wire_field: {
    wires: [{ type: 'infinite_straight', x: 0.5, y: 0.5, current: 10, direction: 'z' }],
    x_min: 0,
    x_max: 1,
    y_min: 0,
    y_max: 1,
    grid_size: 21,
  },
  solenoid: {
    n_turns: 10,
    length: 0.2,
    radius: 0.02,
    current: 1,
    analysis_points: { axial_range: [0, 0.2], radial_range: [0, 0.04], n_points: 21 },
  },
  ampere_loop: {
    current_sources: [
      { type: 'wire', x: 0, y: 0, current: 5 },
      { type: 'wire', x: 0.3, y: 0, current: -2 },
    ],
    loop: { type: 'circle', center_x: 0, center_y: 0, radius: 0.5 },
    n_points: 36,
  },
  wave_1d: {
    length: 1,
    total_time: 3e-9,
    nx: 101,
    nt: 150,
    source: { type: 'gaussian', position: 0.5, amplitude: 1, width: 0.05, frequency: 0 },
    medium: { epsilon_r: 1, mu_r: 1, sigma: 0 },
    output_type: 'png_base64',
  },
  fresnel: { n1: 1, n2: 1.5, theta_i: 45, angle_range: { min: 0, max: 90, points: 31 } },
};

type Path = Array<string | number>;
interface NumericLeaf {
  path: Path;
  values: number[];
  /** False for a value outside the field's own bounds: the 400 must then name this field. */
  accepts: (value: number) => boolean;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const EXTREMES = [5e-324, 1e-300, 1e300];

/** Every numeric leaf of a JSON Schema with the values to try there (array items at index 0). */
function numericLeaves(schema: JsonSchema, path: Path = []): NumericLeaf[] {
  if (schema.anyOf) return schema.anyOf.flatMap((s) => numericLeaves(s, path));
  if (schema.type === 'number' || schema.type === 'integer') {
    const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum];
    const values = [...EXTREMES, ...EXTREMES.map((v) => -v), ...bounds.filter((v) => v !== undefined)];
    const accepts = (v: number) =>
      (schema.type !== 'integer' || Number.isInteger(v)) &&
      (schema.minimum === undefined || v >= schema.minimum) &&
      (schema.maximum === undefined || v <= schema.maximum) &&
      (schema.exclusiveMinimum === undefined || v > schema.exclusiveMinimum) &&
      (schema.exclusiveMaximum === undefined || v < schema.exclusiveMaximum);
    return [{ path, values: [...new Set(values)], accepts }];
  }
  const leaves: NumericLeaf[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    leaves.push(...numericLeaves(child, [...path, key]));
  for (const [i, child] of (schema.prefixItems ?? []).entries())
    leaves.push(...numericLeaves(child, [...path, i]));
  if (schema.items && !schema.prefixItems) leaves.push(...numericLeaves(schema.items, [...path, 0]));
  return leaves;
}

/** A copy of `base` with the value at `path` replaced; undefined when the base lacks the container. */
function withValue(
  base: Record<string, unknown>,
  path: Path,
  value: number,
): Record<string, unknown> | undefined {
  const copy = structuredClone(base);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return undefined;
    node = next as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

const show = (path: Path) =>
  path
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .slice(1);

describe('every solver with the extreme values its schema accepts', () => {
  for (const solver of simulationTypes) {
    const json = z.toJSONSchema(solvers[solver].schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    const leaves = numericLeaves(json).filter((leaf) => leaf.path[0] !== 'visualization');

    it(`${solver}: the schema has numeric fields and the base request holds each of them`, async () => {
      expect(leaves.length).toBeGreaterThan(0);
      for (const leaf of leaves)
        expect(withValue(bases[solver], leaf.path, 0), show(leaf.path)).toBeDefined();
      const res = await postSim(server, solver, bases[solver]);
      expect(res.status).toBe(200);
    });

    it(`${solver}: answers 2xx, 400 naming the field, or a 422 limit, never its time limit, for each extreme value`, async () => {
      const failures: string[] = [];
      for (const leaf of leaves) {
        for (const value of leaf.values) {
          const body = withValue(bases[solver], leaf.path, value);
          if (!body) continue;
          const res = await postSim(server, solver, body);
          const field = show(leaf.path);
          const what = `${field} = ${value}: ${res.status} ${res.body?.error?.code ?? ''} ${res.body?.error?.message ?? ''}`;
          // A value the field itself refuses is named; one it accepts may still make the request
          // inconsistent (a source outside a shorter domain), and the 400 names the field that is.
          const named = `${res.body?.error?.details ?? ''}`.includes(leaf.accepts(value) ? ':' : `${field}:`);
          const ok =
            res.status === 200 ||
            (res.status === 400 && res.body.error.code === 'INVALID_PARAMETERS' && named) ||
            (res.status === 422 &&
              ['MEMORY_LIMIT_EXCEEDED', 'CONVERGENCE_ERROR'].includes(res.body.error.code));
          if (!ok) failures.push(what);
          if (res.status === 200) {
            expect(res.body.success, what).toBe(true);
            expect(res.body.data.png_base64.length, what).toBeGreaterThan(100);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});

describe('the requests a hostile-input audit sent', () => {
  for (const [solver, body, field] of [
    ['gauss_flux', { charges: [{ x: 0, y: 0, q: 1e-9 }], surface: { radius: 1e-150 } }, 'surface.radius'],
    [
      'ampere_loop',
      { current_sources: [{ x: 0, y: 0, current: 1 }], loop: { radius: 1e-200 } },
      'loop.radius',
    ],
    ['solenoid', { radius: 1e-300 }, 'radius'],
  ] as const) {
    it(`${solver} with ${field} = ${JSON.stringify(body).match(/1e-\d+/)?.[0]} answers 400 naming ${field}, at once`, async () => {
      const before = await poolStatus(server);
      const res = await postSim(server, solver, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_PARAMETERS');
      expect(res.body.error.details).toContain(`${field}:`);
      expect(res.body.error.details).toContain('1e-12');
      // At once: refused before any computation, so the pool counted none.
      expect(computations(await poolStatus(server))).toBe(computations(before));
    });
  }

  it('fresnel with n1 = n2 reports no Brewster angle, with a note', async () => {
    const res = await postSim(server, 'fresnel', { n1: 1.33, n2: 1.33 });
    expect(res.status).toBe(200);
    expect(res.body.data.brewster_angle).toBeNull();
    expect(res.body.data.metadata.brewster_note).toMatch(/no interface/);
  });
});
