import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SourceDocument } from './graph-builder.js';
import { compareStrings } from './index-model.js';

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
