import { MU_0 } from '@faraday/physics';
import { isolines } from '../contours.js';
import { invalid } from '../errors.js';
import { solenoidFieldAt, solenoidLoops } from '../fields.js';
import { toGrid } from '../grid.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Marker, Panel, Scene } from '../scene.js';
import type { Domain, Grid2D, Polyline, SolenoidOutput, SolenoidParams } from '../types.js';
import { bi, pickNorm, scene, userOr } from './common.js';

function extent(values: ArrayLike<number>): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  return lo <= hi ? [lo, hi] : [0, 1];
}

/**
 * |B| and the flux function ψ = ρA_φ over the (z, ρ) plane, mirrored to −ρ so the section reads like
 * the textbook picture. Computed here because the solver reports profiles only (see fields.ts).
 */
function crossSection(p: SolenoidParams, ext: Domain): { mag: Grid2D; psi: Grid2D } {
  const nz = 150;
  const nr = 48;
  const loops = solenoidLoops(p.n_turns, p.length);
  const half = { mag: new Float64Array(nr * nz), psi: new Float64Array(nr * nz) };
  for (let i = 0; i < nr; i++) {
    const rho = (ext.y_max * i) / (nr - 1);
    for (let j = 0; j < nz; j++) {
      const z = ext.x_min + ((ext.x_max - ext.x_min) * j) / (nz - 1);
      const f = solenoidFieldAt(p.radius, loops, p.current, rho, z);
      half.mag[i * nz + j] = Math.hypot(f.bz, f.br);
      half.psi[i * nz + j] = f.psi;
    }
  }
  const ny = 2 * nr - 1;
  const mag = new Float64Array(ny * nz);
  const psi = new Float64Array(ny * nz);
  for (let row = 0; row < ny; row++) {
    const i = Math.abs(nr - 1 - row);
    mag.set(half.mag.subarray(i * nz, (i + 1) * nz), row * nz);
    psi.set(half.psi.subarray(i * nz, (i + 1) * nz), row * nz);
  }
  return { mag: { nx: nz, ny, data: mag }, psi: { nx: nz, ny, data: psi } };
}

function mapPanel(
  p: SolenoidParams,
  output: SolenoidOutput,
  o: ResolvedOptions,
  zRange: [number, number],
): Panel {
  const R = p.radius;
  const L = p.length;
  const rMax = Math.max(R * 2.2, L * 0.35);
  const zHalf = Math.max(Math.abs(zRange[0]), Math.abs(zRange[1]), L * 0.8);
  let ext: Domain = { x_min: -zHalf, x_max: zHalf, y_min: -rMax, y_max: rMax };
  const cmap = o.colormap ?? 'viridis';
  const layers: Layer[] = [];
  let mag: Grid2D;
  let psi: Grid2D | undefined;
  if (output.field_map) {
    const fm = output.field_map;
    mag = toGrid(fm.magnitude, 'output.field_map.magnitude');
    ext = { x_min: fm.z_min, x_max: fm.z_max, y_min: fm.r_min, y_max: fm.r_max };
  } else {
    ({ mag, psi } = crossSection(p, ext));
  }
  const norm = pickNorm(o, 'log', mag.data, { robust: true, decades: 2.5 });
  layers.push({ type: 'image', grid: mag, extent: ext, cmap, norm });
  if (psi && (o.show_field ?? true)) {
    // equal flux between neighbouring lines: spacing shows the field strength, as in the textbook sketch
    const inner = solenoidFieldAt(R, solenoidLoops(p.n_turns, L), p.current, R * 0.95, 0).psi;
    const count = 7;
    const levels = Array.from({ length: count }, (_, k) => (inner * (k + 0.5)) / count);
    const lines: Polyline[] = isolines(psi, ext, levels);
    const loops = solenoidLoops(p.n_turns, L);
    layers.push({
      type: 'lines',
      lines,
      color: '#fff',
      width: 1,
      alpha: 0.85,
      arrows: {
        spacing: 140,
        size: 7,
        direction: (z, r) => {
          const f = solenoidFieldAt(R, loops, p.current, Math.abs(r), z);
          return [f.bz, Math.sign(r || 1) * f.br];
        },
      },
    });
  }
  // The winding: a few symbols stand for all n turns (⊙ above the axis, ⊗ below for I > 0).
  const shown = Math.max(2, Math.min(16, Math.round(p.n_turns)));
  const markers: Marker[] = [];
  for (let k = 0; k < shown; k++) {
    const z = -L / 2 + ((k + 0.5) * L) / shown;
    const up = p.current >= 0;
    markers.push(
      { x: z, y: R, kind: up ? 'out' : 'in', size: 4.5 },
      { x: z, y: -R, kind: up ? 'in' : 'out', size: 4.5 },
    );
  }
  layers.push({
    type: 'lines',
    lines: [
      { x: [-L / 2, L / 2], y: [R, R] },
      { x: [-L / 2, L / 2], y: [-R, -R] },
    ],
    color: '#d0d0d0',
    width: 2.5,
  });
  layers.push({ type: 'markers', markers });
  return {
    box: [0, 0, 1, 0.54],
    title: bi(o, 'cross-section: |B| and field lines', '截面：|B| 与磁感线'),
    x: { min: ext.x_min, max: ext.x_max, label: userOr(o.xlabel, bi(o, 'z (m)', 'z (米)')) },
    y: { min: ext.y_min, max: ext.y_max, label: bi(o, 'r (m)', 'r (米)') },
    equalAspect: true,
    grid: o.show_grid,
    layers,
    colorbars: [{ cmap, norm, label: bi(o, '|B| (T)', '|B| (T)') }],
  };
}

