/**
 * The figures drawn from real solver output. Nodes on a source are masked (no data, not
 * a false dip), a plain pulse claims no wavelength, and the space–time map starts where the field
 * does, not with the blank rows of the source's ramp-up.
 */
import {
  solenoidSchema,
  solvePointCharges,
  solveSolenoid,
  solveWave1d,
  solveWireField,
  toWire,
} from '@faraday/physics';
import { describe, expect, it } from 'vitest';
import { buildSolverScene } from './index.js';
import type { ImageLayer, MarkersLayer, Scene } from './scene.js';

function images(scene: Scene): ImageLayer[] {
  return scene.panels.flatMap((p) => p.layers.filter((l): l is ImageLayer => l.type === 'image'));
}

/** The figure as the service draws it: from the JSON the solver answers. */
// biome-ignore lint/suspicious/noExplicitAny: the JSON form of a solver output
const json = (output: unknown): any => JSON.parse(JSON.stringify(toWire(output)));

describe('nodes on a source are masked in the figures', () => {
  it('point_charges: the node on the charge is no data in the map; every other node keeps its value', () => {
    const params = {
      charges: [{ x: 0, y: 0, q: 1e-9 }],
      x_min: -1,
      x_max: 1,
      y_min: -1,
      y_max: 1,
      grid_size: 21,
    };
    const output = json(solvePointCharges(params));
    expect(output.metadata.singular_nodes).toEqual([[10, 10]]);
    const [map] = images(buildSolverScene('point_charges', params, output));
    const data = map!.grid.data;
    expect(Number.isNaN(data[10 * 21 + 10])).toBe(true);
    let finite = 0;
    for (let k = 0; k < data.length; k++) if (Number.isFinite(data[k])) finite++;
    expect(finite).toBe(21 * 21 - 1);
    expect(data[10 * 21 + 11]).toBe(output.potential[10][11]);
  });

  it('wire_field: the node on the wire is no data in the |B| map', () => {
    const params = {
      wires: [{ x: 0, y: 0, current: 2 }],
      x_min: -1,
      x_max: 1,
      y_min: -1,
      y_max: 1,
      grid_size: 11,
    };
    const output = json(solveWireField(params));
    expect(output.metadata.singular_nodes).toEqual([[5, 5]]);
    const [map] = images(buildSolverScene('wire_field', params, output));
    expect(Number.isNaN(map!.grid.data[5 * 11 + 5])).toBe(true);
    expect(Number.isNaN(map!.grid.data[5 * 11 + 6])).toBe(false);
  });

  it('ignores singular nodes that are not [row, col] inside the grid (JSON from elsewhere)', () => {
    const params = {
      charges: [{ x: 0.05, y: 0.05, q: 1e-9 }],
      x_min: -1,
      x_max: 1,
      y_min: -1,
      y_max: 1,
      grid_size: 5,
    };
    const output = json(solvePointCharges(params));
    output.metadata.singular_nodes = [[99, 0], 'x', [1.5, 2], null];
    const [map] = images(buildSolverScene('point_charges', params, output));
    expect(Array.from(map!.grid.data).every(Number.isFinite)).toBe(true);
  });
});

describe('wave_1d figure', () => {
  const plain = { length: 1, nx: 201, total_time: 5e-9, source: { width: 0.05 } };

  it('claims no wavelength for a pulse without a carrier, and gives λ for a carrier', () => {
    const pulse = buildSolverScene('wave_1d', plain, json(solveWave1d(plain)));
    expect(pulse.title?.text).not.toMatch(/λ/);
    expect(pulse.title?.text).toMatch(/pulse half-width 0\.05 m/);
    const carried = { ...plain, source: { width: 0.1, frequency: 3e9 } };
    const wave = buildSolverScene('wave_1d', carried, json(solveWave1d(carried)));
    expect(wave.title?.text).toMatch(/λ = 0\.0999 m/);
  });

  it('starts the space–time map where the field starts: no empty band at the bottom', () => {
    const output = json(solveWave1d(plain));
    const [map] = images(buildSolverScene('wave_1d', plain, output));
    const { nx, ny, data } = map!.grid;
    // The map is flipped (latest time on top): its bottom row is the earliest time shown.
    const rowPeak = (r: number) =>
      Math.max(...Array.from({ length: nx }, (_, j) => Math.abs(data[r * nx + j]!)));
    let peak = 0;
    for (let r = 0; r < ny; r++) peak = Math.max(peak, rowPeak(r));
    // At most one nearly-empty row at the start (the row before the field appears).
    expect(rowPeak(ny - 2)).toBeGreaterThanOrEqual(1e-3 * peak);
    // The source peaks at 4τ = 0.67 ns of 5 ns and reaches 1e-3 of it at (4 − 2.6)τ: the uncropped
    // record would open with 8 blank rows of 200.
    const rows: number[][] = output.wave_data.E;
    const blank = rows.findIndex((r) => Math.max(...r.map(Math.abs)) >= 1e-3 * peak);
    expect(blank).toBeGreaterThan(5);
    expect(ny).toBe(rows.length - blank + 1);
    expect(map!.extent.y_min).toBeCloseTo(output.wave_data.t[blank - 1] * 1e9, 9);
  });
});

