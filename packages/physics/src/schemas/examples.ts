/**
 * A typical, valid request per solver: the example the API reference shows for each solver
 * operation, and the working request the tests, fixtures and benchmarks start from (they change
 * a field or two on top of it rather than writing their own).
 */

import type { z } from 'zod';
import type { SolverName, SolverSchemas } from './index.js';

export const solverExamples = {
  laplace2d: {
    nx: 60,
    ny: 40,
    v_top: 100,
    v_bottom: 0,
    v_left: 0,
    v_right: 0,
    max_iterations: 5000,
    tolerance: 1e-6,
    visualization: { show_contour: true, show_field: true, colormap: 'viridis' },
  },
  point_charges: {
    charges: [
      { x: -0.5, y: 0, q: 1e-9 },
      { x: 0.5, y: 0, q: -1e-9 },
    ],
    x_min: -2,
    x_max: 2,
    y_min: -2,
    y_max: 2,
    grid_size: 60,
    show_potential: true,
    show_field_lines: true,
    show_equipotentials: true,
  },
  gauss_flux: {
    charges: [
      { x: 0.2, y: 0, q: 2e-9 },
      { x: 3, y: 0, q: 5e-9 },
    ],
    surface: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
    grid_resolution: 64,
  },
  wire_field: {
    wires: [
      { type: 'infinite_straight', x: -0.5, y: 0, current: 10, direction: 'z' },
      { type: 'infinite_straight', x: 0.5, y: 0, current: -10, direction: 'z' },
    ],
    x_min: -2,
    x_max: 2,
    y_min: -2,
    y_max: 2,
    grid_size: 60,
    show_field_lines: true,
  },
  solenoid: {
    n_turns: 100,
    length: 0.2,
    radius: 0.02,
    current: 1,
    analysis_points: { axial_range: [-0.2, 0.2], radial_range: [0, 0.04], n_points: 101 },
  },
  ampere_loop: {
    current_sources: [
      { type: 'wire', x: 0, y: 0, current: 5 },
      { type: 'wire', x: 2, y: 0, current: 3 },
    ],
    loop: { type: 'circle', center_x: 0, center_y: 0, radius: 0.5 },
    n_points: 360,
  },
  wave_1d: {
    length: 1,
    total_time: 5e-9,
    nx: 201,
    source: { type: 'gaussian', position: 0.5, amplitude: 1, width: 0.05, frequency: 0 },
    boundary_condition: 'absorbing',
    medium: { epsilon_r: 1, mu_r: 1, sigma: 0 },
    output_type: 'png_base64',
  },
  fresnel: {
    n1: 1,
    n2: 1.5,
    theta_i: 45,
    polarization: 's',
    angle_range: { min: 0, max: 90, points: 91 },
  },
} satisfies { [N in SolverName]: z.input<SolverSchemas[N]> };
