/**
 * Physical constants in SI units (CODATA 2018 values, as fixed by the project's design notes).
 * Every solver takes its constants from here so that tests and outputs agree to the last digit.
 */

/** Coulomb constant k = 1/(4π ε0), in N·m²/C². */
export const COULOMB_K = 8.9875517923e9;

/** Vacuum permittivity ε0, in F/m. */
export const EPSILON_0 = 8.8541878128e-12;

/** Vacuum permeability μ0, in H/m (= T·m/A). */
export const MU_0 = 1.25663706212e-6;

/** Speed of light in vacuum c, in m/s. */
export const SPEED_OF_LIGHT = 299792458;

/**
 * The ceiling on grid points per simulation (docs/api-contract.md, Limits). Each solver's
 * `gridPoints` says how its input is counted against it; the sim service answers
 * MEMORY_LIMIT_EXCEEDED above it.
 */
export const MAX_GRID_POINTS = 100_000;

/**
 * Relative error below which `gauss_flux` and `ampere_loop` report `verification_passed`.
 * 1e-4 is far above the quadrature error of sensible inputs (which is near 1e-12) and far below
 * anything a student could see on a plot, so a failure means the resolution is really too low.
 */
export const VERIFICATION_TOLERANCE = 1e-4;
