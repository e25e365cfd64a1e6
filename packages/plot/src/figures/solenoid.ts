import { gaussLegendre, loopField, MU_0, solenoidField, turnPositions } from '@faraday/physics';
import { isolines } from '../contours.js';
import { invalid } from '../errors.js';
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

/** Up to this many turns the map sums the solver's turns one by one (7,200 points × turns loop fields, ~0.8 s at most). */
const EXACT_TURNS = 120;

type CoilField = (rho: number, z: number) => { bz: number; br: number; psi: number };

/**
 * The field of the model the solver used (metadata.model), at the solver's own turns
 * (physics' turnPositions): 'loops' sums every turn exactly (up to EXACT_TURNS; beyond, the
 * spacing is below L/120 and the winding is drawn as the sheet it then resembles away from the
 * wire); 'sheet' is the solver's closed form for B, and its flux function ψ = ρA_φ, which only
 * places the field lines, the winding's integral of the loops' ψ by 16 × 8-point Gauss–Legendre.
 */
function coilField(p: SolenoidParams, model: unknown): CoilField {
  const { radius: R, length: L, current: I } = p;
  const N = Math.max(1, Math.round(p.n_turns));
  if (model === 'loops' && N <= EXACT_TURNS) {
    const turns = turnPositions(N, L);
    return (rho, z) => {
      let bz = 0;
      let br = 0;
      let psi = 0;
      for (const zj of turns) {
        const f = loopField(R, I, rho, z - zj);
        bz += f.bz;
        br += f.br;
        psi += f.psi;
      }
      return { bz, br, psi };
    };
  }
  const coil = { n: N / L, I, R, L };
  const rule = gaussLegendre(8);
  const panels = 16;
  const width = L / panels;
  return (rho, z) => {
    const { bz, brho } = solenoidField(coil, rho, z);
    let psi = 0;
    for (let k = 0; k < panels; k++) {
      const mid = -L / 2 + (k + 0.5) * width;
      for (let q = 0; q < rule.nodes.length; q++) {
        const zq = mid + (rule.nodes[q]! * width) / 2;
        psi += ((rule.weights[q]! * width) / 2) * loopField(R, coil.n * I, rho, z - zq).psi;
      }
    }
    return { bz, br: brho, psi };
  };
}

/**
 * |B| and the flux function ψ = ρA_φ over the (z, ρ) plane, mirrored to −ρ so the section reads like
 * the textbook picture. Computed here from the solver's model because the solver reports profiles only.
 */
function crossSection(field: CoilField, ext: Domain): { mag: Grid2D; psi: Grid2D } {
  const nz = 150;
  const nr = 48;
  const half = { mag: new Float64Array(nr * nz), psi: new Float64Array(nr * nz) };
  for (let i = 0; i < nr; i++) {
    const rho = (ext.y_max * i) / (nr - 1);
    for (let j = 0; j < nz; j++) {
      const z = ext.x_min + ((ext.x_max - ext.x_min) * j) / (nz - 1);
      const f = field(rho, z);
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
  const field = coilField(p, output.metadata?.model);
  if (output.field_map) {
    const fm = output.field_map;
    mag = toGrid(fm.magnitude, 'output.field_map.magnitude');
    ext = { x_min: fm.z_min, x_max: fm.z_max, y_min: fm.r_min, y_max: fm.r_max };
  } else {
    ({ mag, psi } = crossSection(field, ext));
  }
  const norm = pickNorm(o, 'log', mag.data, { robust: true, decades: 2.5 });
  layers.push({ type: 'image', grid: mag, extent: ext, cmap, norm });
  if (psi && (o.show_field ?? true)) {
    // equal flux between neighbouring lines: spacing shows the field strength, as in the textbook sketch
    const inner = field(R * 0.95, 0).psi;
    const count = 7;
    const levels = Array.from({ length: count }, (_, k) => (inner * (k + 0.5)) / count);
    const lines: Polyline[] = isolines(psi, ext, levels);
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
          const f = field(Math.abs(r), z);
          return [f.bz, Math.sign(r || 1) * f.br];
        },
      },
    });
  }
  // The winding at the solver's turns (⊙ above the axis, ⊗ below for I > 0): every turn up to
  // 16, otherwise 16 of them evenly picked.
  const turns = turnPositions(Math.max(1, Math.round(p.n_turns)), L);
  const shown = Math.min(16, turns.length);
  const markers: Marker[] = [];
  for (let k = 0; k < shown; k++) {
    const z = turns[shown === 1 ? 0 : Math.round((k * (turns.length - 1)) / (shown - 1))]!;
    const up = p.current >= 0;
    markers.push(
      { x: z, y: R, kind: up ? 'out' : 'in', size: 4.5 },
      { x: z, y: -R, kind: up ? 'in' : 'out', size: 4.5 },
    );
  }
  // the sheet (or a winding too dense to mark turn by turn) as a line; a few loops as their symbols only
  const sheetLike = output.metadata?.model !== 'loops' || turns.length > 16;
  layers.push({
    type: 'lines',
    lines: sheetLike
      ? [
          { x: [-L / 2, L / 2], y: [R, R] },
          { x: [-L / 2, L / 2], y: [-R, -R] },
        ]
      : [],
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
