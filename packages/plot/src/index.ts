export {
  type AnimationFrame,
  type AnimationOptions,
  MAX_ANIMATION_FRAMES,
  renderAnimation,
  renderAnimationFrames,
} from './animation.js';
export { assembleApng } from './apng.js';
export { COLORMAP_NAMES, canonicalColormap } from './colormaps.js';
export { isolines } from './contours.js';
export { type DisplayName, PARAMETER_NAMES } from './data/sweep-display-names.js';
export {
  type MetricName,
  metricDisplayName,
  PROBE_UNSET,
  type ProbePoint,
  SWEEP_METRIC_NAMES,
} from './data/sweep-metric-names.js';
export { InvalidPlotParametersError, type PlotErrorDetail } from './errors.js';
export { buildSolverScene } from './figures/index.js';
export { renderSweepSummary, type SweepSummaryInput, sweepSummaryScene } from './figures/sweep-summary.js';
export { canRenderCjk, setCjkAvailabilityForTesting } from './fonts.js';
export type { Norm, NormKind } from './norm.js';
export { autoNorm } from './norm.js';
export {
  MAX_PIXELS,
  type ResolvedOptions,
  resolveOptions,
  type VisualizationOptions,
  type VisualizationOptionsInput,
  visualizationOptionsSchema,
} from './options.js';
export { type OutputFormat, renderScene } from './render.js';
export type * from './scene.js';
export { renderSolverFigure } from './solver-figure.js';
export { solverRequestSchema, stillOutputSchema } from './solver-request.js';
export * from './types.js';
