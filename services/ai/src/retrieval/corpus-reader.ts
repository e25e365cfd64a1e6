import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { RetrievalInputError } from './errors.js';
import type { SourceDocument } from './graph-builder.js';
import { type AliasGroup, aliasGroupSchema, compareStrings } from './index-model.js';

/** The concept aliases of a corpus folder, next to its notes. */
export const ALIASES_FILE = 'concept-aliases.json';
export const aliasesFileSchema = z.object({ groups: z.array(aliasGroupSchema) });
/** The bilingual glossary of the notes' words, next to them. */
export const GLOSSARY_FILE = 'glossary.json';
const names = z.array(z.string().min(1).max(100)).min(1).max(20);
const glossaryEntrySchema = z.object({ en: names, zh: names });
type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;
export const glossaryFileSchema = z.object({ entries: z.array(glossaryEntrySchema) });

/** The material the builder reads; anything else in the folder (the index itself, images) is skipped. */
const MATERIAL = /\.(md|markdown|txt)$/i;

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    // Hidden files and folders are editor and VCS leftovers, not course material.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, out);
    else if (entry.isFile() && MATERIAL.test(entry.name)) out.push(path);
  }
}

/**
 * Every Markdown and text file under `dir`, named by its path relative to `dir` with `/`
 * separators on every OS, in byte order of those names: the build must not depend on where
 * the folder lives or on the order the file system lists it.
 */
export async function readCorpus(dir: string, courseId?: string): Promise<SourceDocument[]> {
  const paths: string[] = [];
  await walk(dir, paths);
  const documents = await Promise.all(
    paths.map(async (path) => ({
      source: relative(dir, path).split(sep).join('/'),
      // A byte-order mark is an encoding artefact, not text.
      text: (await readFile(path, 'utf8')).replace(/^\uFEFF/, ''),
      ...(courseId ? { courseId } : {}),
    })),
  );
  return documents.sort((a, b) => compareStrings(a.source, b.source));
}

/** A JSON data file of the folder, validated; undefined when there is none. */
async function readDataFile<T>(dir: string, name: string, schema: z.ZodType<T>): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, name), 'utf8');
  } catch {
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new RetrievalInputError('INVALID_DOCUMENT', `${name} is not JSON`, String(error));
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new RetrievalInputError(
      'INVALID_DOCUMENT',
      `${name} is invalid`,
      `${issue.path.join('.')}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/**
 * The glossary's entries as alias groups of scope `word`, named `w-` and the first English
 * name (`w-field`); two entries with one first name are an error, not a silent merge.
 */
export function glossaryGroups(entries: GlossaryEntry[]): AliasGroup[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const slug = entry.en[0]!.toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const id = `w-${slug}`.slice(0, 64);
    if (seen.has(id)) {
      throw new RetrievalInputError(
        'INVALID_DOCUMENT',
        `${GLOSSARY_FILE} is invalid`,
        `entries: ${id} appears twice`,
      );
    }
    seen.add(id);
    return { id, scope: 'word' as const, terms: [...entry.en, ...entry.zh] };
  });
}

/**
 * The folder's `concept-aliases.json` and `glossary.json` as alias groups ([] when there are
 * none); a malformed one is an error.
 */
export async function readAliases(dir: string): Promise<AliasGroup[]> {
  const concepts = (await readDataFile(dir, ALIASES_FILE, aliasesFileSchema))?.groups ?? [];
  const glossary = (await readDataFile(dir, GLOSSARY_FILE, glossaryFileSchema))?.entries ?? [];
  return [...concepts, ...glossaryGroups(glossary)];
}
