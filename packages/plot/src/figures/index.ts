import { SOLVER_NAMES } from '@faraday/physics/schemas';
import { InvalidPlotParametersError, invalid } from '../errors.js';
import { type ResolvedOptions, resolveOptions } from '../options.js';
import type { Scene } from '../scene.js';
import type { SolverInputs, SolverName } from '../types.js';
import { ampereLoopScene } from './ampere-loop.js';
import { fresnelScene } from './fresnel.js';
import { gaussFluxScene } from './gauss-flux.js';
import { laplace2dScene } from './laplace2d.js';
import { pointChargesScene } from './point-charges.js';
import { solenoidScene } from './solenoid.js';
import { wave1dScene } from './wave-1d.js';
import { wireFieldScene } from './wire-field.js';

type Builder<S extends SolverName> = (
  p: SolverInputs[S]['params'],
  out: SolverInputs[S]['output'],
  o: ResolvedOptions,
) => Scene;

const BUILDERS: { [S in SolverName]: Builder<S> } = {
  laplace2d: laplace2dScene,
  point_charges: pointChargesScene,
  gauss_flux: gaussFluxScene,
  wire_field: wireFieldScene,
  solenoid: solenoidScene,
  ampere_loop: ampereLoopScene,
  wave_1d: wave1dScene,
  fresnel: fresnelScene,
};

/** Validates options (throws InvalidPlotParametersError) and builds the solver's scene. */
export function buildSolverScene<S extends SolverName>(
  solver: S,
  params: SolverInputs[S]['params'],
  output: SolverInputs[S]['output'],
  options: unknown = {},
): Scene {
  const builder = BUILDERS[solver] as Builder<S> | undefined;
  if (!builder)
    throw invalid('solver', `unknown solver "${String(solver)}"; valid solvers: ${SOLVER_NAMES.join(', ')}`);
  if (params === null || typeof params !== 'object') throw invalid('params', 'must be an object');
  if (output === null || typeof output !== 'object') throw invalid('output', 'must be an object');
  const o = resolveOptions(options);
  try {
    return builder(params, output, o);
  } catch (err) {
    if (err instanceof InvalidPlotParametersError) throw err;
    // A shape we did not expect (a missing array, a string for a number): name it as bad input.
    throw invalid('output', `cannot draw ${solver}: ${(err as Error).message}`);
  }
}
