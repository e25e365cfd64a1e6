import { simulationTypes } from '@faraday/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { solvers } from '../registry.js';
import { solverExamples } from './examples.js';
import { type SolverName, solverResultSchemas } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema documents are walked field by field
type Json = Record<string, any>;

/** The object schema under optional/nullable wrappers (anyOf with null). */
function objectSchema(schema: Json): Json | undefined {
  if (schema.properties) return schema;
  for (const option of (schema.anyOf ?? []) as Json[]) {
    const found = objectSchema(option);
    if (found) return found;
  }
  return undefined;
}

/**
 * Paths of the fields of an output its documented schema does not declare: every key of every
 * object, down through nested objects and the first element of arrays of objects.
 */
function undeclared(value: unknown, schema: Json, path: string): string[] {
  if (Array.isArray(value)) {
    const first = value[0];
    return first && typeof first === 'object' && schema.items
      ? undeclared(first, schema.items, `${path}[]`)
      : [];
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return [];
  // A Grid2D {nx, ny, data} goes on the wire as rows of numbers, as documented.
  if (ArrayBuffer.isView((value as Json).data) && schema.type === 'array') return [];
  const object = objectSchema(schema);
  if (!object) return [`${path} (not documented as an object)`];
  return Object.entries(value).flatMap(([key, field]) => {
    const declared = object.properties[key] as Json | undefined;
    return declared ? undeclared(field, declared, `${path}.${key}`) : [`${path}.${key}`];
  });
}

/** Requests that reach every optional field: the examples and the variants that add one. */
const requests: Array<[SolverName, string, Record<string, unknown>]> = [
  ...simulationTypes.map(
    (solver) => [solver, 'example', solverExamples[solver]] as [SolverName, string, Record<string, unknown>],
  ),
  ['solenoid', 'the sheet asked for', { ...solverExamples.solenoid, model: 'sheet' }],
  // Beyond the loops' work limit: the sheet with its note.
  ['solenoid', 'thousands of turns', { ...solverExamples.solenoid, n_turns: 50_000, length: 50 }],
  [
    'wave_1d',
    'a carrier of 7 cells per wavelength',
    { ...solverExamples.wave_1d, source: { ...solverExamples.wave_1d.source, frequency: 3e8 / (7 * 0.005) } },
  ],
  ['wave_1d', 'reflecting walls', { ...solverExamples.wave_1d, boundary_condition: 'reflecting' }],
  ['fresnel', 'no interface', { ...solverExamples.fresnel, n2: 1 }],
];

describe("each solver's documented answer (solverResultSchemas)", () => {
  it.each(requests)('%s, %s: every field of the output is declared', (solver, _case, request) => {
    const output = solvers[solver].solve(request);
    const documented = z.toJSONSchema(solverResultSchemas[solver], { io: 'output' }) as Json;
    expect(undeclared(output, documented, solver)).toEqual([]);
  });

  it('the variants reach the optional fields they are here for', () => {
    const metadataOf = (i: number) => {
      const [solver, , request] = requests[simulationTypes.length + i] ?? [];
      return (solvers[solver as SolverName].solve(request) as { metadata: Json }).metadata;
    };
    expect(metadataOf(1)).toHaveProperty('model_note');
    expect(metadataOf(2).warnings).toHaveLength(1);
    expect(metadataOf(4)).toHaveProperty('brewster_note');
  });

  it('finds a field that is not declared', () => {
    const documented = z.toJSONSchema(solverResultSchemas.gauss_flux, { io: 'output' }) as Json;
    const output = solvers.gauss_flux.solve(solverExamples.gauss_flux);
    const extra = { ...output, surplus: 1, metadata: { ...output.metadata, hidden: 2 } };
    expect(undeclared(extra, documented, 'gauss_flux').sort()).toEqual([
      'gauss_flux.metadata.hidden',
      'gauss_flux.surplus',
    ]);
  });
});
