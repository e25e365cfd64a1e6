import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CORPUS_DIR } from '../guided/corpus-outline.js';
import type { Lang } from '../lang.js';

/** The course's knowledge files (results, units, phrases, tool requests) beside its notes. */
export const KNOWLEDGE_DIR = join(DEFAULT_CORPUS_DIR, 'knowledge');

/** A data file of the course checked against its schema; a malformed one stops the service at start. */
export function readDataFile<T>(schema: z.ZodType<T>, dir: string, file: string): T {
  return schema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
}

/** A keyed phrase catalogue: the same keys in English and Chinese (a test checks every catalogue). */
export const catalogueSchema = z.object({
  en: z.record(z.string(), z.string()),
  zh: z.record(z.string(), z.string()),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** The catalogues under corpus/knowledge/phrases/, by file name without `.json`. */
export const PHRASES_DIR = join(KNOWLEDGE_DIR, 'phrases');

const catalogues = new Map<string, Catalogue>();

/** A catalogue of corpus/knowledge/phrases/, read once. */
export function catalogue(name: string): Catalogue {
  let found = catalogues.get(name);
  if (!found) {
    found = readDataFile(catalogueSchema, PHRASES_DIR, `${name}.json`);
    catalogues.set(name, found);
  }
  return found;
}

/** A phrase with its {placeholders} filled; a missing key is a programming error. */
export function phrase(
  book: Catalogue,
  lang: Lang,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const template = book[lang][key];
  if (template === undefined) throw new Error(`no phrase "${key}" in ${lang}`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
