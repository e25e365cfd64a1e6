import { buildSolverScene } from './figures/index.js';
import { type OutputFormat, renderScene } from './render.js';
import type { SolverInputs, SolverName } from './types.js';

/**
 * The one entry the sim service needs: a solver's figure as PNG bytes or an SVG document.
 * `options` is the request's visualization object (validated here; bad values throw
 * InvalidPlotParametersError with code INVALID_PARAMETERS).
 */
export function renderSolverFigure<S extends SolverName>(
  solver: S,
  params: SolverInputs[S]['params'],
  output: SolverInputs[S]['output'],
  options: unknown,
  format: 'png',
): Promise<Buffer>;
export function renderSolverFigure<S extends SolverName>(
  solver: S,
  params: SolverInputs[S]['params'],
  output: SolverInputs[S]['output'],
  options: unknown,
  format: 'svg',
): Promise<string>;
export function renderSolverFigure<S extends SolverName>(
  solver: S,
  params: SolverInputs[S]['params'],
  output: SolverInputs[S]['output'],
  options: unknown,
  format: OutputFormat,
): Promise<Buffer | string>;
export async function renderSolverFigure<S extends SolverName>(
  solver: S,
  params: SolverInputs[S]['params'],
  output: SolverInputs[S]['output'],
  options: unknown = {},
  format: OutputFormat = 'png',
): Promise<Buffer | string> {
  return renderScene(buildSolverScene(solver, params, output, options), format);
}
