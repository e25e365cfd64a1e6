import { describe, expect, it } from 'vitest';
import { MAX_GRID_POINTS } from './constants.js';
import { PhysicsError } from './errors.js';
import { solvers } from './registry.js';
import { isSolverName, SOLVER_NAMES, withinGridLimit } from './schemas/index.js';
import { isGrid2D, toWire } from './wire.js';

/** The smallest valid request for each solver. */
const minimal: Record<(typeof SOLVER_NAMES)[number], unknown> = {
  laplace2d: { nx: 20, ny: 10, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 },
  point_charges: { charges: [{ x: 0, y: 0, q: 1e-9 }], grid_size: 20 },
  gauss_flux: { charges: [{ x: 0, y: 0, q: 1e-9 }] },
  wire_field: { wires: [{ x: 0, y: 0, current: 1 }], grid_size: 20 },
  solenoid: {},
  ampere_loop: { current_sources: [{ x: 0, y: 0, current: 1 }] },
  wave_1d: { nx: 50 },
  fresnel: {},
};

/** A wrong field per solver and the path the error must name. */
const bad: Record<(typeof SOLVER_NAMES)[number], [unknown, string]> = {
  laplace2d: [{ nx: 20, ny: 10, v_top: 1, v_bottom: 0, v_left: 0 }, 'v_right'],
  point_charges: [{ charges: [{ x: 0, y: 0, q: 1e-9 }], grid_size: 2 }, 'grid_size'],
  gauss_flux: [{ charges: [{ x: 0, y: 0, q: 1e-9 }], surface: { radius: -1 } }, 'surface.radius'],
  wire_field: [{ wires: [{ x: 0, y: 0, current: 1, direction: 'x' }] }, 'wires[0].direction'],
  solenoid: [{ analysis_points: { axial_range: [1, 0] } }, 'analysis_points.axial_range'],
  ampere_loop: [{ current_sources: [{ x: 0, y: 'a', current: 1 }] }, 'current_sources[0].y'],
  wave_1d: [{ medium: { sigma: -1 } }, 'medium.sigma'],
  fresnel: [{ theta_i: 91 }, 'theta_i'],
};

describe('solver registry', () => {
  it('lists the eight solvers of the API contract', () => {
    expect(Object.keys(solvers).sort()).toEqual([...SOLVER_NAMES].sort());
    expect(isSolverName('fresnel')).toBe(true);
    expect(isSolverName('toString')).toBe(false);
  });

  for (const name of SOLVER_NAMES) {
    describe(name, () => {
      const entry = solvers[name];

      it('runs the minimal request and returns JSON without typed arrays or non-finite numbers', () => {
        const out = entry.solve(minimal[name]) as { metadata: { computation_time: number } };
        expect(out.metadata.computation_time).toBeGreaterThan(0);
        const json = JSON.stringify(toWire(out));
        // toWire throws on non-finite numbers; null appears only in fields documented as nullable.
        expect(json).not.toMatch(/NaN|Infinity/);
        if (name !== 'fresnel') expect(json).not.toMatch(/null/);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(toWire(out))));
      });

      it('rejects a bad field and an unknown field, naming both paths', () => {
        const [input, path] = bad[name];
        const withExtra = { ...(input as object), unexpected_field: true };
        try {
          entry.solve(withExtra);
          expect.unreachable();
        } catch (error) {
          expect(error).toBeInstanceOf(PhysicsError);
          const e = error as PhysicsError;
          expect(e.code).toBe('INVALID_PARAMETERS');
          const paths = e.issues?.map((i) => i.path) ?? [];
          expect(paths).toContain(path);
          expect(paths).toContain('unexpected_field');
          expect(e.details).toContain(path);
        }
      });

      it('counts grid points for the 100,000 limit', () => {
        const points = entry.gridPoints(minimal[name]);
        expect(Number.isInteger(points)).toBe(true);
        expect(points).toBeGreaterThan(0);
        expect(points).toBeLessThanOrEqual(MAX_GRID_POINTS);
      });
    });
  }

  it('counts the grid points the way each solver documents', () => {
    expect(
      solvers.laplace2d.gridPoints({ nx: 316, ny: 316, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 }),
    ).toBe(99_856);
    expect(
      withinGridLimit('laplace2d', { nx: 317, ny: 317, v_top: 1, v_bottom: 0, v_left: 0, v_right: 0 }),
    ).toBe(false);
    expect(solvers.point_charges.gridPoints({ charges: [{ x: 0, y: 0, q: 1 }], grid_size: 317 })).toBe(
      317 * 317,
    );
    expect(
      solvers.gauss_flux.gridPoints({
        charges: [
          { x: 0, y: 0, q: 1 },
          { x: 2, y: 0, q: 1 },
        ],
        grid_resolution: 50,
      }),
    ).toBe(100);
    expect(solvers.solenoid.gridPoints({ analysis_points: { n_points: 500 } })).toBe(1000);
    expect(
      solvers.ampere_loop.gridPoints({ current_sources: [{ x: 0, y: 0, current: 1 }], n_points: 777 }),
    ).toBe(777);
    expect(solvers.fresnel.gridPoints({ angle_range: { points: 1234 } })).toBe(1234);
  });
});

describe('toWire', () => {
  it('turns Grid2D into ny rows of nx numbers and typed arrays into plain arrays', () => {
    const grid = { nx: 3, ny: 2, data: Float64Array.from([1, 2, 3, 4, 5, 6]) };
    expect(isGrid2D(grid)).toBe(true);
    const wire = toWire({
      potential: grid,
      line: { x: Float64Array.from([0.5]) },
      list: [grid],
      label: 'a',
      flag: null,
    });
    expect(wire).toEqual({
      potential: [
        [1, 2, 3],
        [4, 5, 6],
      ],
      line: { x: [0.5] },
      list: [
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
      ],
      label: 'a',
      flag: null,
    });
  });

  it('refuses non-finite numbers with COMPUTATION_FAILED and the path', () => {
    const grid = { nx: 2, ny: 1, data: Float64Array.from([1, Number.NaN]) };
    expect(() => toWire({ field: { Ex: grid } })).toThrow(PhysicsError);
    try {
      toWire({ a: [1, Number.POSITIVE_INFINITY] });
    } catch (error) {
      expect((error as PhysicsError).code).toBe('COMPUTATION_FAILED');
      expect((error as PhysicsError).details).toContain('output.a[1]');
    }
  });
});
