import { simulationResultSchema, simulationTypes } from '@faraday/contracts';
import { solverExamples } from '@faraday/physics/schemas';
import { describe, expect, it } from 'vitest';
import { isPng, postSim, useSimServer } from './support.js';

const server = useSimServer();

const isGrid = (value: unknown, rows: number, cols: number) =>
  Array.isArray(value) &&
  value.length === rows &&
  value.every((row) => Array.isArray(row) && row.length === cols && row.every(Number.isFinite));

/** The response fields of each solver, checked on the typical request. */
// biome-ignore lint/suspicious/noExplicitAny: JSON from the wire, checked field by field below
const expectSpecFields: Record<(typeof simulationTypes)[number], (data: any) => void> = {
  laplace2d: (d) => {
    expect(isGrid(d.potential, 40, 60)).toBe(true);
    expect(isGrid(d.electric_field.Ex, 40, 60)).toBe(true);
    expect(isGrid(d.electric_field.Ey, 40, 60)).toBe(true);
    expect(d.metadata.grid_size).toEqual([60, 40]);
    expect(d.metadata.iterations).toBeGreaterThan(0);
    expect(d.metadata.convergence_error).toBeLessThanOrEqual(1e-6);
    // Row 0 is the top edge, held at v_top.
    expect(d.potential[0][30]).toBeCloseTo(100);
  },
  point_charges: (d) => {
    expect(isGrid(d.potential, 60, 60)).toBe(true);
    for (const key of ['Ex', 'Ey', 'magnitude']) expect(isGrid(d.electric_field[key], 60, 60)).toBe(true);
    expect(d.field_lines.length).toBeGreaterThan(0);
    expect(d.field_lines[0]).toHaveProperty('x');
    expect(d.equipotentials[0]).toHaveProperty('level');
    expect(d.metadata.total_charge).toBeCloseTo(0, 15);
    expect(d.metadata.max_field_strength).toBeGreaterThan(0);
    // Node coordinates: x per column from x_min, y per row from y_max (row 0 is the top edge).
    expect(d.x).toHaveLength(60);
    expect([d.x[0], d.x[59], d.y[0], d.y[59]]).toEqual([-2, 2, 2, -2]);
    expect(d.metadata.singular_nodes).toEqual([]);
  },
  gauss_flux: (d) => {
    expect(d.enclosed_charge).toBeCloseTo(2e-9, 15);
    expect(d.electric_flux / d.theoretical_flux).toBeCloseTo(1, 6);
    expect(d.verification_passed).toBe(true);
    expect(d.relative_error).toBeLessThan(1e-4);
    expect(d.surface_points.flux_density).toHaveLength(64);
    expect(d.metadata.epsilon_0).toBeCloseTo(8.8541878128e-12, 20);
  },
  wire_field: (d) => {
    for (const key of ['Bx', 'By', 'Bz', 'magnitude'])
      expect(isGrid(d.magnetic_field[key], 60, 60)).toBe(true);
    expect(d.field_lines.length).toBeGreaterThan(0);
    expect(d.metadata.mu_0).toBeCloseTo(1.25663706212e-6, 15);
    expect(d.metadata.max_field_strength).toBeGreaterThan(0);
    expect([d.x[0], d.x[59], d.y[0], d.y[59]]).toEqual([-2, 2, 2, -2]);
    expect(d.metadata.singular_nodes).toEqual([]);
  },
  solenoid: (d) => {
    expect(d.axial_field.positions).toHaveLength(101);
    expect(d.radial_field.field_strength).toHaveLength(101);
    // Long solenoid: the centre field is close to mu_0 n I.
    expect(d.field_inside / d.theoretical_field).toBeCloseTo(1, 1);
    for (const key of ['field_outside', 'uniformity']) expect(typeof d[key]).toBe('number');
    expect(d.metadata.turns_per_meter).toBeCloseTo(500);
    expect(d.metadata.inductance).toBeGreaterThan(0);
  },
  ampere_loop: (d) => {
    expect(d.enclosed_current).toBe(5);
    expect(d.magnetic_circulation / d.theoretical_circulation).toBeCloseTo(1, 6);
    expect(d.verification_passed).toBe(true);
    expect(d.loop_points.field_tangential).toHaveLength(360);
    expect(d.metadata.mu_0).toBeGreaterThan(0);
  },
  wave_1d: (d) => {
    expect(d.wave_data.x).toHaveLength(201);
    expect(d.wave_data.E).toHaveLength(d.wave_data.t.length);
    expect(d.wave_data.H[0]).toHaveLength(201);
    expect(d.wave_speed).toBeCloseTo(299_792_458, -3);
    for (const key of ['wavelength', 'frequency']) expect(d[key]).toBeGreaterThan(0);
    expect(d.metadata.cfl_number).toBeLessThanOrEqual(1);
    for (const key of ['dx', 'dt']) expect(d.metadata[key]).toBeGreaterThan(0);
    expect(d.animation_frames).toBeUndefined();
  },
  fresnel: (d) => {
    for (const key of [
      'theta_i',
      'theta_t',
      'r_coefficient',
      't_coefficient',
      'reflectance',
      'transmittance',
    ]) {
      expect(typeof d.single_angle[key]).toBe('number');
    }
    expect(d.single_angle.reflectance + d.single_angle.transmittance).toBeCloseTo(1, 10);
    expect(d.angle_sweep.angles).toHaveLength(91);
    expect(d.brewster_angle).toBeCloseTo(56.31, 1);
    expect(d.critical_angle).toBeNull();
    expect(d.metadata).toMatchObject({ polarization: 's', total_internal_reflection: false });
  },
};

