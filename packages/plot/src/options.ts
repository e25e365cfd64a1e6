import { z } from 'zod';
import { canonicalColormap, colormapListText } from './colormaps.js';
import { InvalidPlotParametersError } from './errors.js';

/** Largest raster we draw: 25 MP keeps one figure under ~100 MB of pixels in a worker. */
export const MAX_PIXELS = 25_000_000;

const label = (max: number) => z.string().max(max, `at most ${max} characters`);

/**
 * The generic visualization options of every solver plus figure size. Every field is optional; a solver's
 * figure fills what is missing with its own defaults (colormap, which layers show).
 */
export const visualizationOptionsSchema = z
  .object({
    colormap: z
      .string()
      .refine((name) => canonicalColormap(name) !== undefined, {
        error: (issue) => `unknown colormap "${String(issue.input)}"; valid colormaps: ${colormapListText()}`,
      })
      .transform((name) => canonicalColormap(name) ?? name)
      .optional()
      .describe('colormap of the field map'),
    show_contour: z.boolean().optional().describe('draw contour lines (equipotentials)'),
    show_field: z.boolean().optional().describe('draw the field (arrows or field lines)'),
    show_grid: z.boolean().optional().describe('draw grid lines at the axis ticks'),
    title: label(200).optional(),
    xlabel: label(100).optional(),
    ylabel: label(100).optional(),
    width: z.number().int().min(240).max(4000).optional().describe('figure width in px at 100 dpi'),
    height: z.number().int().min(180).max(4000).optional().describe('figure height in px at 100 dpi'),
    dpi: z.number().min(50).max(400).optional().describe('resolution; 100 = one pixel per px'),
    scale: z.enum(['auto', 'linear', 'log', 'symlog']).optional().describe('colour normalisation of the map'),
    contour_levels: z.number().int().min(2).max(40).optional(),
    arrow_density: z.number().int().min(4).max(60).optional().describe('arrows along the longer axis'),
    lang: z.enum(['en', 'zh']).optional().describe('language of built-in labels'),
  })
  .superRefine((o, ctx) => {
    const px = (((o.width ?? 800) * (o.dpi ?? 100)) / 100) * (((o.height ?? 600) * (o.dpi ?? 100)) / 100);
    if (px > MAX_PIXELS) {
      ctx.addIssue({
        code: 'custom',
        path: ['dpi'],
        message: `width × height at this dpi is ${Math.round(px / 1e6)} MP; at most ${MAX_PIXELS / 1e6} MP`,
      });
    }
  });

export type VisualizationOptionsInput = z.input<typeof visualizationOptionsSchema>;
export type VisualizationOptions = z.output<typeof visualizationOptionsSchema>;

/** Options after defaults; solver figures read these. */
export interface ResolvedOptions {
  colormap: string | undefined;
  show_contour: boolean | undefined;
  show_field: boolean | undefined;
  show_grid: boolean | undefined;
  title: string | undefined;
  xlabel: string | undefined;
  ylabel: string | undefined;
  width: number;
  height: number;
  dpi: number;
  scale: 'auto' | 'linear' | 'log' | 'symlog';
  contour_levels: number;
  arrow_density: number | undefined;
  lang: 'en' | 'zh';
}

/** Validates and fills defaults; throws InvalidPlotParametersError naming every bad field. */
export function resolveOptions(input: unknown = {}): ResolvedOptions {
  const parsed = visualizationOptionsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new InvalidPlotParametersError(
      parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'visualization', message: i.message })),
    );
  }
  const o = parsed.data;
  return {
    colormap: o.colormap,
    show_contour: o.show_contour,
    show_field: o.show_field,
    show_grid: o.show_grid,
    title: o.title,
    xlabel: o.xlabel,
    ylabel: o.ylabel,
    width: o.width ?? 800,
    height: o.height ?? 600,
    dpi: o.dpi ?? 100,
    scale: o.scale ?? 'auto',
    contour_levels: o.contour_levels ?? 10,
    arrow_density: o.arrow_density,
    lang: o.lang ?? 'en',
  };
}
