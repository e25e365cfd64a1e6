import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CORPUS_DIR } from '../guided/corpus-outline.js';
import { aliasesFileSchema, glossaryFileSchema } from '../retrieval/corpus-reader.js';
import { courseKnowledge } from './knowledge-base.js';

/**
 * Students' spelling read as the course spells it (docs/adr/0135-students-spelling.md), before
 * retrieval and the knowledge base see a question. Chinese variants and same-sound slips are data
 * (corpus/spelling.json). An English word is corrected only when it is no English word and not a
 * word of the notes, and a word of the course's concept vocabulary (concept aliases, glossary,
 * the knowledge base's names) is within a small edit distance: "solenid" → "solenoid",
 * "lenzs" → "lenz's"; "strait" and "care" are words and stay.
 */

const spellingFileSchema = z.object({ zh: z.record(z.string().min(1), z.string().min(1)) });

/** Shortest word corrected; shorter words are too easily another word. */
const MIN_WORD = 4;

/** Edits allowed: one for a word of four or five letters, two for a longer one. */
const maxEdits = (length: number) => (length <= 5 ? 1 : 2);

/** Optimal string alignment distance (a swap of neighbours is one edit), or bound + 1 beyond it. */
export function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > bound) return bound + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, bound + 1);
}

export class Spelling {
  /** Variants longest first, so 封闭的面 is replaced before a shorter variant inside it. */
  private readonly variants: [string, string][];

  constructor(
    variants: Record<string, string>,
    /** The words a misspelling may be corrected to. */
    private readonly vocabulary: ReadonlySet<string>,
    /** Words that are spelt right (English words, the notes' words, the vocabulary). */
    private readonly known: (word: string) => boolean,
  ) {
    this.variants = Object.entries(variants).sort((a, b) => b[0].length - a[0].length);
  }

  /** The question with variants and misspelt words in the course's spelling. */
  correct(text: string): string {
    let out = text;
    for (const [variant, form] of this.variants)
      if (out.includes(variant)) out = out.split(variant).join(form);
    return out.replace(/[A-Za-z]+(?:['’][A-Za-z]+)?/g, (word) => this.word(word) ?? word);
  }

  private word(word: string): string | undefined {
    const lower = word.toLowerCase();
    if (/['’]/.test(lower) || lower.length < MIN_WORD || this.known(lower)) return undefined;
    const whole = this.nearest(lower);
    if (whole) return whole;
    // "columbs law": the possessive without its apostrophe, misspelt.
    if (lower.endsWith('s') && lower.length > MIN_WORD) {
      const stem = lower.slice(0, -1);
      const found = this.known(stem) ? stem : this.nearest(stem);
      if (found) return `${found}'s`;
    }
    return undefined;
  }

  /** The one vocabulary word nearest within the allowed edits, starting with the same letter. */
  private nearest(word: string): string | undefined {
    const bound = maxEdits(word.length);
    let best: { term: string; distance: number } | undefined;
    for (const term of this.vocabulary) {
      if (term[0] !== word[0]) continue;
      const distance = editDistance(word, term, bound);
      if (distance > bound) continue;
      // Nearer wins; at equal distance the longer shared beginning, then the first alphabetically.
      if (!best || distance < best.distance || (distance === best.distance && better(word, term, best.term)))
        best = { term, distance };
    }
    return best?.term;
  }
}

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function better(word: string, term: string, than: string): boolean {
  const a = sharedStart(word, term);
  const b = sharedStart(word, than);
  return a !== b ? a > b : term < than;
}

const WORD = /[a-z]+/g;

function wordsOf(texts: Iterable<string>, into: Set<string>, min = 3): Set<string> {
  for (const text of texts)
    for (const w of text.toLowerCase().match(WORD) ?? []) if (w.length >= min) into.add(w);
  return into;
}

function readData<T>(schema: z.ZodType<T>, dir: string, file: string): T {
  return schema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
}

/** The course's spelling from its data files: the concept vocabulary, the notes' words, English. */
export function loadSpelling(dir = DEFAULT_CORPUS_DIR): Spelling {
  const aliases = readData(aliasesFileSchema, dir, 'concept-aliases.json').groups.flatMap((g) => g.terms);
  const glossary = readData(glossaryFileSchema, dir, 'glossary.json').entries.flatMap((e) => e.en);
  const names = courseKnowledge().results.flatMap((r) => r.names);
  const vocabulary = wordsOf([...aliases, ...glossary, ...names], new Set());
  const notes = new Set<string>();
  for (const file of readdirSync(join(dir, 'en')))
    wordsOf([readFileSync(join(dir, 'en', file), 'utf8')], notes, 1);
  const english = new Set(createRequire(import.meta.url)('an-array-of-english-words') as string[]);
  const known = (w: string) => english.has(w) || notes.has(w) || vocabulary.has(w);
  return new Spelling(readData(spellingFileSchema, dir, 'spelling.json').zh, vocabulary, known);
}

let shared: Spelling | undefined;

/** A student's question in the course's spelling (the data is read once). */
export function courseSpelling(text: string): string {
  shared ??= loadSpelling();
  return shared.correct(text);
}
