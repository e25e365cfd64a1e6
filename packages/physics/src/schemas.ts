/**
 * Schema pieces shared by several solvers. zod 4's `z.number()` already rejects NaN and ±Infinity,
 * so every number that passes is finite; the bounds below keep inputs in ranges where the
 * arithmetic stays far from overflow and the figures stay meaningful.
 */
import { z } from 'zod';

/** Largest coordinate magnitude accepted, in metres. */
export const MAX_COORDINATE = 1e3;

export function coordinate(description: string) {
  return z.number().min(-MAX_COORDINATE).max(MAX_COORDINATE).describe(description);
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
  .describe('Generic figure options (spec 4.3); they do not affect the computation.');

/** Optional visualization block accepted by every solver, defaults filled. */
export const optionalVisualization = visualizationSchema.prefault({});

/** A point charge in the xy-plane. */
export const pointChargeSchema = z.strictObject({
  x: coordinate('x position of the charge, m.'),
  y: coordinate('y position of the charge, m.'),
  q: z.number().min(-1e3).max(1e3).describe('Charge, C (teaching examples use nC, e.g. 1e-9).'),
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

/** Refinement for objects built on `domainShape`: each range must be non-empty. */
export function checkDomain(
  value: { x_min: number; x_max: number; y_min: number; y_max: number },
  ctx: z.RefinementCtx,
): void {
  if (!(value.x_max > value.x_min)) {
    ctx.addIssue({ code: 'custom', path: ['x_max'], message: 'x_max must be greater than x_min' });
  }
  if (!(value.y_max > value.y_min)) {
    ctx.addIssue({ code: 'custom', path: ['y_max'], message: 'y_max must be greater than y_min' });
  }
}

export function gridSize(description: string) {
  return z.number().int().min(3).max(1000).default(100).describe(description);
}
