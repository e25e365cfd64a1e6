import { linearValues } from '@faraday/contracts';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { pathLabel } from './field-text';
import { solverFields } from './schema-form';
import { type Axis, axisErrors, gridLimitBreach, wholeNumberSteps } from './sweep-form';

const t = i18n.getFixedT('en');
const charges = { charges: [{ x: 0, y: 0, q: 1e-9 }], grid_size: 100 };
const axis = (path: string, start: number, end: number, steps: number): Axis => ({
  path,
  start: String(start),
  end: String(end),
  steps: String(steps),
});

describe('the sweep builder refuses what the solver would refuse, before anything is sent', () => {
  it('finds a whole-number parameter stepped between whole numbers, and names step counts that fit', () => {
    // 400…1000 in 30 steps reaches 420.689… on its second run: the solver wants an integer.
    expect(linearValues({ start: 400, end: 1000, steps: 30 })[1]).not.toSatisfy(Number.isInteger);
    const [errors] = axisErrors(t, 'point_charges', charges, [axis('grid_size', 400, 1000, 30)]);
    expect(errors?.start).toBeUndefined();
    expect(errors?.end).toBeUndefined();
    expect(errors?.values).toContain('420.7');
    expect(errors?.values).toContain('26, 31');
    for (const steps of wholeNumberSteps(400, 1000, 30)) {
      expect(linearValues({ start: 400, end: 1000, steps }).every(Number.isInteger)).toBe(true);
    }
    const [fits] = axisErrors(t, 'point_charges', charges, [axis('grid_size', 400, 1000, 31)]);
    expect(fits?.values).toBeUndefined();
  });

  it('leaves real-valued parameters free to take any step', () => {
    const [errors] = axisErrors(t, 'point_charges', charges, [axis('charges[0].q', 1e-9, 3e-9, 7)]);
    expect(errors).toEqual({ start: undefined, end: undefined, steps: undefined, values: undefined });
  });

  it('knows the grid-point limit of every run', () => {
    // grid_size 400 is 160,000 points, past the 100,000 each run may use.
    expect(gridLimitBreach('point_charges', charges, [axis('grid_size', 100, 400, 4)])).toEqual({
      points: 160_000,
      limit: 100_000,
    });
    expect(gridLimitBreach('point_charges', charges, [axis('grid_size', 100, 316, 4)])).toBeUndefined();
    // Two axes: the largest run is a combination of both.
    const box = { nx: 100, ny: 100, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 };
    expect(gridLimitBreach('laplace2d', box, [axis('nx', 100, 400, 4), axis('ny', 100, 300, 3)])).toEqual({
      points: 120_000,
      limit: 100_000,
    });
  });
});

describe('swept parameters as people read them', () => {
  it('names rows, groups and fields in the reader’s language, with the unit the schema declares', () => {
    const charges = solverFields('point_charges');
    expect(pathLabel(t, charges, 'charges[0].x')).toBe('Charges #1 · x (m)');
    expect(pathLabel(t, charges, 'grid_size')).toBe('Grid points per side');
    expect(pathLabel(t, solverFields('gauss_flux'), 'surface.radius')).toBe('Gaussian surface · Radius (m)');
    expect(pathLabel(i18n.getFixedT('zh'), charges, 'charges[1].q')).toBe('电荷 2 · q (C)');
    expect(pathLabel(t, charges, 'no_such.field')).toBe('no_such.field');
  });
});
