import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndexCommand } from './build-index-command.js';
import { RetrievalInputError } from './errors.js';
import { buildIndex, type SourceDocument } from './graph-builder.js';
import { parseIndex } from './index-file.js';
import { serializeIndex } from './index-model.js';

const documents: SourceDocument[] = [
  {
    source: 'em/gauss.md',
    text: '# Gauss\n\n## Flux\n\nElectric flux through a closed surface counts enclosed charge.\n\n## Symmetry\n\nSpherical symmetry makes the Gaussian surface a sphere; the flux gives the field.',
  },
  {
    source: 'em/ampere.md',
    text: '# Ampere\n\n## Loop\n\nThe circulation of the magnetic field around a loop counts enclosed current.\n\n## Solenoid\n\nInside a solenoid the magnetic field is uniform; the loop gives the field.',
  },
  { source: 'notes.txt', text: 'Plain notes: enclosed charge and enclosed current both appear in the laws.' },
];

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'faraday-rag-'));
}

function io(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), cwd } };
}

describe('buildIndex', () => {
  it('gives byte-identical text for the same input, whatever the input order', () => {
    const first = serializeIndex(buildIndex(documents)).text;
    const again = serializeIndex(buildIndex([...documents].reverse())).text;
    expect(again).toBe(first);
    // And the text round-trips through the loader unchanged.
    expect(serializeIndex(parseIndex(first, 'mem')).text).toBe(first);
  });

  it('changes the checksum when any document changes', () => {
    const changed = documents.map((d, i) => (i === 2 ? { ...d, text: `${d.text} More.` } : d));
    expect(buildIndex(changed).checksum).not.toBe(buildIndex(documents).checksum);
  });

  it('links documents, sections and chunks with contains and next, concepts with mentions and related', () => {
    const file = buildIndex(documents);
    const edges = (type: string) => file.edges.filter((e) => e.type === type);
    expect(
      edges('contains').some((e) => e.from === 'doc:em/gauss.md' && e.to === 'sec:em/gauss.md#Gauss > Flux'),
    ).toBe(true);
    expect(edges('next')).toContainEqual({
      type: 'next',
      from: 'chunk:em/gauss.md#0000',
      to: 'chunk:em/gauss.md#0001',
      weight: 1,
    });
    // "magnetic" is in two chunks: a concept that connects them. "enclos" is in three of five,
    // too common to connect anything.
    expect(edges('mentions').filter((e) => e.to === 'concept:magnetic')).toHaveLength(2);
    expect(file.concepts.some((c) => c.term === 'enclos')).toBe(false);
    for (const edge of [...edges('mentions'), ...edges('related')]) {
      expect(edge.weight).toBeGreaterThan(0);
      expect(edge.weight).toBeLessThanOrEqual(1);
    }
    expect(edges('related').length).toBeGreaterThan(0);
    // Arrays are sorted, so the file is stable.
    const ids = file.chunks.map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('keeps course tags on documents and chunks', () => {
    const file = buildIndex([{ ...documents[0]!, courseId: 'course-7' }]);
    expect(file.documents[0]!.course_id).toBe('course-7');
    expect(file.chunks.every((c) => c.course_id === 'course-7' && c.id.startsWith('chunk:@course-7/'))).toBe(
      true,
    );
  });

  it('rejects oversized, empty, badly named and duplicate documents with typed errors', () => {
    const attempt = (docs: SourceDocument[], max?: number) => {
      try {
        buildIndex(docs, max === undefined ? {} : { maxDocumentChars: max });
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const tooLarge = attempt([{ source: 'big.txt', text: 'x'.repeat(101) }], 100);
    expect(tooLarge).toBeInstanceOf(RetrievalInputError);
    expect((tooLarge as RetrievalInputError).code).toBe('DOCUMENT_TOO_LARGE');
    expect((attempt([{ source: 'a.txt', text: '   ' }]) as RetrievalInputError).code).toBe(
      'INVALID_DOCUMENT',
    );
    expect((attempt([{ source: 'a#b.txt', text: 'x' }]) as RetrievalInputError).details).toMatch(/^source:/);
    expect((attempt([documents[0]!, documents[0]!]) as RetrievalInputError).details).toMatch(/appears twice/);
  });
});

describe('rag:build command', () => {
  it('builds from a folder, skips other files, and rebuilds byte-identically', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'corpus/em'), { recursive: true });
    for (const doc of documents) await writeFile(join(dir, 'corpus', doc.source), doc.text);
    await writeFile(join(dir, 'corpus/figure.png'), 'not text');
    await writeFile(join(dir, 'corpus/.draft.md'), '# hidden');

    const first = io(dir);
    expect(await buildIndexCommand(['--input', 'corpus', '--output', 'out/index.json'], first.io)).toBe(0);
    expect(first.out.join('')).toMatch(/3 documents, \d+ chunks/);
    const bytes = await readFile(join(dir, 'out/index.json'), 'utf8');
    expect(bytes).toBe(serializeIndex(buildIndex(documents)).text);

    expect(await buildIndexCommand(['--input', 'corpus', '--output', 'out/index.json'], io(dir).io)).toBe(0);
    expect(await readFile(join(dir, 'out/index.json'), 'utf8')).toBe(bytes);
  });

  it('answers bad usage with exit code 2 and a missing folder with 1', async () => {
    const dir = await tempDir();
    const usage = io(dir);
    expect(await buildIndexCommand(['--input', 'x'], usage.io)).toBe(2);
    expect(usage.err.join('')).toMatch(/--input and --output are required/);
    const missing = io(dir);
    expect(await buildIndexCommand(['--input', 'nope', '--output', 'o.json'], missing.io)).toBe(1);
    expect(missing.err.join('')).toMatch(/is not a folder/);
  });
});
