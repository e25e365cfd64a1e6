import { all, create } from 'mathjs';

/**
 * The one mathjs instance of the tutor, the solver, the exercises and the tools (the calculator
 * keeps its own: 64-digit precision and units of its own). Creating an instance with every
 * function costs start-up time and memory, so it is made once.
 * SI values of the course are tiny (two nanocoulombs multiply to 10⁻¹⁷ C²): comparisons are
 * relative only, so mathjs's absolute tolerance (10⁻¹⁵) does not make q₁q₂ > 0 false.
 */
export const math = create(all!, { number: 'number', absTol: 0 });
