import { SOLVER_NAMES, type SolverName, solverSchemas } from '@faraday/physics/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getAt, setAt } from './api-paths';
import {
  draftFromParameters,
  type Field,
  initialDraft,
  type NumberField,
  numberPaths,
  solverFields,
  toBody,
  validateBody,
} from './schema-form';

function find(fields: Field[], path: string): Field | undefined {
  for (const field of fields) {
    if (field.path === path) return field;
    if (field.kind === 'group') {
      const inner = find(field.fields, path);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The zod number schema at a key of a solver's top-level object, to read its own bounds. */
function zodNumber(solver: SolverName, key: string) {
  const shape = (solverSchemas[solver] as z.ZodObject).shape as Record<string, z.ZodType>;
  let inner = shape[key] as z.ZodType & { unwrap?: () => z.ZodType };
  while (inner.unwrap && !('minValue' in inner)) inner = inner.unwrap();
  return inner as unknown as z.ZodNumber;
}

describe('solver forms from the solvers’ schemas', () => {
  it('starts every solver with a request its own schema accepts', () => {
    for (const solver of SOLVER_NAMES) {
      const body = toBody(solverFields(solver), initialDraft(solver));
      const parsed = solverSchemas[solver].safeParse(body);
      expect(parsed.success, `${solver}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('takes bounds, integers and defaults from the schema itself', () => {
    const nx = find(solverFields('laplace2d'), 'nx') as NumberField;
    const zodNx = zodNumber('laplace2d', 'nx');
    expect(nx).toMatchObject({
      kind: 'number',
      integer: true,
      required: true,
      min: zodNx.minValue,
      max: zodNx.maxValue,
    });
    expect(nx.min).toBe(3);
    const length = find(solverFields('solenoid'), 'length') as NumberField;
    const zodLength = zodNumber('solenoid', 'length');
    expect(length).toMatchObject({ min: zodLength.minValue, max: zodLength.maxValue, unit: 'm' });
    // An inclusive lower bound (the shared length schema's smallest length) is not an exclusive one.
    expect(length.min).toBeGreaterThan(0);
    expect(length.minExclusive).toBeUndefined();
    expect(length.default).toBe(0.2);
    const radius = find(solverFields('gauss_flux'), 'surface.radius') as NumberField;
    const surface = (solverSchemas.gauss_flux as z.ZodObject).shape.surface as z.ZodType;
    const radiusJson = z.toJSONSchema(surface, { io: 'input', unrepresentable: 'any' }) as unknown as {
      properties: { radius: { minimum?: number; exclusiveMinimum?: number } };
    };
    const bound = radiusJson.properties.radius;
    expect(radius).toMatchObject({ min: bound.exclusiveMinimum ?? bound.minimum, unit: 'm', default: 1 });
    expect(radius.minExclusive).toBe(bound.exclusiveMinimum === undefined ? undefined : true);
  });

  it('leaves an optional choice without a default out of the request until one is chosen', () => {
    const fields = solverFields('solenoid');
    const model = find(fields, 'model');
    expect(model).toMatchObject({ kind: 'choice', options: ['sheet', 'loops'], required: false });
    expect(model && 'default' in model).toBe(false);
    const draft = initialDraft('solenoid');
    expect(draft.model).toBe('');
    expect('model' in toBody(fields, draft)).toBe(false);
    const chosen = toBody(fields, setAt(draft, 'model', 'loops'));
    expect(chosen.model).toBe('loops');
    expect(solverSchemas.solenoid.safeParse(chosen).success).toBe(true);
    // A stored run that named its model gets it back in the form.
    expect(draftFromParameters('solenoid', { model: 'sheet' }).model).toBe('sheet');
  });

  it('labels fields with the unit their schema declares and none where there is none', () => {
    const unitAt = (solver: SolverName, path: string, column?: string) => {
      let field = find(solverFields(solver), path);
      if (column !== undefined) field = field?.kind === 'table' ? find(field.columns, column) : undefined;
      return field?.kind === 'number' || field?.kind === 'pair' ? field.unit : undefined;
    };
    expect(unitAt('point_charges', 'charges', 'q')).toBe('C');
    expect(unitAt('wave_1d', 'medium.sigma')).toBe('S/m');
    expect(unitAt('wave_1d', 'source.frequency')).toBe('Hz');
    expect(unitAt('fresnel', 'theta_i')).toBe('°');
    expect(unitAt('solenoid', 'analysis_points.axial_range')).toBe('m');
    expect(unitAt('laplace2d', 'nx')).toBeUndefined();
    expect(unitAt('wave_1d', 'medium.epsilon_r')).toBeUndefined();
    expect(unitAt('ampere_loop', 'n_points')).toBeUndefined();
  });

  it('shows charges and wires as tables with the schema’s row limits', () => {
    const charges = find(solverFields('point_charges'), 'charges');
    expect(charges).toMatchObject({ kind: 'table', minItems: 1, maxItems: 100 });
    const wires = find(solverFields('wire_field'), 'wires');
    expect(wires?.kind === 'table' && wires.columns.map((c) => c.key)).toEqual([
      'x',
      'y',
      'current',
      'direction',
    ]);
  });

  it('parses scientific notation, leaves out empty optional fields and keeps bad text for the schema to name', () => {
    const fields = solverFields('wave_1d');
    const draft = setAt(setAt(initialDraft('wave_1d'), 'total_time', '2e-9'), 'nt', '');
    const body = toBody(fields, draft);
    expect(body.total_time).toBe(2e-9);
    expect('nt' in body).toBe(false);
    expect(validateBody('wave_1d', toBody(fields, setAt(draft, 'nx', 'ten')))).toEqual({
      nx: { kind: 'number' },
    });
    expect(toBody(fields, setAt(draft, 'nx', '0x10')).nx).toBe('0x10');
  });

  it('names each bad field by its API path with the bound it broke', () => {
    const fields = solverFields('point_charges');
    let draft = initialDraft('point_charges');
    draft = setAt(draft, 'charges[1].q', '5000');
    draft = setAt(draft, 'grid_size', '2.5');
    const issues = validateBody('point_charges', toBody(fields, draft));
    expect(issues['charges[1].q']).toEqual({ kind: 'tooBig', max: 1000, inclusive: true });
    expect(issues.grid_size).toEqual({ kind: 'integer' });
    const laplace = validateBody(
      'laplace2d',
      toBody(solverFields('laplace2d'), setAt(initialDraft('laplace2d'), 'nx', '2')),
    );
    expect(laplace).toEqual({ nx: { kind: 'tooSmall', min: 3, inclusive: true } });
    const required = validateBody(
      'laplace2d',
      toBody(solverFields('laplace2d'), setAt(initialDraft('laplace2d'), 'v_top', '')),
    );
    expect(required).toEqual({ v_top: { kind: 'required' } });
  });

  it('offers every number of the form as a sweep path, figure options aside', () => {
    const paths = numberPaths(solverFields('gauss_flux'), initialDraft('gauss_flux')).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(['charges[0].q', 'charges[1].x', 'surface.radius', 'grid_resolution']),
    );
    expect(paths.some((p) => p.startsWith('visualization'))).toBe(false);
  });

  it('puts a stored run’s parameters back into the form', () => {
    const parameters = {
      nx: 64,
      ny: 32,
      v_top: 5,
      v_bottom: -5,
      v_left: 0,
      v_right: 1e-3,
      output_type: 'svg',
    };
    const draft = draftFromParameters('laplace2d', parameters);
    expect(draft).toMatchObject({ nx: '64', ny: '32', v_top: '5', v_right: '0.001', max_iterations: '100' });
    const { output_type: _ignored, ...asked } = parameters;
    expect(toBody(solverFields('laplace2d'), draft)).toMatchObject(asked);
  });

  it('reads and writes values at API paths without touching the original', () => {
    const body = { charges: [{ x: 1 }, { x: 2 }], surface: { radius: 1 } };
    const next = setAt(body, 'charges[1].x', 5);
    expect(getAt(next, 'charges[1].x')).toBe(5);
    expect(getAt(body, 'charges[1].x')).toBe(2);
    expect(getAt(setAt(body, 'surface.radius', 3), 'surface.radius')).toBe(3);
  });
});