export function solenoidScene(params: SolenoidParams, output: SolenoidOutput, o: ResolvedOptions): Scene {
  if (!(params.length > 0) || !(params.radius > 0))
    throw invalid('params', 'length and radius must be positive');
  const ideal = output.theoretical_field ?? (MU_0 * params.n_turns * params.current) / params.length;
  const ax = output.axial_field;
  const rad = output.radial_field;
  if (!ax || !rad) throw invalid('output', 'axial_field and radial_field are required');
  const zRange = extent(ax.positions);
  const rRange = extent(rad.positions);
  // Discrete turns (model 'loops') make B ∝ 1/distance next to each wire; scaled to that spike the
  // interior field would be a flat line, so the range leaves out radial samples within R/10 of
  // the winding (they run off the panel, which clips them).
  const loops = output.metadata?.model === 'loops';
  const radialForRange = Array.from(rad.field_strength).filter(
    (_, k) => !loops || Math.abs(Math.abs(Number(rad.positions[k])) - params.radius) >= 0.1 * params.radius,
  );
  const [b0, b1] = extent([...Array.from(ax.field_strength), ...radialForRange, ideal, 0]);
  const yMin = b0 < 0 ? b0 * 1.12 : 0;
  const yMax = b1 > 0 ? b1 * 1.15 : 1e-12;
  const yLabel = userOr(o.ylabel, bi(o, 'B (T)', 'B (T)'));
  const L = params.length;
  const R = params.radius;

  const axial: Panel = {
    box: [0, 0.56, 0.5, 1],
    title: bi(o, 'on the axis', '轴线上'),
    x: { min: zRange[0], max: zRange[1], label: userOr(o.xlabel, bi(o, 'z (m)', 'z (米)')) },
    y: { min: yMin, max: yMax, label: yLabel },
    grid: o.show_grid ?? true,
    legend: 'bottom-right',
    layers: [
      {
        type: 'band',
        axis: 'x',
        from: -L / 2,
        to: L / 2,
        color: '#f2b134',
        alpha: 0.16,
        legend: bi(o, 'inside the coil', '线圈内'),
      },
      {
        type: 'rule',
        axis: 'y',
        value: ideal,
        color: '#c0392b',
        width: 1.4,
        dash: [6, 4],
        legend: bi(o, 'μ₀nI (ideal)', 'μ₀nI（理想）'),
      },
      {
        type: 'series',
        x: ax.positions,
        y: ax.field_strength,
        color: '#1f5fb4',
        width: 2,
        legend: bi(o, 'B_z (exact)', 'B_z（精确）'),
      },
    ],
  };
  const radial: Panel = {
    box: [0.5, 0.56, 1, 1],
    title: bi(o, 'across the middle (z = 0)', '中截面 (z = 0)'),
    x: { min: rRange[0], max: rRange[1], label: bi(o, 'r (m)', 'r (米)') },
    y: { min: yMin, max: yMax, label: yLabel },
    grid: o.show_grid ?? true,
    legend: 'top-right',
    layers: [
      { type: 'band', axis: 'x', from: Math.min(0, rRange[0]), to: R, color: '#f2b134', alpha: 0.16 },
      { type: 'rule', axis: 'x', value: R, color: '#555', width: 1, dash: [3, 3], label: { text: 'r = R' } },
      {
        type: 'series',
        x: [rRange[0], R, R, rRange[1]],
        y: [ideal, ideal, 0, 0],
        color: '#c0392b',
        width: 1.4,
        dash: [6, 4],
        legend: bi(o, 'ideal', '理想'),
      },
      {
        type: 'series',
        x: rad.positions,
        y: rad.field_strength,
        color: '#1f5fb4',
        width: 2,
        legend: bi(o, 'B (exact)', 'B（精确）'),
      },
    ],
  };
  const n = Math.round(params.n_turns);
  return scene(
    o,
    bi(
      o,
      `Finite solenoid: ${n} turns, L = ${L} m, R = ${R} m, I = ${params.current} A`,
      `有限长螺线管：${n} 匝，L = ${L} m，R = ${R} m，I = ${params.current} A`,
    ),
    [mapPanel(params, output, o, zRange), axial, radial],
  );
}
