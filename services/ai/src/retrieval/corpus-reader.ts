import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { RetrievalInputError } from './errors.js';
import type { SourceDocument } from './graph-builder.js';
import { type AliasGroup, aliasGroupSchema, compareStrings } from './index-model.js';

/** The concept aliases of a corpus folder, next to its notes. */
export const ALIASES_FILE = 'concept-aliases.json';
const aliasesFileSchema = z.object({ groups: z.array(aliasGroupSchema) });

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

/** The folder's `concept-aliases.json` ([] when there is none); a malformed one is an error. */
export async function readAliases(dir: string): Promise<AliasGroup[]> {
  let text: string;
  try {
    text = await readFile(join(dir, ALIASES_FILE), 'utf8');
  } catch {
    return [];
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new RetrievalInputError('INVALID_DOCUMENT', `${ALIASES_FILE} is not JSON`, String(error));
  }
  const parsed = aliasesFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new RetrievalInputError(
      'INVALID_DOCUMENT',
      `${ALIASES_FILE} is invalid`,
      `${issue.path.join('.')}: ${issue.message}`,
    );
  }
  return parsed.data.groups;
}
