import { solverExamples } from '@faraday/physics/schemas';
import { describe, expect, it } from 'vitest';
import { poolStatus, postSim, useSimServer } from './support.js';

const server = useSimServer();

interface BadCase {
  name: string;
  solver: keyof typeof solverExamples;
  /** An object is merged over the typical request; a string is sent as raw JSON. */
  body: Record<string, unknown> | string;
  /** Paths the details must name. */
  fields: string[];
  /** Further text the details must contain (values sent, allowed ranges). */
  mentions?: string[];
}

const charge = { x: 0, y: 0, q: 1e-9 };
const many = <T>(n: number, item: T) => Array.from({ length: n }, () => item);

const cases: BadCase[] = [
  // laplace2d
  {
    name: 'a string for a number',
    solver: 'laplace2d',
    body: { nx: '60' },
    fields: ['nx'],
    mentions: ['got "60"', 'integer from 3 to 2000'],
  },
  {
    name: 'Infinity from JSON 1e400',
    solver: 'laplace2d',
    body: '{"nx": 1e400, "ny": 40, "v_top": 1, "v_bottom": 0, "v_left": 0, "v_right": 0}',
    fields: ['nx'],
    mentions: ['got Infinity'],
  },
  { name: 'a negative size', solver: 'laplace2d', body: { ny: -40 }, fields: ['ny'], mentions: ['got -40'] },
  {
    name: 'a fractional iteration count',
    solver: 'laplace2d',
    body: { max_iterations: 2.5 },
    fields: ['max_iterations'],
  },
  {
    name: 'a missing potential',
    solver: 'laplace2d',
    body: { v_right: undefined },
    fields: ['v_right'],
    mentions: ['missing'],
  },
  {
    name: 'an unknown field',
    solver: 'laplace2d',
    body: { voltage: 5 },
    fields: ['voltage'],
    mentions: ['unknown field', 'output_type'],
  },
  {
    name: 'several bad fields at once',
    solver: 'laplace2d',
    body: { nx: 0, tolerance: -1, v_top: null, extra: true },
    fields: ['nx', 'tolerance', 'v_top', 'extra'],
    mentions: ['got 0', 'got -1', 'got null'],
  },
  // point_charges
  {
    name: 'an empty charge list',
    solver: 'point_charges',
    body: { charges: [] },
    fields: ['charges'],
    mentions: ['1 to 100 items', 'got an array of 0 items'],
  },
  {
    name: 'too many charges',
    solver: 'point_charges',
    body: { charges: many(5000, charge) },
    fields: ['charges'],
    mentions: ['got an array of 5000 items'],
  },
  {
    name: 'a charge of the wrong type',
    solver: 'point_charges',
    body: { charges: [{ x: 0, y: 0, q: 'big' }] },
    fields: ['charges[0].q'],
  },
  {
    name: 'a negative grid size',
    solver: 'point_charges',
    body: { grid_size: -10 },
    fields: ['grid_size'],
    mentions: ['integer from 3 to 1000'],
  },
  { name: 'an empty domain', solver: 'point_charges', body: { x_min: 1, x_max: -1 }, fields: ['x_max'] },
  { name: 'charges not an array', solver: 'point_charges', body: { charges: { x: 0 } }, fields: ['charges'] },
  // gauss_flux
  { name: 'an empty charge list', solver: 'gauss_flux', body: { charges: [] }, fields: ['charges'] },
  {
    name: 'a negative radius',
    solver: 'gauss_flux',
    body: { surface: { radius: -1 } },
    fields: ['surface.radius'],
    mentions: ['got -1'],
  },
  {
    name: 'Infinity resolution and an unknown surface field',
    solver: 'gauss_flux',
    body: '{"charges": [{"x": 0, "y": 0, "q": 1e-9}], "grid_resolution": -1e400, "surface": {"radius": 1, "colour": "red"}}',
    fields: ['grid_resolution', 'surface.colour'],
    mentions: ['got -Infinity'],
  },
  {
    name: 'a square surface',
    solver: 'gauss_flux',
    body: { surface: { type: 'square', radius: 1 } },
    fields: ['surface.type'],
  },
  // wire_field
  { name: 'an empty wire list', solver: 'wire_field', body: { wires: [] }, fields: ['wires'] },
  {
    name: 'a direction along x',
    solver: 'wire_field',
    body: { wires: [{ x: 0, y: 0, current: 1, direction: 'x' }] },
    fields: ['wires[0].direction'],
  },
  { name: 'a fractional grid size', solver: 'wire_field', body: { grid_size: 3.5 }, fields: ['grid_size'] },
  {
    name: 'a huge current',
    solver: 'wire_field',
    body: { wires: [{ x: 0, y: 0, current: 1e300 }] },
    fields: ['wires[0].current'],
    mentions: ['got 1e+300'],
  },
  // solenoid
  {
    name: 'negative turns',
    solver: 'solenoid',
    body: { n_turns: -1 },
    fields: ['n_turns'],
    mentions: ['got -1'],
  },
  { name: 'a string length', solver: 'solenoid', body: { length: 'long' }, fields: ['length'] },
  {
    name: 'a reversed range',
    solver: 'solenoid',
    body: { analysis_points: { axial_range: [1, 0] } },
    fields: ['analysis_points.axial_range'],
  },
  {
    name: 'too many points',
    solver: 'solenoid',
    body: { analysis_points: { n_points: 1e9 } },
    fields: ['analysis_points.n_points'],
  },
  // ampere_loop
  {
    name: 'no current sources',
    solver: 'ampere_loop',
    body: { current_sources: [] },
    fields: ['current_sources'],
  },
  { name: 'a zero radius', solver: 'ampere_loop', body: { loop: { radius: 0 } }, fields: ['loop.radius'] },
  { name: 'negative points', solver: 'ampere_loop', body: { n_points: -360 }, fields: ['n_points'] },
  {
    name: 'a wire on the loop',
    solver: 'ampere_loop',
    body: { current_sources: [{ x: 0.5, y: 0, current: 1 }] },
    fields: ['current_sources[0]'],
  },
  // wave_1d
  { name: 'negative nodes', solver: 'wave_1d', body: { nx: -1 }, fields: ['nx'] },
  {
    name: 'a negative conductivity',
    solver: 'wave_1d',
    body: { medium: { sigma: -1 } },
    fields: ['medium.sigma'],
  },
  {
    name: 'a square source',
    solver: 'wave_1d',
    body: { source: { type: 'square' } },
    fields: ['source.type'],
  },
  {
    name: 'an unknown output kind',
    solver: 'wave_1d',
    body: { output_type: 'video' },
    fields: ['output_type'],
  },
  {
    name: 'Infinity time',
    solver: 'wave_1d',
    body: '{"total_time": 1e400}',
    fields: ['total_time'],
    mentions: ['got Infinity'],
  },
  {
    name: 'an unstable time step',
    solver: 'wave_1d',
    body: { nt: 10 },
    fields: ['nt'],
    mentions: ['Courant'],
  },
  // fresnel
  { name: 'a zero index', solver: 'fresnel', body: { n1: 0 }, fields: ['n1'] },
  {
    name: 'an angle over 90°',
    solver: 'fresnel',
    body: { theta_i: 91 },
    fields: ['theta_i'],
    mentions: ['got 91', 'from 0 to 90'],
  },
  {
    name: 'an unknown polarization',
    solver: 'fresnel',
    body: { polarization: 'circular' },
    fields: ['polarization'],
  },
  { name: 'NaN-like text', solver: 'fresnel', body: { n2: 'NaN' }, fields: ['n2'] },
  // service-level fields, any solver
  {
    name: 'animation for a still solver',
    solver: 'fresnel',
    body: { output_type: 'animation' },
    fields: ['output_type'],
    mentions: ['only available for wave_1d'],
  },
  {
    name: 'an unknown colormap',
    solver: 'laplace2d',
    body: { visualization: { colormap: 'rainbow-ish' } },
    fields: ['visualization.colormap'],
    mentions: ['viridis', 'plasma', 'jet'],
  },
  {
    name: 'an unknown visualization option',
    solver: 'point_charges',
    body: { visualization: { opacity: 1 } },
    fields: ['visualization.opacity'],
  },
  {
    name: 'visualization not an object',
    solver: 'solenoid',
    body: { visualization: 'pretty' },
    fields: ['visualization'],
  },
  {
    name: 'a figure too large',
    solver: 'fresnel',
    body: { visualization: { width: 4000, height: 4000, dpi: 400 } },
    fields: ['visualization.dpi'],
  },
];

