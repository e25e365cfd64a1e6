import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldAt,
  fieldUnit,
  fresnelSchema,
  gridPoints,
  isCount,
  type PathSegment,
  pointChargesSchema,
  SOLVER_NAMES,
  solenoidSchema,
  solverExamples,
  solverSchemas,
  UNITS,
  unit,
  unitAt,
  wave1dSchema,
} from './index.js';

interface JsonSchema {
  type?: string | string[];
  'x-unit'?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
}

interface NumericLeaf {
  path: PathSegment[];
  integer: boolean;
  unit: unknown;
}

/** Every number in a request's JSON Schema (as the API reference and the lab's forms see it), with its path. */
function numericLeaves(schema: JsonSchema, path: PathSegment[] = []): NumericLeaf[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const leaves: NumericLeaf[] = [];
  if (types.includes('number') || types.includes('integer')) {
    leaves.push({ path, integer: types.includes('integer'), unit: schema['x-unit'] });
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    leaves.push(...numericLeaves(property, [...path, key]));
  }
  if (schema.items) leaves.push(...numericLeaves(schema.items, [...path, 0]));
  schema.prefixItems?.forEach((item, i) => {
    leaves.push(...numericLeaves(item, [...path, i]));
  });
  for (const option of schema.anyOf ?? []) leaves.push(...numericLeaves(option, path));
  return leaves;
}

/** A real-valued field needs a unit from UNITS; an integer field is a count and may go without. */
function missingUnits(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return numericLeaves(json)
    .filter((leaf) =>
      leaf.unit === undefined ? !leaf.integer : !(UNITS as readonly unknown[]).includes(leaf.unit),
    )
    .map((leaf) => leaf.path.join('.'));
}

describe('units of the request fields', () => {
  it('every real-valued field of every solver declares a unit; integers are counts', () => {
    for (const solver of SOLVER_NAMES) {
      expect(missingUnits(solverSchemas[solver]), solver).toEqual([]);
    }
  });

  it('finds a field without a unit, or with one outside the list', () => {
    const schema = z.strictObject({
      length: z.number().meta(unit('m')),
      turns: z.number().int(),
      width: z.number().optional(),
      angle: z.number().meta({ 'x-unit': 'degrees' }),
      charge: z.number().meta({ unit: 'C' }),
      points: z.array(z.strictObject({ q: z.number() })),
    });
    expect(missingUnits(schema)).toEqual(['width', 'angle', 'charge', 'points.0.q']);
  });

  it('reads the unit through defaults, optionals, arrays and tuples', () => {
    expect(unitAt(pointChargesSchema, ['charges', 3, 'q'])).toBe('C');
    expect(unitAt(pointChargesSchema, ['x_min'])).toBe('m');
    expect(unitAt(solenoidSchema, ['analysis_points', 'axial_range', 1])).toBe('m');
    expect(unitAt(solenoidSchema, ['current'])).toBe('A');
    expect(unitAt(fresnelSchema, ['theta_i'])).toBe('deg');
    expect(unitAt(fresnelSchema, ['n2'])).toBe('1');
    expect(unitAt(wave1dSchema, ['medium', 'sigma'])).toBe('S/m');
    expect(unitAt(wave1dSchema, ['source', 'position'])).toBe('m');
    expect(unitAt(wave1dSchema, ['total_time'])).toBe('s');
    // a count, a choice, and paths that lead nowhere
    expect(unitAt(solenoidSchema, ['n_turns'])).toBeUndefined();
    expect(unitAt(wave1dSchema, ['boundary_condition'])).toBeUndefined();
    expect(unitAt(pointChargesSchema, ['charges', 'q'])).toBeUndefined();
    expect(unitAt(pointChargesSchema, ['nowhere'])).toBeUndefined();
    expect(fieldAt(pointChargesSchema, ['charges', 0, 'q', 'deeper'])).toBeUndefined();
  });

  it('the zod schema and its JSON Schema agree on every unit and every count', () => {
    for (const solver of SOLVER_NAMES) {
      const schema = solverSchemas[solver];
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      for (const leaf of numericLeaves(json)) {
        const field = fieldAt(schema, leaf.path);
        expect(fieldUnit(field), `${solver} ${leaf.path.join('.')}`).toBe(leaf.unit);
        expect(isCount(field), `${solver} ${leaf.path.join('.')}`).toBe(leaf.integer);
      }
    }
    expect(isCount(fieldAt(fresnelSchema, ['polarization']))).toBe(false);
  });
});

describe('example requests', () => {
  it('every solver has one, and it is valid as it stands', () => {
    expect(Object.keys(solverExamples).sort()).toEqual([...SOLVER_NAMES].sort());
    for (const solver of SOLVER_NAMES) {
      const parsed = solverSchemas[solver].safeParse(solverExamples[solver]);
      expect(parsed.error?.issues, solver).toBeUndefined();
      expect(gridPoints(solver, solverExamples[solver])).toBeGreaterThan(0);
    }
  });
});

describe('the schemas entry point', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const src = dirname(here);

  /** Every module the entry reaches, following relative imports; packages are listed by name. */
  function reachable(entry: string): { files: string[]; packages: string[] } {
    const files = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        if (!specifier!.startsWith('.')) packages.add(specifier!);
        else visit(join(dirname(file), specifier!.replace(/\.js$/, '.ts')));
      }
    };
    visit(entry);
    return { files: [...files].map((f) => relative(src, f)).sort(), packages: [...packages].sort() };
  }

  it('reaches no solver and no numerics: only the schemas, constants and validation helpers', () => {
    const { files, packages } = reachable(join(here, 'index.ts'));
    expect(packages).toEqual(['@faraday/contracts', 'zod']);
    for (const file of files) {
      expect(file).toMatch(/^(schemas\/(?!.*\.test\.ts$).*\.ts|constants\.ts|errors\.ts|validation\.ts)$/);
    }
    expect(files).toContain('schemas/wave-1d.ts');
  });
});
