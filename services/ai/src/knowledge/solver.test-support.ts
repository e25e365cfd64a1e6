import { KnowledgeAnswers } from './answers.js';
import { courseKnowledge } from './knowledge-base.js';
import { ProblemSolver } from './solver.js';

const solver = new ProblemSolver(courseKnowledge());
const answers = new KnowledgeAnswers();

/** The worked solution a student gets for a word problem ('' when none). */
export const solve = (q: string) => answers.workedSolution(q) ?? '';

/** The question's quantities as the solver reads them: [kind, SI value to 6 digits]. */
export const read = (q: string) => solver.readings(q).map((r) => [r.kind, Number(r.value.toPrecision(6))]);