describe('bad input answers 400 INVALID_PARAMETERS naming every bad field', () => {
  for (const c of cases) {
    it(`${c.solver}: ${c.name}`, async () => {
      const body = typeof c.body === 'string' ? c.body : { ...solverExamples[c.solver], ...c.body };
      const res = await postSim(server, c.solver, body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('INVALID_PARAMETERS');
      expect(res.body.error.message).toContain(c.solver);
      for (const field of c.fields) {
        expect(res.body.error.details).toContain(`${field}: `);
        expect(res.body.error.message).toContain(field);
      }
      for (const text of c.mentions ?? []) expect(res.body.error.details).toContain(text);
    });
  }

  it('reports many bad array elements in bounded text', async () => {
    const res = await postSim(server, 'point_charges', { charges: many(90, { x: 'a', y: 'b', q: 'c' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain('charges[0].x: ');
    expect(res.body.error.details).toMatch(/… and \d+ more$/);
    expect(res.body.error.details.length).toBeLessThan(5000);
  });

  it('rejects a body that is not an object, malformed JSON and an empty body', async () => {
    for (const raw of ['[1, 2]', '"laplace"', 'null', '{"nx": 10,', '']) {
      const res = await postSim(server, 'laplace2d', raw);
      expect(res.status, raw).toBe(400);
      expect(res.body.error.code, raw).toBe('INVALID_PARAMETERS');
    }
  });

  it('rejects a body over 1 MB with 413 in the envelope', async () => {
    const res = await postSim(server, 'point_charges', {
      charges: many(40_000, { x: 0.123456, y: 0.123456, q: 1e-9 }),
    });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('grids over 100,000 points answer 422 MEMORY_LIMIT_EXCEEDED before any work', () => {
  const tooLarge: [keyof typeof solverExamples, Record<string, unknown>, string][] = [
    ['laplace2d', { nx: 400, ny: 400 }, '160,000'],
    ['point_charges', { grid_size: 317 }, '100,489'],
    ['wire_field', { grid_size: 1000 }, '1,000,000'],
  ];
  for (const [solver, change, count] of tooLarge) {
    it(`${solver} ${JSON.stringify(change)}`, async () => {
      const before = await poolStatus(server);
      const res = await postSim(server, solver, { ...solverExamples[solver], ...change });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('MEMORY_LIMIT_EXCEEDED');
      expect(res.body.error.details).toContain(count);
      expect(res.body.error.details).toContain('100,000');
      const after = await poolStatus(server);
      expect({ ...after, running: 0 }).toEqual({ ...before, running: 0 });
    });
  }

  it('counts wave_1d by its spatial grid: nx 1000 runs, with a bounded record', async () => {
    const res = await postSim(server, 'wave_1d', { ...solverExamples.wave_1d, nx: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata.grid_points).toBe(1000);
    expect(res.body.data.wave_data.t.length).toBe(res.body.data.metadata.saved_steps);
    expect(res.body.data.metadata.saved_steps).toBeLessThanOrEqual(200);
  });

  it('accepts exactly 100,000 points (gauss_flux: 1000 nodes × 100 charges)', async () => {
    const charges = Array.from({ length: 100 }, (_, i) => ({ x: 0.001 * i, y: 0, q: 1e-12 }));
    const res = await postSim(server, 'gauss_flux', {
      ...solverExamples.gauss_flux,
      charges,
      grid_resolution: 1000,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata.grid_points).toBe(100_000);
  });
});
