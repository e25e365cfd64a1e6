/**
 * The solvers by name, for the sim service: validate an input, count its grid points against the
 * 100,000-point limit (MAX_GRID_POINTS), run it. Every entry takes `unknown` input and validates
 * it itself, so a caller that only knows the name needs no type casts. The schemas and the
 * counting live in `schemas/`, which a caller can import without the solvers.
 */
import type { z } from 'zod';
import {
  gridPoints,
  parseRequest,
  type SolverName,
  type SolverSchemas,
  solverSchemas,
} from './schemas/index.js';
import { type AmpereLoopOutput, solveAmpereLoop } from './solvers/ampere-loop.js';
import { type FresnelOutput, solveFresnel } from './solvers/fresnel.js';
import { type GaussFluxOutput, solveGaussFlux } from './solvers/gauss-flux.js';
import { type Laplace2dOutput, solveLaplace2d } from './solvers/laplace2d.js';
import { type PointChargesOutput, solvePointCharges } from './solvers/point-charges.js';
import { type SolenoidOutput, solveSolenoid } from './solvers/solenoid.js';
import { solveWave1d, type Wave1dOutput } from './solvers/wave-1d.js';
import { solveWireField, type WireFieldOutput } from './solvers/wire-field.js';

export interface SolverOutputs {
  laplace2d: Laplace2dOutput;
  point_charges: PointChargesOutput;
  gauss_flux: GaussFluxOutput;
  wire_field: WireFieldOutput;
  solenoid: SolenoidOutput;
  ampere_loop: AmpereLoopOutput;
  wave_1d: Wave1dOutput;
  fresnel: FresnelOutput;
}

export interface SolverEntry<N extends SolverName = SolverName> {
  name: N;
  /** zod schema of the request body (defaults, bounds, units as metadata: see schemas/common.ts). */
  schema: SolverSchemas[N];
  /** Validates and fills defaults; throws PhysicsError INVALID_PARAMETERS naming each bad field. */
  parse(input: unknown): z.output<SolverSchemas[N]>;
  /** Grid points the input would use, as counted for the 100,000-point limit (validates first). */
  gridPoints(input: unknown): number;
  /** Validates and runs. Throws PhysicsError on bad input, non-convergence or failure. */
  solve(input: unknown): SolverOutputs[N];
}

function entry<N extends SolverName>(
  name: N,
  solve: (input: z.input<SolverSchemas[N]>) => SolverOutputs[N],
): SolverEntry<N> {
  return {
    name,
    schema: solverSchemas[name],
    parse: (input) => parseRequest(name, input),
    gridPoints: (input) => gridPoints(name, input),
    // The solver validates again; parsing is idempotent and microseconds long.
    solve: (input) => solve(input as z.input<SolverSchemas[N]>),
  };
}

export const solvers: { readonly [N in SolverName]: SolverEntry<N> } = {
  laplace2d: entry('laplace2d', solveLaplace2d),
  point_charges: entry('point_charges', solvePointCharges),
  gauss_flux: entry('gauss_flux', solveGaussFlux),
  wire_field: entry('wire_field', solveWireField),
  solenoid: entry('solenoid', solveSolenoid),
  ampere_loop: entry('ampere_loop', solveAmpereLoop),
  wave_1d: entry('wave_1d', solveWave1d),
  fresnel: entry('fresnel', solveFresnel),
};
