import { describe, expect, it } from 'vitest';
import { hoverFor, plotAreaOf } from './hover';

describe('the value under the cursor', () => {
  it('reads laplace2d’s potential with row 0 at the top edge', () => {
    // 3 × 2 grid: top row 10, 11, 12; bottom row 0, 1, 2; the box is 2 m wide and 1 m high.
    const hover = hoverFor('laplace2d', {
      potential: [
        [10, 11, 12],
        [0, 1, 2],
      ],
      electric_field: {
        Ex: [
          [3, 0, 0],
          [0, 0, 0],
        ],
        Ey: [
          [4, 0, 0],
          [0, 0, 0],
        ],
      },
      domain: { x_min: 0, x_max: 2, y_min: 0, y_max: 1 },
    });
    expect(hover?.(0, 0)).toEqual({
      x: 0,
      y: 1,
      values: [
        { id: 'potential', value: 10, unit: 'V' },
        { id: 'field_e', value: 5, unit: 'V/m' },
      ],
    });
    expect(hover?.(1, 1)?.values[0]?.value).toBe(2);
    expect(hover?.(0.49, 0.9)).toMatchObject({ x: 1, y: 0, values: [{ value: 1 }, { value: 0 }] });
    expect(hover?.(1.2, 0.5)).toBeNull();
  });

  it('reads point_charges and wire_field at the returned node coordinates', () => {
    const grid = [
      [1, 2],
      [3, 4],
    ];
    const charges = hoverFor('point_charges', {
      x: [-1, 1],
      y: [1, -1],
      potential: grid,
      electric_field: { magnitude: grid },
    });
    expect(charges?.(0.9, 0.9)).toEqual({
      x: 1,
      y: -1,
      values: [
        { id: 'potential', value: 4, unit: 'V' },
        { id: 'field_e', value: 4, unit: 'V/m' },
      ],
    });
    const wires = hoverFor('wire_field', { x: [0, 1], y: [5, 4], magnetic_field: { magnitude: grid } });
    expect(wires?.(0, 1)).toEqual({ x: 0, y: 4, values: [{ id: 'field_b', value: 3, unit: 'T' }] });
    expect(hoverFor('solenoid', { x: [0, 1], y: [0, 1] })).toBeNull();
  });

  it('finds the axes of a figure in its SVG', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><defs>' +
      '<clipPath id="clip0"><rect x="55.39" y="76.87" width="655.36" height="433.2"/></clipPath></defs></svg>';
    expect(plotAreaOf(svg)).toEqual({ width: 800, height: 600, x: 55.39, y: 76.87, w: 655.36, h: 433.2 });
    expect(plotAreaOf('<svg width="1" height="1"></svg>')).toBeNull();
    expect(plotAreaOf(undefined)).toBeNull();
  });
});
