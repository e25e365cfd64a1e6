import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { IndexUnavailableError } from './errors.js';
import {
  checksumMatches,
  type GraphIndexFile,
  INDEX_FORMAT,
  INDEX_VERSION,
  indexFileSchema,
  serializeIndex,
} from './index-model.js';
import { TOKENIZER_VERSION } from './tokenizer.js';

const REBUILD_HINT = 'rebuild it with `npm run rag:build -- --input <dir> --output <file>`';

function corrupt(path: string, why: string, cause?: unknown): IndexUnavailableError {
  return new IndexUnavailableError(
    'INDEX_CORRUPT',
    path,
    `the index file ${basename(path)} is corrupt (${why}); ${REBUILD_HINT}`,
    cause === undefined ? {} : { cause },
  );
}

/** Every reference between nodes resolves; offsets make sense. The schema cannot say this. */
function checkReferences(file: GraphIndexFile, path: string): void {
  const ids = new Set<string>();
  const add = (id: string) => {
    if (ids.has(id)) throw corrupt(path, `duplicate node id ${JSON.stringify(id)}`);
    ids.add(id);
  };
  for (const d of file.documents) add(d.id);
  for (const s of file.sections) add(s.id);
  for (const c of file.chunks) add(c.id);
  for (const c of file.concepts) add(c.id);
  const documents = new Set(file.documents.map((d) => d.id));
  const sections = new Set(file.sections.map((s) => s.id));
  for (const s of file.sections) {
    if (!documents.has(s.document)) throw corrupt(path, `section ${s.id} names a missing document`);
  }
  for (const c of file.chunks) {
    if (!documents.has(c.document) || !sections.has(c.section)) {
      throw corrupt(path, `chunk ${c.id} names a missing document or section`);
    }
    if (c.end - c.start !== c.text.length) throw corrupt(path, `chunk ${c.id} offsets do not match its text`);
  }
  for (const e of file.edges) {
    if (!ids.has(e.from) || !ids.has(e.to)) throw corrupt(path, `a ${e.type} edge names a missing node`);
  }
}

/**
 * Parses and checks index file text: format, version, tokenizer, checksum, shape, references.
 * Throws IndexUnavailableError, so a caller can start without retrieval and say exactly why.
 */
export function parseIndex(text: string, path: string): GraphIndexFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw corrupt(path, 'not valid JSON', error);
  }
  if (raw === null || typeof raw !== 'object' || (raw as { format?: unknown }).format !== INDEX_FORMAT) {
    throw corrupt(path, `not a ${INDEX_FORMAT} file`);
  }
  const { version, tokenizer } = raw as { version?: unknown; tokenizer?: unknown };
  if (version !== INDEX_VERSION) {
    throw new IndexUnavailableError(
      'INDEX_VERSION_UNSUPPORTED',
      path,
      `the index file ${basename(path)} has format version ${String(version)}, this service reads version ${INDEX_VERSION}; ${REBUILD_HINT}`,
    );
  }
  if (tokenizer !== TOKENIZER_VERSION) {
    // Queries would be tokenized differently from the documents and silently miss.
    throw new IndexUnavailableError(
      'INDEX_VERSION_UNSUPPORTED',
      path,
      `the index file ${basename(path)} was built with tokenizer ${String(tokenizer)}, this service uses ${TOKENIZER_VERSION}; ${REBUILD_HINT}`,
    );
  }
  // Before the shape check: a file edited by hand is reported as edited, not as a shape error.
  if (!checksumMatches(text)) throw corrupt(path, 'checksum mismatch: edited or truncated');
  const parsed = indexFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw corrupt(path, issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid shape');
  }
  const file = parsed.data;
  checkReferences(file, path);
  return file;
}

/** Reads and validates an index file. Missing → INDEX_MISSING; anything wrong inside → INDEX_CORRUPT. */
export async function loadIndexFile(path: string): Promise<GraphIndexFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new IndexUnavailableError('INDEX_MISSING', path, `no index file at ${path}; ${REBUILD_HINT}`);
    }
    throw new IndexUnavailableError('INDEX_MISSING', path, `the index file ${path} cannot be read`, {
      cause: error,
    });
  }
  return parseIndex(text, path);
}

/**
 * Writes a file so that a reader (or a crash) sees the old or the new content, never half:
 * write a temporary file next to it, then rename over (atomic on one file system).
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function writeIndexFile(path: string, file: GraphIndexFile): Promise<void> {
  await writeFileAtomic(path, serializeIndex(file).text);
}