describe('POST /v1/sim/<solver> with a typical request', () => {
  for (const solver of simulationTypes) {
    it(`${solver}: answers its documented fields, a PNG and the computation time`, async () => {
      const res = await postSim(server, solver, solverExamples[solver]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.success).toBe(true);
      const data = res.body.data;
      expect(simulationResultSchema.safeParse(data).success).toBe(true);
      expect(isPng(data.png_base64)).toBe(true);
      expect(data.svg).toBeUndefined();
      expect(data.metadata.computation_time).toBeGreaterThanOrEqual(0);
      expect(data.metadata.render_time).toBeGreaterThanOrEqual(0);
      expect(data.metadata.grid_points).toBeGreaterThan(0);
      expectSpecFields[solver](data);
    });
  }
});

describe('output kinds', () => {
  it("adds the SVG figure when output_type is 'svg'", async () => {
    const res = await postSim(server, 'point_charges', {
      ...solverExamples.point_charges,
      output_type: 'svg',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(res.body.data.svg).toContain('</svg>');
    expect(isPng(res.body.data.png_base64)).toBe(true);
  });

  it("answers the PNG and the numbers for output_type 'data'", async () => {
    const res = await postSim(server, 'fresnel', { ...solverExamples.fresnel, output_type: 'data' });
    expect(res.status).toBe(200);
    expect(isPng(res.body.data.png_base64)).toBe(true);
    expect(res.body.data.angle_sweep.reflectance).toHaveLength(91);
  });

  it('draws wave_1d animation frames, each a PNG at a time of the run', async () => {
    const res = await postSim(server, 'wave_1d', { ...solverExamples.wave_1d, output_type: 'animation' });
    expect(res.status).toBe(200);
    const { animation_frames: frames, wave_data: wave } = res.body.data;
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.length).toBeLessThanOrEqual(60);
    expect(frames.every((f: { png_base64: string }) => isPng(f.png_base64))).toBe(true);
    const times = frames.map((f: { time: number }) => f.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(wave.t[0]);
    expect(times.at(-1)).toBe(wave.t.at(-1));
    expect(isPng(res.body.data.png_base64)).toBe(true);
  });

  it('animates wave_1d by default (its own schema decides: animation_frames is one of its answer fields)', async () => {
    const res = await postSim(server, 'wave_1d', { nx: 101 });
    expect(res.status).toBe(200);
    expect(res.body.data.animation_frames.length).toBeGreaterThan(1);
  });

  it('accepts the generic visualization options and plot extras', async () => {
    const plain = await postSim(server, 'laplace2d', {
      ...solverExamples.laplace2d,
      visualization: undefined,
    });
    const styled = await postSim(server, 'laplace2d', {
      ...solverExamples.laplace2d,
      visualization: {
        colormap: 'jet',
        show_contour: false,
        show_field: false,
        show_grid: true,
        title: 'Parallel plates',
        xlabel: 'x (m)',
        ylabel: 'y (m)',
        width: 400,
        height: 300,
      },
    });
    expect(styled.status).toBe(200);
    expect(isPng(styled.body.data.png_base64)).toBe(true);
    // Same numbers, different figure.
    expect(styled.body.data.potential).toEqual(plain.body.data.potential);
    expect(styled.body.data.png_base64).not.toBe(plain.body.data.png_base64);
    // 400×300 at 100 dpi: the PNG header carries the width.
    expect(Buffer.from(styled.body.data.png_base64, 'base64').readUInt32BE(16)).toBe(400);
  });

  it('accepts a laplace2d request with only nx, ny and the four potentials', async () => {
    const res = await postSim(server, 'laplace2d', {
      nx: 30,
      ny: 30,
      v_top: 1,
      v_bottom: 0,
      v_left: 0,
      v_right: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata.grid_size).toEqual([30, 30]);
  });

  it('answers the largest allowed grid (316 × 316 laplace2d)', async () => {
    const res = await postSim(server, 'laplace2d', {
      nx: 316,
      ny: 316,
      v_top: 1,
      v_bottom: 0,
      v_left: 0,
      v_right: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.potential).toHaveLength(316);
    expect(res.body.data.metadata.grid_points).toBe(316 * 316);
  });
});

describe('solver failures', () => {
  it('answers 422 CONVERGENCE_ERROR when laplace2d runs out of iterations', async () => {
    const res = await postSim(server, 'laplace2d', {
      ...solverExamples.laplace2d,
      nx: 200,
      ny: 200,
      max_iterations: 1,
      tolerance: 1e-12,
    });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('CONVERGENCE_ERROR');
    expect(res.body.error.message).toContain('tolerance');
  });
});

describe('exact fields at every node, through HTTP', () => {
  it('point_charges: kq/r² one cell from a charge on a node, that node listed and left out', async () => {
    const res = await postSim(server, 'point_charges', {
      charges: [{ x: 0, y: 0, q: 1e-9 }],
      x_min: -2,
      x_max: 2,
      y_min: -2,
      y_max: 2,
      grid_size: 41,
      show_field_lines: false,
      output_type: 'data',
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.metadata.singular_nodes).toEqual([[20, 20]]);
    expect(d.x[21]).toBeCloseTo(0.1, 15);
    expect(d.y[19]).toBeCloseTo(0.1, 15);
    // 898.76 V/m, not the 643 of the old Plummer softening.
    expect(d.electric_field.magnitude[20][21] / (8.9875517923e9 * 1e-9 * 100) - 1).toBeCloseTo(0, 12);
    expect(d.electric_field.magnitude[20][20]).toBe(0);
  });

  it('wire_field: μ0 I/2πr one cell from a wire on a node, and the OpenAPI says row 0 is y_max', async () => {
    const res = await postSim(server, 'wire_field', {
      wires: [{ x: 0, y: 0, current: 1 }],
      x_min: -0.1,
      x_max: 0.1,
      y_min: -0.1,
      y_max: 0.1,
      grid_size: 41,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata.singular_nodes).toEqual([[20, 20]]);
    // μ0 = 1.25663706212e-6 (CODATA 2018), not 4π·1e-7.
    const exact = 1.25663706212e-6 / (2 * Math.PI * 0.005);
    expect(res.body.data.magnetic_field.magnitude[20][21] / exact - 1).toBeCloseTo(0, 12);
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document, read field by field
    const openapi: any = await (await fetch(`${server.address}/openapi.json`)).json();
    for (const solver of ['point_charges', 'wire_field']) {
      const body = openapi.paths[`/v1/sim/${solver}`].post.requestBody.content['application/json'].schema;
      expect(body.properties.grid_size.description).toMatch(/row 0 is y = y_max/);
      expect(body.properties.grid_size.description).toMatch(/singular_nodes/);
    }
  });
});
