import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@faraday/contracts';
import { describe, expect, it } from 'vitest';
import { IndexUnavailableError, RetrievalInputError, toAppError } from './errors.js';
import { buildIndex } from './graph-builder.js';
import { loadIndexFile, writeIndexFile } from './index-file.js';
import { serializeIndex } from './index-model.js';

const file = buildIndex([
  { source: 'a.md', text: '# A\n\nCoulomb force between point charges.' },
  { source: 'b.md', text: '# B\n\nGauss law relates flux and enclosed charge.' },
]);

async function written(content: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'faraday-index-'));
  const path = join(dir, 'graph-index.json');
  await writeFile(path, content);
  return path;
}

async function failure(path: string): Promise<IndexUnavailableError> {
  try {
    await loadIndexFile(path);
  } catch (error) {
    if (error instanceof IndexUnavailableError) return error;
    throw error;
  }
  throw new Error('expected the load to fail');
}

describe('loadIndexFile', () => {
  it('loads what writeIndexFile wrote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'faraday-index-'));
    const path = join(dir, 'nested/graph-index.json');
    await writeIndexFile(path, file);
    const loaded = await loadIndexFile(path);
    expect(loaded.checksum).toBe(file.checksum);
    expect(loaded.chunks).toEqual(file.chunks);
  });

  it('reports a missing file as INDEX_MISSING', async () => {
    const error = await failure(join(tmpdir(), 'no-such-dir-faraday', 'index.json'));
    expect(error.code).toBe('INDEX_MISSING');
    expect(error.message).toMatch(/rag:build/);
  });

  it('reports invalid JSON, a truncated file and a hand edit as INDEX_CORRUPT', async () => {
    const text = serializeIndex(file).text;
    expect((await failure(await written('{"format": '))).code).toBe('INDEX_CORRUPT');
    expect((await failure(await written(text.slice(0, text.length / 2)))).code).toBe('INDEX_CORRUPT');
    const edited = await failure(await written(text.replace('Coulomb force', 'Coulomb farce')));
    expect(edited.code).toBe('INDEX_CORRUPT');
    expect(edited.message).toMatch(/checksum mismatch/);
    expect((await failure(await written('{"format":"something-else"}'))).message).toMatch(
      /not a faraday\.graph-index/,
    );
  });

  it('reports a broken reference as INDEX_CORRUPT even with a valid checksum', async () => {
    const broken = {
      ...file,
      edges: [
        ...file.edges,
        { type: 'next' as const, from: 'chunk:a.md#0000', to: 'chunk:zzz#0000', weight: 1 },
      ],
    };
    const error = await failure(await written(serializeIndex(broken).text));
    expect(error.code).toBe('INDEX_CORRUPT');
    expect(error.message).toMatch(/missing node/);
  });

  it('reports another format version or tokenizer as INDEX_VERSION_UNSUPPORTED', async () => {
    const text = serializeIndex(file).text;
    expect((await failure(await written(text.replace('"version": 1', '"version": 2')))).code).toBe(
      'INDEX_VERSION_UNSUPPORTED',
    );
    const tokenizer = await failure(
      await written(text.replace(/"tokenizer": "[^"]+"/, '"tokenizer": "old-1"')),
    );
    expect(tokenizer.code).toBe('INDEX_VERSION_UNSUPPORTED');
    expect(tokenizer.message).toMatch(/old-1/);
  });

  it('writes atomically: no temporary files left behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'faraday-index-'));
    await writeIndexFile(join(dir, 'i.json'), file);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(dir)).toEqual(['i.json']);
    expect(await readFile(join(dir, 'i.json'), 'utf8')).toBe(serializeIndex(file).text);
  });
});

describe('toAppError', () => {
  it('maps an unusable index to 503 and bad input to 400', async () => {
    const missing = toAppError(await failure(join(tmpdir(), 'nope-faraday', 'i.json')));
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect((missing as AppError).message).toMatch(/^Retrieval is unavailable/);
    const empty = toAppError(
      new RetrievalInputError('EMPTY_QUERY', 'The query is empty', 'query: must contain text'),
    );
    expect((empty as AppError).status).toBe(400);
    expect((empty as AppError).details).toBe('query: must contain text');
    const other = new Error('x');
    expect(toAppError(other)).toBe(other);
  });
});