describe('solenoid figure with discrete turns', () => {
  it('scales the profiles to the field inside, not to the 1/d spike next to a wire', () => {
    const params = solenoidSchema.parse({ n_turns: 5, length: 0.3, radius: 0.02 });
    const output = json(solveSolenoid(params));
    expect(output.metadata.model).toBe('loops');
    const spike = Math.max(...output.radial_field.field_strength.map(Math.abs));
    const scene = buildSolverScene('solenoid', params, output);
    const axis = scene.panels.find((p) => p.title?.text === 'on the axis')!;
    // Peaks of 3.37e-5 T at the turns; the spike beside the wire is over 5e-4 T.
    expect(spike).toBeGreaterThan(5e-4);
    expect(axis.y.max).toBeGreaterThan(output.field_inside);
    expect(axis.y.max).toBeLessThan(0.3 * spike);
  });
});

describe("solenoid figure: the solver's turns and the solver's field", () => {
  const map = (scene: Scene) => scene.panels.find((p) => p.title?.text.startsWith('cross-section'))!;
  const turnsDrawn = (scene: Scene) =>
    map(scene)
      .layers.filter((l): l is MarkersLayer => l.type === 'markers')
      .flatMap((l) => l.markers)
      .filter((m) => m.y > 0)
      .map((m) => m.x);
  /** The map's node nearest (z, r = 0) on the axis: its z and |B|. */
  const mapOnAxis = (scene: Scene, z: number) => {
    const { extent: e, grid } = images(scene)[0]!;
    const j = Math.round(((z - e.x_min) / (e.x_max - e.x_min)) * (grid.nx - 1));
    const i = (grid.ny - 1) / 2;
    return { z: e.x_min + ((e.x_max - e.x_min) * j) / (grid.nx - 1), b: grid.data[i * grid.nx + j]! };
  };

  it('draws one turn where the solver puts it (z = 0), and five at their places', () => {
    for (const [n, at] of [
      [1, [0]],
      [5, [-0.12, -0.06, 0, 0.06, 0.12]],
    ] as const) {
      const params = solenoidSchema.parse({ n_turns: n, length: 0.3, radius: 0.02 });
      const scene = buildSolverScene('solenoid', params, json(solveSolenoid(params)));
      const drawn = turnsDrawn(scene);
      expect(drawn).toHaveLength(at.length);
      for (const [k, z] of drawn.entries()) expect(z).toBeCloseTo(at[k]!, 12);
    }
  });

  it("colours the map with the field of the solver's model: on the axis, the solver's B_z", () => {
    for (const model of ['loops', 'sheet'] as const) {
      // 5 sparse turns: the loops' centre field is 62 % above the sheet's, so the map must tell them apart
      const params = solenoidSchema.parse({ n_turns: 5, length: 0.3, radius: 0.02, model });
      const output = json(solveSolenoid(params));
      const scene = buildSolverScene('solenoid', params, output);
      const node = mapOnAxis(scene, 0);
      const solver = solveSolenoid({
        ...params,
        analysis_points: { axial_range: [node.z, node.z + 1e-3], n_points: 2 },
      });
      expect(Math.abs(node.b / solver.axial_field.field_strength[0]! - 1)).toBeLessThan(1e-12);
    }
  });
});
