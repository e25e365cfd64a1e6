import { isolines } from '../contours.js';
import { invalid } from '../errors.js';
import { checkDomain, toGrid } from '../grid.js';
import { normLevels } from '../norm.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Scene } from '../scene.js';
import { formatValue } from '../ticks.js';
import type { Domain, Grid2D, Laplace2dOutput, Laplace2dParams } from '../types.js';
import { axisLabels, bi, inkFor, pickNorm, quiverFromGrids, scene } from './common.js';

/** Without a documented domain: square cells, longer side 1 m (so E reads in V/m of that box). */
function laplaceDomain(params: Laplace2dParams, output: Laplace2dOutput, V: Grid2D): Domain {
  if (output.domain) return checkDomain(output.domain, 'output.domain');
  if (params.x_min !== undefined || params.x_max !== undefined) return checkDomain(params, 'params');
  const h = 1 / Math.max(1, Math.max(V.nx, V.ny) - 1);
  return { x_min: 0, x_max: Math.max(h, (V.nx - 1) * h), y_min: 0, y_max: Math.max(h, (V.ny - 1) * h) };
}

/** E = −∇V by central differences (one-sided at the edges), for outputs that carry only V. */
export function gradientField(V: Grid2D, ext: Domain): { Ex: Grid2D; Ey: Grid2D } {
  const { nx, ny, data } = V;
  const dx = nx > 1 ? (ext.x_max - ext.x_min) / (nx - 1) : 1;
  const dy = ny > 1 ? (ext.y_max - ext.y_min) / (ny - 1) : 1;
  const Ex = new Float64Array(nx * ny);
  const Ey = new Float64Array(nx * ny);
  for (let i = 0; i < ny; i++) {
    for (let j = 0; j < nx; j++) {
      const jl = Math.max(0, j - 1);
      const jr = Math.min(nx - 1, j + 1);
      const iu = Math.max(0, i - 1);
      const id = Math.min(ny - 1, i + 1);
      Ex[i * nx + j] = jr > jl ? -(data[i * nx + jr]! - data[i * nx + jl]!) / ((jr - jl) * dx) : 0;
      // row index grows downwards, y upwards
      Ey[i * nx + j] = id > iu ? (data[id * nx + j]! - data[iu * nx + j]!) / ((id - iu) * dy) : 0;
    }
  }
  return { Ex: { nx, ny, data: Ex }, Ey: { nx, ny, data: Ey } };
}

export function laplace2dScene(params: Laplace2dParams, output: Laplace2dOutput, o: ResolvedOptions): Scene {
  const V = toGrid(output.potential, 'output.potential');
  const ext = laplaceDomain(params, output, V);
  const cmap = o.colormap ?? 'viridis';
  const norm = pickNorm(o, 'linear', V.data);
  const ink = inkFor(cmap);
  const layers: Layer[] = [{ type: 'image', grid: V, extent: ext, cmap, norm }];
  let levels: number[] = [];
  if (o.show_contour ?? true) {
    levels = normLevels(norm, o.contour_levels);
    layers.push({
      type: 'lines',
      lines: isolines(V, ext, levels),
      color: ink.line,
      width: 1,
      alpha: 0.8,
    });
  }
  if (o.show_field ?? true) {
    let E: { Ex: Grid2D; Ey: Grid2D };
    if (output.electric_field) {
      E = {
        Ex: toGrid(output.electric_field.Ex, 'output.electric_field.Ex'),
        Ey: toGrid(output.electric_field.Ey, 'output.electric_field.Ey'),
      };
      if (E.Ex.nx !== V.nx || E.Ex.ny !== V.ny || E.Ey.nx !== V.nx || E.Ey.ny !== V.ny) {
        throw invalid('output.electric_field', `Ex and Ey must be ${V.nx}×${V.ny} like the potential`);
      }
    } else E = gradientField(V, ext);
    const density = o.arrow_density ?? 16;
    layers.push(
      quiverFromGrids(E.Ex, E.Ey, ext, density, ink.arrow, 'sqrt', Math.min(o.width - 220, o.height - 110)),
    );
  }
  // Boundary potentials written on their edges: the first thing a student checks against the map.
  const midX = (ext.x_min + ext.x_max) / 2;
  const midY = (ext.y_min + ext.y_max) / 2;
  const inset = (ext.y_max - ext.y_min) * 0.045;
  const insetX = (ext.x_max - ext.x_min) * 0.03;
  const edge = (v: number) => ({ text: `${formatValue(v)} V` });
  if (
    V.nx >= 3 &&
    V.ny >= 3 &&
    [params.v_top, params.v_bottom, params.v_left, params.v_right].every(Number.isFinite)
  ) {
    layers.push(
      {
        type: 'text',
        x: midX,
        y: ext.y_max - inset,
        text: edge(params.v_top),
        color: '#111',
        size: 11,
        boxed: true,
      },
      {
        type: 'text',
        x: midX,
        y: ext.y_min + inset,
        text: edge(params.v_bottom),
        color: '#111',
        size: 11,
        boxed: true,
      },
      {
        type: 'text',
        x: ext.x_min + insetX,
        y: midY,
        text: edge(params.v_left),
        color: '#111',
        size: 11,
        boxed: true,
        align: 'left',
      },
      {
        type: 'text',
        x: ext.x_max - insetX,
        y: midY,
        text: edge(params.v_right),
        color: '#111',
        size: 11,
        boxed: true,
        align: 'right',
      },
    );
  }
  const labels = axisLabels(o, bi(o, 'x (m)', 'x (米)'), bi(o, 'y (m)', 'y (米)'));
  return scene(
    o,
    bi(
      o,
      `Potential and electric field — Laplace equation, ${V.nx} × ${V.ny} grid`,
      `电势与电场——拉普拉斯方程，${V.nx} × ${V.ny} 网格`,
    ),
    [
      {
        box: [0, 0, 1, 1],
        x: { min: ext.x_min, max: ext.x_max, label: labels.x },
        y: { min: ext.y_min, max: ext.y_max, label: labels.y },
        equalAspect: true,
        grid: o.show_grid,
        layers,
        colorbars: [{ cmap, norm, label: bi(o, 'potential V (V)', '电势 V (V)'), marks: levels }],
      },
    ],
  );
}
