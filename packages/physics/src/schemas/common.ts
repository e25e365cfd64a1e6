/**
 * Schema pieces shared by several solvers. zod 4's `z.number()` already rejects NaN and ±Infinity,
 * so every number that passes is finite; the bounds below keep inputs in ranges where the
 * arithmetic stays far from overflow and the figures stay meaningful.
 *
 * Every real-valued field declares its unit as metadata, `.meta(unit('m'))`, which zod stores as
 * `{ 'x-unit': 'm' }`: `z.toJSONSchema` writes it as the keyword `x-unit`, which the API reference
 * (OpenAPI 3.1 admits `x-` keywords in a schema) and the lab's forms read, and `fieldUnit` reads
 * it from the zod schema. Integer fields are counts and have none.
 */
import { z } from 'zod';

/**
 * The units solver inputs and results are given in, written as plain SI symbols: `deg` for
 * degrees of angle, `1` for a dimensionless ratio (a refractive index, a relative permittivity,
 * a reflectance), `V·m` for the flux of E through a surface, `T·m` for the circulation of B.
 */
export const UNITS = [
  'm',
  's',
  'Hz',
  'C',
  'A',
  'V',
  'V/m',
  'S/m',
  'deg',
  '1',
  'T',
  'A/m',
  'm/s',
  '1/m',
  'V·m',
  'T·m',
  'H',
  'F/m',
  'H/m',
] as const;

export type Unit = (typeof UNITS)[number];

/** The metadata key of a field's unit, in the zod schema and in its JSON Schema. */
export const UNIT_KEY = 'x-unit';

/** The metadata declaring a field's unit: `z.number().meta(unit('m'))`. */
export function unit(symbol: Unit): { [UNIT_KEY]: Unit } {
  return { [UNIT_KEY]: symbol };
}

/** Largest coordinate magnitude accepted, in metres. */
export const MAX_COORDINATE = 1e3;

/**
 * Smallest size accepted for a physical length (a radius, a coil length, a domain, a pulse), m.
 * Far below atomic sizes (5e-11 m), and far above underflow: the solvers square, cube and divide
 * lengths, and 1e-12 m keeps r⁴ ≈ 1e-48 and 1/r³ ≈ 1e36 well inside the doubles, so every value
 * the schema accepts is computed finitely.
 */
export const MIN_LENGTH = 1e-12;

/** A length in metres, MIN_LENGTH to `max`. */
export function lengthSchema(max: number, description: string) {
  return z.number().min(MIN_LENGTH).max(max).meta(unit('m')).describe(description);
}

/** A position in metres, ±MAX_COORDINATE. */
export function coordinate(description: string) {
  return z.number().min(-MAX_COORDINATE).max(MAX_COORDINATE).meta(unit('m')).describe(description);
}

/**
 * Figure options. They never change the numbers a solver returns; the sim service hands them to
 * the plot package, which decides which colormap names it knows.
 */
export const visualizationSchema = z
  .strictObject({
    show_contour: z.boolean().default(true).describe('Draw contour lines (default true).'),
    show_field: z.boolean().default(true).describe('Draw field arrows or lines (default true).'),
    show_grid: z.boolean().default(false).describe('Draw grid lines (default false).'),
    colormap: z.string().min(1).max(32).default('viridis').describe("Colormap name (default 'viridis')."),
    title: z.string().max(200).optional().describe('Figure title (default: the solver name).'),
    xlabel: z.string().max(100).optional().describe('x-axis label (default: "x (m)").'),
    ylabel: z.string().max(100).optional().describe('y-axis label (default: "y (m)").'),
  })
  .describe('Generic figure options; they do not affect the computation.');

/** Optional visualization block accepted by every solver, defaults filled. */
export const optionalVisualization = visualizationSchema.prefault({});

/** A point charge in the xy-plane. */
export const pointChargeSchema = z.strictObject({
  x: coordinate('x position of the charge, m.'),
  y: coordinate('y position of the charge, m.'),
  q: z
    .number()
    .min(-1e3)
    .max(1e3)
    .meta(unit('C'))
    .describe('Charge, C (teaching examples use nC, e.g. 1e-9).'),
});

export const chargesSchema = z
  .array(pointChargeSchema)
  .min(1)
  .max(100)
  .describe('Point charges {x, y, q} in the plane z = 0; 1 to 100 of them.');

/** A plotting rectangle with x_min < x_max and y_min < y_max, every bound optional with a default. */
export const domainShape = {
  x_min: coordinate('Left edge of the plotted region, m (default −1).').default(-1),
  x_max: coordinate('Right edge of the plotted region, m (default 1).').default(1),
  y_min: coordinate('Bottom edge of the plotted region, m (default −1).').default(-1),
  y_max: coordinate('Top edge of the plotted region, m (default 1).').default(1),
};

/**
 * Refinement for objects built on `domainShape`: each range must be non-empty, at least MIN_LENGTH
 * wide and at least 1e-9 of its largest bound, so that 1000 nodes across it stay distinct doubles
 * (a step of 1e-12 of the coordinate is thousands of ulps).
 */
export function checkDomain(
  value: { x_min: number; x_max: number; y_min: number; y_max: number },
  ctx: z.RefinementCtx,
): void {
  for (const [lo, hi] of [
    ['x_min', 'x_max'],
    ['y_min', 'y_max'],
  ] as const) {
    const a = value[lo];
    const b = value[hi];
    const smallest = Math.max(MIN_LENGTH, 1e-9 * Math.max(Math.abs(a), Math.abs(b)));
    if (!(b > a)) {
      ctx.addIssue({ code: 'custom', path: [hi], message: `${hi} must be greater than ${lo}` });
    } else if (b - a < smallest) {
      ctx.addIssue({
        code: 'custom',
        path: [hi],
        message: `${hi} − ${lo} must be at least ${smallest.toPrecision(3)} m`,
      });
    }
  }
}

export function gridSize(description: string) {
  return z.number().int().min(3).max(1000).default(100).describe(description);
}
