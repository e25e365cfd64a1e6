import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * The graph index file, version 1 (documented in docs/retrieval-index-format.md). Everything
 * that decides what is retrieved is in here, and nothing that changes between two builds of the
 * same input (no timestamps, no absolute paths, arrays sorted, numbers rounded), so rebuilding
 * unchanged material gives the same bytes and the checksum doubles as a content version.
 */
export const INDEX_FORMAT = 'faraday.graph-index';
export const INDEX_VERSION = 1;

export const edgeTypes = ['contains', 'next', 'mentions', 'related'] as const;
export type EdgeType = (typeof edgeTypes)[number];

const nodeId = z.string().min(1).max(1000);

export const indexedDocumentSchema = z.object({
  id: nodeId,
  source: z.string().min(1),
  course_id: z.string().min(1).nullable(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  chars: z.number().int().min(0),
  /**
   * What citations call the document: the title an upload was given, else a Markdown file's
   * first `#` heading. Optional: files written before titles existed still load (shown by name).
   */
  title: z.string().min(1).max(200).optional(),
});
export type IndexedDocument = z.infer<typeof indexedDocumentSchema>;

export const indexedSectionSchema = z.object({
  id: nodeId,
  document: nodeId,
  heading_path: z.array(z.string()),
});
export type IndexedSection = z.infer<typeof indexedSectionSchema>;

export const indexedChunkSchema = z.object({
  id: nodeId,
  document: nodeId,
  section: nodeId,
  source: z.string().min(1),
  course_id: z.string().min(1).nullable(),
  heading_path: z.array(z.string()),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  text: z.string().min(1),
});
export type IndexedChunk = z.infer<typeof indexedChunkSchema>;

export const conceptSchema = z.object({
  id: nodeId,
  term: z.string().min(1),
  /** Number of chunks whose text contains the term (not only those linked by `mentions`). */
  df: z.number().int().min(1),
});
export type ConceptNode = z.infer<typeof conceptSchema>;

export const edgeSchema = z.object({
  type: z.enum(edgeTypes),
  from: nodeId,
  to: nodeId,
  weight: z.number().min(0).max(1),
});
export type GraphEdge = z.infer<typeof edgeSchema>;

/**
 * Names of one concept in any language (布儒斯特角, Brewster's angle, polarising angle): a query
 * using one finds passages using another, and a passage naming the concept covers the words of
 * the query that named it. Data, not code: the corpus's `concept-aliases.json` is copied in at
 * build time, so an index carries the aliases it was built with.
 */
export const aliasGroupSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/),
  terms: z.array(z.string().min(1).max(100)).min(2).max(40),
  /**
   * `outside`: a neighbouring topic the course does not teach (sound, heat): never expands a
   * query or covers its words; a question naming it needs more than shared common words.
   * `word`: a glossary entry (`glossary.json`), a word and its translation: it expands a query
   * and covers its words like a concept's names, but naming it is not naming a course concept.
   * `everyday`: concept names that are also everyday words, one group per kind of everyday use
   * (money, household wiring, relationships…): such a name still names its concept, but alone it
   * does not anchor a question in the course (relevance.ts, `unanchored`).
   */
  scope: z.enum(['outside', 'word', 'everyday']).optional(),
});
export type AliasGroup = z.infer<typeof aliasGroupSchema>;

export const indexFileSchema = z.object({
  format: z.literal(INDEX_FORMAT),
  version: z.literal(INDEX_VERSION),
  checksum: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  tokenizer: z.string().min(1),
  chunking: z.object({ max_chars: z.number().int().min(50), overlap_chars: z.number().int().min(0) }),
  stats: z.object({
    documents: z.number().int().min(0),
    chunks: z.number().int().min(0),
    concepts: z.number().int().min(0),
    edges: z.number().int().min(0),
    chars: z.number().int().min(0),
  }),
  documents: z.array(indexedDocumentSchema),
  sections: z.array(indexedSectionSchema),
  chunks: z.array(indexedChunkSchema),
  concepts: z.array(conceptSchema),
  edges: z.array(edgeSchema),
  /** Optional so that files written before aliases existed still load (as an index without any). */
  aliases: z.array(aliasGroupSchema).default([]),
});
export type GraphIndexFile = z.infer<typeof indexFileSchema>;
export type GraphIndexBody = Omit<GraphIndexFile, 'checksum'>;

