import { z } from 'zod';
import { KNOWLEDGE_DIR, readDataFile } from '../knowledge/data-file.js';

/**
 * Word lists of academic writing in English and Chinese (corpus/knowledge/writing-lexicon.json):
 * hedges (claims stated with due caution), connectives by function, and markers of overclaiming
 * and informal register. The lists are small on purpose: each entry is unambiguous enough to
 * count without parsing.
 */
const words = z.array(z.string().min(1)).min(1);
const lexicon = readDataFile(
  z.object({
    hedges: words,
    // In this order: ALL_CONNECTIVES lists them role by role.
    connectives: z.object({
      contrast: words,
      cause: words,
      addition: words,
      example: words,
      sequence: words,
      conclusion: words,
    }),
    overclaims: words,
    informal: words,
    evaluative: words,
  }),
  KNOWLEDGE_DIR,
  'writing-lexicon.json',
);

export const HEDGES: readonly string[] = lexicon.hedges;

export type ConnectiveRole = keyof typeof lexicon.connectives;

export const CONNECTIVES: Readonly<Record<ConnectiveRole, readonly string[]>> = lexicon.connectives;

export const ALL_CONNECTIVES: readonly string[] = Object.values(CONNECTIVES).flat();

/** Claims stated as certain; in academic writing they usually need a hedge or a source. */
export const OVERCLAIMS: readonly string[] = lexicon.overclaims;

/** Register that belongs in conversation rather than in a report. */
export const INFORMAL: readonly string[] = lexicon.informal;

/** Words that evaluate sources (a literature review that only reports them is a list). */
export const EVALUATIVE: readonly string[] = lexicon.evaluative;
