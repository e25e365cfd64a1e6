import { maskNodes, wireField } from '@faraday/physics';
import { isolines } from '../contours.js';
import { lineCurrents, wireVectorPotential } from '../fields.js';
import { checkDomain, sampleGrid, toGrid } from '../grid.js';
import type { ResolvedOptions } from '../options.js';
import type { Layer, Scene } from '../scene.js';
import { linearTicks } from '../ticks.js';
import type { Domain, Polyline, Wire, WireFieldOutput, WireFieldParams } from '../types.js';
import { axisLabels, bi, inkFor, pickNorm, scaleLabel, scene, wireMarkers } from './common.js';

/** Level lines of A_z at evenly spaced values: closed loops whose spacing shows |B| (flux per gap is equal). */
function fieldLinesFromWires(wires: Wire[], ext: Domain, count: number): Polyline[] {
  if (wires.length === 0) return [];
  const A = wireVectorPotential(wires, ext, 200);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  // range from the domain's edge, so near-wire extremes do not eat all the levels
  for (let i = 0; i < A.data.length; i++) {
    const v = A.data[i]!;
    const row = Math.floor(i / A.nx);
    const col = i % A.nx;
    if (row === 0 || col === 0 || row === A.ny - 1 || col === A.nx - 1) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  let all = Number.NEGATIVE_INFINITY;
  let allLo = Number.POSITIVE_INFINITY;
  for (let i = 0; i < A.data.length; i++) {
    all = Math.max(all, A.data[i]!);
    allLo = Math.min(allLo, A.data[i]!);
  }
  const span = Math.max(hi - lo, (all - allLo) * 0.25);
  const step = span / (count / 2);
  const levels = linearTicks(allLo, all, Math.ceil((all - allLo) / step)).map((v) => v + step / 2);
  return isolines(A, ext, levels);
}

export function wireFieldScene(params: WireFieldParams, output: WireFieldOutput, o: ResolvedOptions): Scene {
  const ext = checkDomain(params, 'params');
  const wires = params.wires ?? [];
  // Nodes on a wire (that wire left out there) are drawn as no data, in the map and the arrows.
  const singular = (output.metadata?.singular_nodes ?? []) as Array<[number, number]>;
  const B = maskNodes(toGrid(output.magnetic_field?.magnitude, 'output.magnetic_field.magnitude'), singular);
  const cmap = o.colormap ?? 'inferno';
  // |B| ∝ 1/r spans decades between a wire and the domain edge: log scale.
  const norm = pickNorm(o, 'log', B.data, { robust: true, decades: 2.5 });
  const ink = inkFor(cmap);
  const layers: Layer[] = [{ type: 'image', grid: B, extent: ext, cmap, norm }];
  if (o.show_field ?? params.show_field_lines ?? true) {
    const given = output.field_lines ?? [];
    const lines = given.length > 0 ? given : fieldLinesFromWires(wires, ext, o.contour_levels * 2);
    const Bx = output.magnetic_field.Bx;
    const By = output.magnetic_field.By;
    const gx = Bx === undefined ? undefined : maskNodes(toGrid(Bx, 'output.magnetic_field.Bx'), singular);
    const gy = By === undefined ? undefined : maskNodes(toGrid(By, 'output.magnetic_field.By'), singular);
    const currents = lineCurrents(wires);
    layers.push({
      type: 'lines',
      lines,
      color: ink.line,
      width: 1.1,
      alpha: 0.85,
      arrows: {
        spacing: 170,
        size: 8,
        direction: (x, y) => {
          if (gx && gy) {
            const u = sampleGrid(gx, ext, x, y);
            const v = sampleGrid(gy, ext, x, y);
            if (u !== undefined && v !== undefined) return [u, v];
          }
          const b = wireField(currents, x, y);
          return [b.bx, b.by];
        },
      },
    });
  }
  layers.push({ type: 'markers', markers: wireMarkers(wires, { labels: wires.length <= 8 }) });
  const labels = axisLabels(o, bi(o, 'x (m)', 'x (米)'), bi(o, 'y (m)', 'y (米)'));
  const n = wires.length;
  return scene(
    o,
    bi(
      o,
      `Magnetic field of ${n} straight wire${n === 1 ? '' : 's'} (⊙ out of page, ⊗ into page)`,
      `${n} 根长直导线的磁场（⊙ 流出纸面，⊗ 流入纸面）`,
    ),
    [
      {
        box: [0, 0, 1, 1],
        x: { min: ext.x_min, max: ext.x_max, label: labels.x },
        y: { min: ext.y_min, max: ext.y_max, label: labels.y },
        equalAspect: true,
        grid: o.show_grid,
        layers,
        colorbars: [{ cmap, norm, label: scaleLabel(o, norm, '|B| (T)', '|B| (T)') }],
      },
    ],
  );
}
