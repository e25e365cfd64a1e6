import type { SolverName } from '@faraday/physics/schemas';

/**
 * Worked examples for the fields a schema requires without a default (a box's four potentials,
 * a dipole's charges). Only values, never bounds: the schemas decide what is allowed, and a test
 * checks each example passes its schema.
 */
export const startingValues: Partial<Record<SolverName, Record<string, unknown>>> = {
  laplace2d: { nx: 100, ny: 100, v_top: 100, v_bottom: 0, v_left: 0, v_right: 0 },
  point_charges: {
    charges: [
      { x: -0.4, y: 0, q: 1e-9 },
      { x: 0.4, y: 0, q: -1e-9 },
    ],
  },
  gauss_flux: {
    charges: [
      { x: 0.2, y: 0.1, q: 1e-9 },
      { x: 1.5, y: 0, q: -2e-9 },
    ],
  },
  wire_field: {
    wires: [
      { x: -0.4, y: 0, current: 10 },
      { x: 0.4, y: 0, current: -10 },
    ],
  },
  ampere_loop: {
    current_sources: [
      { x: 0.2, y: 0, current: 5 },
      { x: 1.6, y: 0.3, current: 3 },
    ],
  },
};
