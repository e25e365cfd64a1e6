/**
 * `@faraday/physics/schemas`: what a solver request is, without the solvers. Every solver's
 * request schema (bounds, defaults, and the unit of every real-valued field as metadata, `x-unit`),
 * the example request of each, and the grid-point count of a request. It imports zod, the
 * physical constants and the small validation helpers, nothing else, so a web page that builds
 * forms from the schemas does not bundle the numerics.
 */
import { simulationTypes } from '@faraday/contracts';
import type { z } from 'zod';
import { MAX_GRID_POINTS } from '../constants.js';
import { parseInput } from '../validation.js';
import { ampereLoopGridPoints, ampereLoopSchema } from './ampere-loop.js';
import { fresnelGridPoints, fresnelSchema } from './fresnel.js';
import { gaussFluxGridPoints, gaussFluxSchema } from './gauss-flux.js';
import { laplace2dGridPoints, laplace2dSchema } from './laplace2d.js';
import { pointChargesGridPoints, pointChargesSchema } from './point-charges.js';
import { solenoidGridPoints, solenoidSchema } from './solenoid.js';
import { wave1dGridPoints, wave1dSchema } from './wave-1d.js';
import { wireFieldGridPoints, wireFieldSchema } from './wire-field.js';

export { MAX_GRID_POINTS } from '../constants.js';
export { PhysicsError, type PhysicsErrorCode, type PhysicsIssue } from '../errors.js';
export { formatPath } from '../validation.js';
export {
  type AmpereLoopInput,
  type AmpereLoopParams,
  ampereLoopGridPoints,
  ampereLoopSchema,
} from './ampere-loop.js';
export {
  MAX_COORDINATE,
  MIN_LENGTH,
  pointChargeSchema,
  UNIT_KEY,
  UNITS,
  type Unit,
  unit,
  visualizationSchema,
} from './common.js';
export { solverExamples } from './examples.js';
export {
  type FresnelInput,
  type FresnelParams,
  fresnelGridPoints,
  fresnelSchema,
  type Polarization,
} from './fresnel.js';
export {
  type GaussFluxInput,
  type GaussFluxParams,
  gaussFluxGridPoints,
  gaussFluxSchema,
} from './gauss-flux.js';
export {
  type Laplace2dInput,
  type Laplace2dParams,
  laplace2dGridPoints,
  laplace2dSchema,
} from './laplace2d.js';
export {
  type PointChargesInput,
  type PointChargesParams,
  pointChargesGridPoints,
  pointChargesSchema,
} from './point-charges.js';
export { solverResultSchemas } from './results.js';
export {
  LOOPS_WORK_LIMIT,
  type SolenoidInput,
  type SolenoidParams,
  solenoidGridPoints,
  solenoidSchema,
} from './solenoid.js';
export { fieldAt, fieldUnit, isCount, type PathSegment, unitAt } from './units.js';
export {
  MAX_SAVED_STEPS,
  MAX_STORED_VALUES,
  type Wave1dInput,
  type Wave1dParams,
  wave1dGridPoints,
  wave1dSchema,
} from './wave-1d.js';
export {
  type WireFieldInput,
  type WireFieldParams,
  wireFieldGridPoints,
  wireFieldSchema,
  wireSchema,
} from './wire-field.js';

/** The eight solvers, named as on the wire. */
export const SOLVER_NAMES = simulationTypes;

export type SolverName = (typeof SOLVER_NAMES)[number];

export function isSolverName(name: string): name is SolverName {
  return (SOLVER_NAMES as readonly string[]).includes(name);
}

/** The request schema of each solver, by name. */
export const solverSchemas = {
  laplace2d: laplace2dSchema,
  point_charges: pointChargesSchema,
  gauss_flux: gaussFluxSchema,
  wire_field: wireFieldSchema,
  solenoid: solenoidSchema,
  ampere_loop: ampereLoopSchema,
  wave_1d: wave1dSchema,
  fresnel: fresnelSchema,
} as const satisfies { [N in SolverName]: z.ZodType };

export type SolverSchemas = typeof solverSchemas;

const gridPointCounts: { [N in SolverName]: (params: z.output<SolverSchemas[N]>) => number } = {
  laplace2d: laplace2dGridPoints,
  point_charges: pointChargesGridPoints,
  gauss_flux: gaussFluxGridPoints,
  wire_field: wireFieldGridPoints,
  solenoid: solenoidGridPoints,
  ampere_loop: ampereLoopGridPoints,
  wave_1d: wave1dGridPoints,
  fresnel: fresnelGridPoints,
};

/** Validates a request and fills its defaults; throws PhysicsError INVALID_PARAMETERS naming each bad field. */
export function parseRequest<N extends SolverName>(solver: N, input: unknown): z.output<SolverSchemas[N]> {
  return parseInput(solverSchemas[solver], input, solver) as z.output<SolverSchemas[N]>;
}

/** Grid points a request would use, as counted for the 100,000-point limit (validates first). */
export function gridPoints(solver: SolverName, input: unknown): number {
  const count = gridPointCounts[solver] as (params: unknown) => number;
  return count(parseRequest(solver, input));
}

/** True when the request fits the grid-point limit (MAX_GRID_POINTS). */
export function withinGridLimit(solver: SolverName, input: unknown): boolean {
  return gridPoints(solver, input) <= MAX_GRID_POINTS;
}
