import { simulationTypes } from '@faraday/contracts';
import { z } from 'zod';
import { KNOWLEDGE_DIR, readDataFile } from '../knowledge/data-file.js';

/**
 * What the simulation tutor knows about each lab solver (corpus/knowledge/sim-guides.json), in
 * English and Chinese: its parameters, what to look for in its results, the next experiment,
 * and the parameter and result names a student asks about ("what is the CFL number?").
 */
const bilingual = z.object({ en: z.string().min(1), zh: z.string().min(1) });

const guideSchema = z.object({
  parameters: bilingual,
  look: bilingual,
  experiment: bilingual,
  /** Parameter and result names (lower case; the lab's own keys and the words students use). */
  terms: z.array(z.object({ names: z.array(z.string().min(1)).min(1), meaning: bilingual })),
});
export type SolverGuide = z.infer<typeof guideSchema>;

const guides = readDataFile(
  z.object({
    parameterSymbols: z.record(z.string(), z.string().min(1)),
    solvers: z.object(Object.fromEntries(simulationTypes.map((s) => [s, guideSchema]))),
  }),
  KNOWLEDGE_DIR,
  'sim-guides.json',
);

export const SOLVER_GUIDES = guides.solvers as Record<(typeof simulationTypes)[number], SolverGuide>;

/** The lab's parameter names as the calculator's symbols (n_turns → N), in the file's order. */
export const PARAMETER_SYMBOLS: Readonly<Record<string, string>> = guides.parameterSymbols;