/** Node ids: the prefix says the kind, so an edge list needs no separate node table lookups. */
export const nodeIds = {
  /** Course material and public material may share a file name; the key keeps them apart. */
  documentKey: (source: string, courseId: string | null) =>
    courseId === null ? source : `@${courseId}/${source}`,
  document: (key: string) => `doc:${key}`,
  section: (key: string, headingPath: string[]) => `sec:${key}#${headingPath.join(' > ')}`,
  // Zero-padded so that sorting ids as strings keeps reading order within a document.
  chunk: (key: string, ordinal: number) => `chunk:${key}#${String(ordinal).padStart(4, '0')}`,
  concept: (term: string) => `concept:${term}`,
};

/** UTF-16 code-unit order, not locale order: the same on every machine and Node version. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Six decimals are plenty for weights and keep float noise out of the bytes. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Field order of every element, given to JSON.stringify: the bytes never depend on the order in
 * which an object's properties happened to be created (built here, or parsed from a file).
 */
const FIELDS = {
  header: ['format', 'version', 'checksum', 'tokenizer', 'chunking', 'stats'] as const,
  chunking: ['max_chars', 'overlap_chars'],
  stats: ['documents', 'chunks', 'concepts', 'edges', 'chars'],
  documents: ['id', 'source', 'course_id', 'sha256', 'chars', 'title'],
  sections: ['id', 'document', 'heading_path'],
  chunks: ['id', 'document', 'section', 'source', 'course_id', 'heading_path', 'start', 'end', 'text'],
  concepts: ['id', 'term', 'df'],
  edges: ['type', 'from', 'to', 'weight'],
  aliases: ['id', 'scope', 'terms'],
} as const;
const ARRAYS = ['documents', 'sections', 'chunks', 'concepts', 'edges', 'aliases'] as const;

/** The checksum field's value while the checksum is computed. */
const ZERO_CHECKSUM = `sha256:${'0'.repeat(64)}`;

function render(file: GraphIndexBody, checksum: string): string {
  const lines: string[] = ['{'];
  const header: Record<string, unknown> = { ...file, checksum };
  for (const key of FIELDS.header) {
    const fields = key === 'chunking' || key === 'stats' ? [...FIELDS[key]] : undefined;
    lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(header[key], fields)},`);
  }
  ARRAYS.forEach((key, i) => {
    const items = file[key] as unknown[];
    const comma = i < ARRAYS.length - 1 ? ',' : '';
    if (items.length === 0) {
      lines.push(`  ${JSON.stringify(key)}: []${comma}`);
      return;
    }
    const fields = [...FIELDS[key]];
    lines.push(`  ${JSON.stringify(key)}: [`);
    const last = items.length - 1;
    items.forEach((item, j) => {
      lines.push(`    ${JSON.stringify(item, fields)}${j < last ? ',' : ''}`);
    });
    lines.push(`  ]${comma}`);
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/**
 * The file text: header fields one per line, then every array one element per line, so a
 * changed note shows up in review as a readable diff of a few lines. The checksum is the
 * SHA-256 of this same text with the checksum field set to 64 zeros.
 */
export function serializeIndex(file: GraphIndexBody): { text: string; checksum: string } {
  const cached = rendered.get(file);
  if (cached) return cached;
  const draft = render(file, ZERO_CHECKSUM);
  const checksum = `sha256:${sha256Hex(draft)}`;
  return { text: draft.replace(ZERO_CHECKSUM, checksum), checksum };
}

// The builder renders a file once to learn its checksum; writing it reuses that text.
const rendered = new WeakMap<object, { text: string; checksum: string }>();

/** Adds the checksum to a freshly built body (and remembers the text for writing). */
export function sealIndex(body: GraphIndexBody): GraphIndexFile {
  const { text, checksum } = serializeIndex(body);
  const { format, version, ...rest } = body;
  const file: GraphIndexFile = { format, version, checksum, ...rest };
  rendered.set(file, { text, checksum });
  return file;
}

/** Checks a file's text against the checksum written in it (before any parsing work). */
export function checksumMatches(text: string): boolean {
  const match = /"checksum": "(sha256:[0-9a-f]{64})"/.exec(text.slice(0, 400));
  if (!match) return false;
  return `sha256:${sha256Hex(text.replace(match[1]!, ZERO_CHECKSUM))}` === match[1];
}
