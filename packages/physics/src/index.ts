/**
 * @faraday/physics — the electromagnetics solvers of the simulation lab: pure functions on typed
 * arrays, SI units, no I/O. Start with `solvers` (by name) or the individual `solveX` functions;
 * send results over HTTP through `toWire`.
 */
export * from './constants.js';
export { type LevelLine, levelLines, symmetricLogLevels, uniformLevels } from './numerics/contours.js';
export { cel, ellipticE, ellipticK } from './numerics/elliptic.js';
export {
  createGrid,
  type Domain,
  type Grid2D,
  gridAxes,
  linspace,
  maskNodes,
  negativeGradient,
  shareGrids,
} from './numerics/grid.js';
export { type PlanarField, type TracedCurve, type TraceOptions, traceCurve } from './numerics/integrators.js';
export { type LoopField, loopBz, loopField, turnPositions } from './numerics/loop-field.js';
export {
  type DirichletProblem,
  type MultigridOptions,
  type MultigridResult,
  scaledResidual,
  solveDirichletMultigrid,
} from './numerics/multigrid.js';
export { gaussLegendre, type QuadratureRule } from './numerics/quadrature.js';
export { optimalSorOmega, type RelaxationResult, solveJacobi, solveSor } from './numerics/relaxation.js';
export * from './point-fields.js';
export { type SolverEntry, type SolverOutputs, solvers } from './registry.js';
export * from './schemas/index.js';
export * from './solvers/ampere-loop.js';
export * from './solvers/fresnel.js';
export * from './solvers/gauss-flux.js';
export * from './solvers/laplace2d.js';
export * from './solvers/point-charges.js';
export * from './solvers/solenoid.js';
export * from './solvers/wave-1d.js';
export * from './solvers/wire-field.js';
export { isGrid2D, toWire, type Wire } from './wire.js';
