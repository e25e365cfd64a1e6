/**
 * The solvers by name, for the sim service: validate an input, count its grid points against the
 * 100,000-point limit (docs/api-contract.md, Limits), run it. Every entry takes `unknown` input and
 * validates it itself, so a caller that only knows the name needs no type casts.
 */
import { simulationTypes } from '@faraday/contracts';
import type { z } from 'zod';
import { MAX_GRID_POINTS } from './constants.js';
import {
  type AmpereLoopOutput,
  ampereLoopGridPoints,
  ampereLoopSchema,
  solveAmpereLoop,
} from './solvers/ampere-loop.js';
import { type FresnelOutput, fresnelGridPoints, fresnelSchema, solveFresnel } from './solvers/fresnel.js';
import {
  type GaussFluxOutput,
  gaussFluxGridPoints,
  gaussFluxSchema,
  solveGaussFlux,
} from './solvers/gauss-flux.js';
import {
  type Laplace2dOutput,
  laplace2dGridPoints,
  laplace2dSchema,
  solveLaplace2d,
} from './solvers/laplace2d.js';
import {
  type PointChargesOutput,
  pointChargesGridPoints,
  pointChargesSchema,
  solvePointCharges,
} from './solvers/point-charges.js';
import {
  type SolenoidOutput,
  solenoidGridPoints,
  solenoidSchema,
  solveSolenoid,
} from './solvers/solenoid.js';
import { solveWave1d, type Wave1dOutput, wave1dGridPoints, wave1dSchema } from './solvers/wave-1d.js';
import {
  solveWireField,
  type WireFieldOutput,
  wireFieldGridPoints,
  wireFieldSchema,
} from './solvers/wire-field.js';
import { parseInput } from './validation.js';

/** The eight solvers, named as on the wire. */
export const SOLVER_NAMES = simulationTypes;

export type SolverName = (typeof SOLVER_NAMES)[number];

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
  /** zod schema of the request body (defaults, bounds, units in `.describe()`). */
  schema: z.ZodType;
  /** Validates and fills defaults; throws PhysicsError INVALID_PARAMETERS naming each bad field. */
  parse(input: unknown): unknown;
  /** Grid points the input would use, as counted for the 100,000-point limit (validates first). */
  gridPoints(input: unknown): number;
  /** Validates and runs. Throws PhysicsError on bad input, non-convergence or failure. */
  solve(input: unknown): SolverOutputs[N];
}

function entry<N extends SolverName, S extends z.ZodType>(
  name: N,
  schema: S,
  count: (params: z.output<S>) => number,
  solve: (input: z.input<S>) => SolverOutputs[N],
): SolverEntry<N> {
  const parse = (input: unknown): z.output<S> => parseInput(schema, input, name);
  return {
    name,
    schema,
    parse,
    gridPoints: (input) => count(parse(input)),
    // The solver validates again; parsing is idempotent and microseconds long.
    solve: (input) => solve(input as z.input<S>),
  };
}

export const solvers: { readonly [N in SolverName]: SolverEntry<N> } = {
  laplace2d: entry('laplace2d', laplace2dSchema, laplace2dGridPoints, solveLaplace2d),
  point_charges: entry('point_charges', pointChargesSchema, pointChargesGridPoints, solvePointCharges),
  gauss_flux: entry('gauss_flux', gaussFluxSchema, gaussFluxGridPoints, solveGaussFlux),
  wire_field: entry('wire_field', wireFieldSchema, wireFieldGridPoints, solveWireField),
  solenoid: entry('solenoid', solenoidSchema, solenoidGridPoints, solveSolenoid),
  ampere_loop: entry('ampere_loop', ampereLoopSchema, ampereLoopGridPoints, solveAmpereLoop),
  wave_1d: entry('wave_1d', wave1dSchema, wave1dGridPoints, solveWave1d),
  fresnel: entry('fresnel', fresnelSchema, fresnelGridPoints, solveFresnel),
};

export function isSolverName(name: string): name is SolverName {
  return (SOLVER_NAMES as readonly string[]).includes(name);
}

/** True when the input fits the grid-point limit. */
export function withinGridLimit(name: SolverName, input: unknown): boolean {
  return solvers[name].gridPoints(input) <= MAX_GRID_POINTS;
}
