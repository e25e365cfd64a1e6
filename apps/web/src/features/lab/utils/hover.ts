import type { SolverName } from '@faraday/physics/schemas';

/** What the cursor is over: the node's position and the field values there, with units. */
export interface Readout {
  x: number;
  y: number;
  values: { id: string; value: number; unit: string }[];
}

/** Maps a point of the plot area (0..1 from the left and from the top) to the nearest node's values. */
export type HoverField = (fx: number, fy: number) => Readout | null;

type Grid = number[][];

const isGrid = (value: unknown): value is Grid => Array.isArray(value) && Array.isArray(value[0]);
const isRow = (value: unknown): value is number[] => Array.isArray(value) && typeof value[0] === 'number';

function nearest(fraction: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.round(fraction * (count - 1))));
}

/** Grids whose row 0 is the top edge (y max), as every 2-D solver returns them. */
function gridHover(
  xs: (col: number, nx: number) => number,
  ys: (row: number, ny: number) => number,
  layers: { id: string; grid: Grid; unit: string }[],
): HoverField | null {
  const first = layers[0]?.grid;
  if (!first) return null;
  const ny = first.length;
  const nx = first[0]?.length ?? 0;
  if (nx < 2 || ny < 2) return null;
  return (fx, fy) => {
    if (fx < 0 || fx > 1 || fy < 0 || fy > 1) return null;
    const col = nearest(fx, nx);
    const row = nearest(fy, ny);
    return {
      x: xs(col, nx),
      y: ys(row, ny),
      values: layers.map((layer) => ({
        id: layer.id,
        value: layer.grid[row]?.[col] ?? Number.NaN,
        unit: layer.unit,
      })),
    };
  };
}

function magnitude(a: Grid, b: Grid): Grid {
  return a.map((row, i) => row.map((v, j) => Math.hypot(v, b[i]?.[j] ?? 0)));
}

/** The hover readout for a solver's answer, when it has a 2-D field to read from. */
export function hoverFor(solver: SolverName, output: Record<string, unknown>): HoverField | null {
  if (solver === 'laplace2d') {
    const potential = output.potential;
    const domain = output.domain as
      | { x_min: number; x_max: number; y_min: number; y_max: number }
      | undefined;
    const field = output.electric_field as { Ex?: unknown; Ey?: unknown } | undefined;
    if (!isGrid(potential) || !domain) return null;
    const layers = [{ id: 'potential', grid: potential, unit: 'V' }];
    if (isGrid(field?.Ex) && isGrid(field?.Ey))
      layers.push({ id: 'field_e', grid: magnitude(field.Ex, field.Ey), unit: 'V/m' });
    return gridHover(
      (col, nx) => domain.x_min + (col / (nx - 1)) * (domain.x_max - domain.x_min),
      (row, ny) => domain.y_max - (row / (ny - 1)) * (domain.y_max - domain.y_min),
      layers,
    );
  }
  const { x, y } = output;
  if (!isRow(x) || !isRow(y)) return null;
  const at = (values: number[]) => (i: number) => values[i] ?? Number.NaN;
  if (solver === 'point_charges') {
    const field = output.electric_field as { magnitude?: unknown } | undefined;
    const layers: { id: string; grid: Grid; unit: string }[] = [];
    if (isGrid(output.potential)) layers.push({ id: 'potential', grid: output.potential, unit: 'V' });
    if (isGrid(field?.magnitude)) layers.push({ id: 'field_e', grid: field.magnitude, unit: 'V/m' });
    return gridHover(at(x), at(y), layers);
  }
  if (solver === 'wire_field') {
    const field = output.magnetic_field as { magnitude?: unknown } | undefined;
    if (!isGrid(field?.magnitude)) return null;
    return gridHover(at(x), at(y), [{ id: 'field_b', grid: field.magnitude, unit: 'T' }]);
  }
  return null;
}

/** The plot area of a figure, in the figure's pixels: the SVG's first clip rectangle (the axes). */
export function plotAreaOf(
  svg: string | undefined,
): { x: number; y: number; w: number; h: number; width: number; height: number } | null {
  if (!svg) return null;
  const size = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  const clip = /<clipPath[^>]*>\s*<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(
    svg,
  );
  if (!size || !clip) return null;
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    x: Number(clip[1]),
    y: Number(clip[2]),
    w: Number(clip[3]),
    h: Number(clip[4]),
  };
}
