import { type SimulationType, simulationTypes } from '@faraday/contracts';
import { z } from 'zod';
import { DEFAULT_CORPUS_DIR } from '../guided/corpus-outline.js';
import { escapeRegExp } from '../regexp.js';
import { aliasesFileSchema } from '../retrieval/corpus-reader.js';
import { readDataFile } from './data-file.js';

/**
 * The concepts the offline tutor teaches: the groups of corpus/concept-aliases.json (the one
 * concept list of retrieval, guided learning and the tools) that carry a `tutor` entry.
 * Recognition is keyword scoring over the conversation: strong keywords name the concept
 * (solenoid, Gauss), weak ones only hint at it (current, charge).
 */

/** A solver of the sim service, as the contracts name them. */
export type SolverName = SimulationType;

const teaching = {
  name: z.string().min(1),
  law: z.string().min(1),
  /** The law's formula alone, without English words around it (what a Chinese reply shows). */
  formula: z.string().min(1).optional(),
  /** Socratic questions in teaching order; later turns of a conversation take later ones. */
  questions: z.array(z.string().min(1)).min(1),
  hints: z.array(z.string().min(1)).min(1),
  misconception: z.string().min(1),
};
const tutorSchema = z.object({
  ...teaching,
  /** Ties go to the lower rank: the more specific concept. */
  rank: z.number().int(),
  strong: z.array(z.string().min(1)),
  weak: z.array(z.string().min(1)),
  solver: z.enum(simulationTypes).optional(),
});
const fileSchema = aliasesFileSchema.extend({
  tutor_general: z.object({ ...teaching, zh: z.object({ questions: z.array(z.string().min(1)).min(1) }) }),
  groups: z.array(z.object({ id: z.string(), tutor: tutorSchema.optional() })),
});

export type Concept = Omit<z.infer<typeof tutorSchema>, 'rank'> & {
  id: string;
  /** The general concept's questions in Chinese. */
  zh?: { questions: string[] };
};

function load(): { concepts: Concept[]; general: Concept } {
  const file = readDataFile(fileSchema, DEFAULT_CORPUS_DIR, 'concept-aliases.json');
  const concepts = file.groups
    .flatMap(({ id, tutor }) => (tutor ? [{ id, ...tutor }] : []))
    .sort((a, b) => a.rank - b.rank)
    .map(({ rank: _rank, ...concept }) => concept);
  return { concepts, general: { id: 'general', strong: [], weak: [], ...file.tutor_general } };
}

const loaded = load();
export const concepts: readonly Concept[] = loaded.concepts;
/** Asked when no concept is recognised: useful for any physics question. */
export const generalConcept: Concept = loaded.general;

function hits(text: string, keyword: string): number {
  // CJK has no word boundaries; Latin keywords match at the start of a word (plurals count).
  if (/[\u3400-\u9fff]/.test(keyword)) return text.includes(keyword) ? 1 : 0;
  const escaped = escapeRegExp(keyword);
  return (text.match(new RegExp(`(?<![\\p{L}])${escaped}`, 'gu')) ?? []).length;
}

function scoreConcept(concept: Concept, text: string): number {
  const lower = text.toLowerCase();
  let score = 0;
  for (const k of concept.strong) score += 3 * hits(lower, k);
  for (const k of concept.weak) score += hits(lower, k);
  return score;
}

/** The concept the text is most about, or undefined; ties go to the more specific (earlier) one. */
function recognizeConcept(text: string): Concept | undefined {
  let best: Concept | undefined;
  let bestScore = 0;
  for (const concept of concepts) {
    const score = scoreConcept(concept, text);
    if (score > bestScore) {
      best = concept;
      bestScore = score;
    }
  }
  return best;
}

/** The latest user message that names a concept decides; earlier turns keep the topic going. */
export function conceptOfConversation(userTexts: readonly string[]): Concept {
  for (let i = userTexts.length - 1; i >= 0; i -= 1) {
    const found = recognizeConcept(userTexts[i]!);
    if (found) return found;
  }
  return generalConcept;
}

/**
 * Whether the text names the concept by one of its strong keywords (solenoid, Gauss): a weak hint
 * alone ("current" in an Ohm's-law question) does not make its law the one to apply.
 */
export function namesConcept(concept: Concept, text: string): boolean {
  const lower = text.toLowerCase();
  return concept.strong.some((k) => hits(lower, k) > 0);
}
