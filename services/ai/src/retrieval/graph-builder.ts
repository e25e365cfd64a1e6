import { type ChunkingOptions, chunkText, DEFAULT_CHUNKING, isMarkdownSource } from './chunker.js';
import { RetrievalInputError } from './errors.js';
import {
  type AliasGroup,
  type ConceptNode,
  compareStrings,
  type GraphEdge,
  type GraphIndexBody,
  type GraphIndexFile,
  INDEX_FORMAT,
  INDEX_VERSION,
  type IndexedChunk,
  type IndexedDocument,
  type IndexedSection,
  nodeIds,
  round6,
  sealIndex,
  sha256Hex,
} from './index-model.js';
import { isHanTerm, TOKENIZER_VERSION, tokenize } from './tokenizer.js';

/** A piece of course material as it arrives: a file of the corpus or an upload from the backend. */
export interface SourceDocument {
  /** A name, not a path that is ever opened: `en/gauss-law.md`, `resources/<id>/notes.txt`. */
  source: string;
  text: string;
  /** Tagged documents are visible only to requests for that course; untagged are public. */
  courseId?: string | null;
  /** What citations call it (an upload's resource title); else its first `#` heading, if any. */
  title?: string | undefined;
}

/** A Markdown document's title: its first level-one heading. */
function markdownTitle(source: string, text: string): string | undefined {
  if (!isMarkdownSource(source)) return undefined;
  return /^#[ \t]+(.+?)[ \t#]*$/m.exec(text)?.[1]?.trim().slice(0, 200) || undefined;
}

/** One document after chunking, the unit that add/remove swaps in and out of an index. */
export interface PreparedDocument {
  document: IndexedDocument;
  sections: IndexedSection[];
  chunks: IndexedChunk[];
}

export interface GraphOptions {
  /** Concepts linked from one chunk: enough for its topics, few enough to keep hubs rare. */
  conceptsPerChunk: number;
  /** `related` edges kept per concept (the strongest co-occurrences). */
  relatedPerConcept: number;
}

export const DEFAULT_GRAPH: GraphOptions = { conceptsPerChunk: 12, relatedPerConcept: 8 };

/** 1 MB of text is a textbook chapter; larger uploads are almost always the wrong file. */
export const MAX_DOCUMENT_CHARS = 1_000_000;
const MAX_SOURCE_CHARS = 200;
const COURSE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function invalid(details: string): never {
  throw new RetrievalInputError('INVALID_DOCUMENT', 'The document is invalid', details);
}

/** Checks one document before it touches the index; throws RetrievalInputError. */
export function validateDocument(doc: SourceDocument, maxChars = MAX_DOCUMENT_CHARS): void {
  const { source, text, courseId } = doc;
  if (typeof source !== 'string' || source.trim() === '') invalid('source: must not be empty');
  if (source.length > MAX_SOURCE_CHARS) invalid(`source: at most ${MAX_SOURCE_CHARS} characters`);
  // '#' separates a chunk's ordinal in node ids, '@' marks course keys; control characters
  // would end up in logs and citations.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[#\u0000-\u001f\u007f]/.test(source) || source.startsWith('@')) {
    invalid('source: must not contain #, control characters or start with @');
  }
  if (courseId !== undefined && courseId !== null && !COURSE_ID.test(courseId)) {
    invalid('course_id: 1-64 characters of letters, digits, . _ : -');
  }
  if (typeof text !== 'string' || text.trim() === '') invalid('text: must not be empty');
  if (text.length > maxChars) {
    throw new RetrievalInputError(
      'DOCUMENT_TOO_LARGE',
      `The document is too large to index (${text.length} characters, limit ${maxChars})`,
      `text: at most ${maxChars} characters`,
    );
  }
}

/** Chunks one document and names its nodes. */
export function prepareDocument(
  doc: SourceDocument,
  chunking: ChunkingOptions = DEFAULT_CHUNKING,
  maxChars = MAX_DOCUMENT_CHARS,
): PreparedDocument {
  validateDocument(doc, maxChars);
  const courseId = doc.courseId ?? null;
  const key = nodeIds.documentKey(doc.source, courseId);
  const documentId = nodeIds.document(key);
  const sections = new Map<string, IndexedSection>();
  const chunks = chunkText(doc.source, doc.text, chunking).map((piece, ordinal): IndexedChunk => {
    const sectionId = nodeIds.section(key, piece.headingPath);
    if (!sections.has(sectionId)) {
      sections.set(sectionId, { id: sectionId, document: documentId, heading_path: piece.headingPath });
    }
    return {
      id: nodeIds.chunk(key, ordinal),
      document: documentId,
      section: sectionId,
      source: doc.source,
      course_id: courseId,
      heading_path: piece.headingPath,
      start: piece.start,
      end: piece.end,
      text: piece.text,
    };
  });
  return {
    document: {
      id: documentId,
      source: doc.source,
      course_id: courseId,
      sha256: sha256Hex(doc.text),
      chars: doc.text.length,
      ...withTitle(doc.title?.trim() || markdownTitle(doc.source, doc.text)),
    },
    sections: [...sections.values()],
    chunks,
  };
}

const withTitle = (title: string | undefined) => (title ? { title: title.slice(0, 200) } : {});

/** The terms a chunk is indexed under: its heading path (what it is about) and its text. */
export function termsOfChunk(chunk: Pick<IndexedChunk, 'heading_path' | 'text'>): string[] {
  return tokenize(`${chunk.heading_path.join('\n')}\n${chunk.text}`);
}

function termCounts(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** A term that can name a topic: a real word, or a Chinese bigram (single characters are too vague). */
function isConceptTerm(term: string): boolean {
  // Letters only: "2ε0" and "10" come from formulas and connect passages that share notation, not topics.
  return isHanTerm(term) ? Array.from(term).length === 2 : /^\p{L}{3,}$/u.test(term);
}

const byEdge = (a: GraphEdge, b: GraphEdge) =>
  compareStrings(a.type, b.type) || compareStrings(a.from, b.from) || compareStrings(a.to, b.to);

/**
 * Concept nodes and all edges, a pure function of the chunks (so a run-time add gives the same
 * graph as a fresh build). A chunk `mentions` its most specific terms (tf·idf, the top few, weight
 * relative to its best); two concepts are `related` when they are mentioned by the same chunks
 * (weight: co-occurrences / sqrt(product of their mention counts), the cosine of their chunk sets).
 */
function buildGraph(
  prepared: PreparedDocument[],
  sections: IndexedSection[],
  chunks: IndexedChunk[],
  options: GraphOptions,
): { concepts: ConceptNode[]; edges: GraphEdge[] } {
  const edges: GraphEdge[] = [];
  for (const section of sections) {
    edges.push({ type: 'contains', from: section.document, to: section.id, weight: 1 });
  }
  for (const chunk of chunks) edges.push({ type: 'contains', from: chunk.section, to: chunk.id, weight: 1 });
  // Reading order comes from each document's own chunk list, not from sorted ids.
  for (const { chunks: inOrder } of prepared) {
    for (let i = 0; i + 1 < inOrder.length; i++) {
      edges.push({ type: 'next', from: inOrder[i]!.id, to: inOrder[i + 1]!.id, weight: 1 });
    }
  }

  const counts = chunks.map((chunk) => termCounts(termsOfChunk(chunk)));
  const df = new Map<string, number>();
  for (const perChunk of counts) for (const term of perChunk.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = chunks.length;
  // A term in nearly every chunk ("field" in a course on fields) connects everything, i.e. nothing.
  const maxDf = Math.max(2, Math.floor(0.3 * n));
  const mentionedBy = new Map<string, string[]>();
  const chunkConcepts: string[][] = [];
  chunks.forEach((chunk, i) => {
    const scored: [string, number][] = [];
    for (const [term, tf] of counts[i]!) {
      const termDf = df.get(term)!;
      if (termDf < 2 || termDf > maxDf || !isConceptTerm(term)) continue;
      scored.push([term, (1 + Math.log(tf)) * Math.log(n / termDf)]);
    }
    scored.sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]));
    const top = scored.slice(0, options.conceptsPerChunk);
    const best = top[0]?.[1] ?? 0;
    chunkConcepts.push(top.map(([term]) => term));
    for (const [term, score] of top) {
      const weight = best > 0 ? round6(score / best) : 1;
      edges.push({ type: 'mentions', from: chunk.id, to: nodeIds.concept(term), weight });
      const list = mentionedBy.get(term) ?? [];
      list.push(chunk.id);
      mentionedBy.set(term, list);
    }
  });

  // Concepts numbered in term order, so a pair is one number (a < b) instead of a string key:
  // hundreds of thousands of pairs in a large index.
  const terms = [...mentionedBy.keys()].sort(compareStrings);
  const number = new Map(terms.map((term, i) => [term, i]));
  const pairCounts = new Map<number, number>();
  for (const list of chunkConcepts) {
    const ids = list.map((term) => number.get(term)!).sort((x, y) => x - y);
    for (let a = 0; a < ids.length; a++) {
      for (let b = a + 1; b < ids.length; b++) {
        const key = ids[a]! * terms.length + ids[b]!;
        pairCounts.set(key, (pairCounts.get(key) ?? 0) + 1);
      }
    }
  }
  const candidates: [number, number, number][][] = terms.map(() => []);
  for (const [key, count] of pairCounts) {
    // One shared chunk is coincidence; two is a pattern.
    if (count < 2) continue;
    const a = Math.floor(key / terms.length);
    const b = key % terms.length;
    const weight = round6(
      count / Math.sqrt(mentionedBy.get(terms[a]!)!.length * mentionedBy.get(terms[b]!)!.length),
    );
    candidates[a]!.push([a, b, weight]);
    candidates[b]!.push([a, b, weight]);
  }
  const related = new Map<number, GraphEdge>();
  for (const list of candidates) {
    list.sort((x, y) => y[2] - x[2] || x[0] - y[0] || x[1] - y[1]);
    for (const [a, b, weight] of list.slice(0, options.relatedPerConcept)) {
      related.set(a * terms.length + b, {
        type: 'related',
        from: nodeIds.concept(terms[a]!),
        to: nodeIds.concept(terms[b]!),
        weight,
      });
    }
  }
  edges.push(...related.values());
  edges.sort(byEdge);

  const concepts = terms.map((term): ConceptNode => ({ id: nodeIds.concept(term), term, df: df.get(term)! }));
  return { concepts, edges };
}

/** The whole index file from prepared documents; input order does not matter. */
export function assembleIndex(
  prepared: PreparedDocument[],
  chunking: ChunkingOptions = DEFAULT_CHUNKING,
  graph: GraphOptions = DEFAULT_GRAPH,
  aliases: AliasGroup[] = [],
): GraphIndexFile {
  const ordered = [...prepared].sort((a, b) => compareStrings(a.document.id, b.document.id));
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i]!.document.id === ordered[i - 1]!.document.id) {
      invalid(`source: ${ordered[i]!.document.source} appears twice`);
    }
  }
  const documents = ordered.map((p) => p.document);
  const sections = ordered.flatMap((p) => p.sections).sort((a, b) => compareStrings(a.id, b.id));
  const chunks = ordered.flatMap((p) => p.chunks).sort((a, b) => compareStrings(a.id, b.id));
  const { concepts, edges } = buildGraph(ordered, sections, chunks, graph);
  const body: GraphIndexBody = {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    tokenizer: TOKENIZER_VERSION,
    chunking: { max_chars: chunking.maxChars, overlap_chars: chunking.overlapChars },
    stats: {
      documents: documents.length,
      chunks: chunks.length,
      concepts: concepts.length,
      edges: edges.length,
      chars: documents.reduce((sum, d) => sum + d.chars, 0),
    },
    documents,
    sections,
    chunks,
    concepts,
    edges,
    aliases: normaliseAliases(aliases),
  };
  return sealIndex(body);
}

/** Alias groups sorted by id, terms kept in the order given (the first is the display name). */
function normaliseAliases(aliases: AliasGroup[]): AliasGroup[] {
  const sorted = [...aliases].sort((a, b) => compareStrings(a.id, b.id));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.id === sorted[i - 1]!.id) invalid(`aliases: group ${sorted[i]!.id} appears twice`);
  }
  return sorted.map(({ id, scope, terms }) => ({
    id,
    ...(scope ? { scope } : {}),
    terms: [...new Set(terms.map((t) => t.trim()))],
  }));
}

/** Builds an index from raw documents (the CLI and the tests). */
export function buildIndex(
  documents: SourceDocument[],
  options: {
    chunking?: ChunkingOptions;
    graph?: GraphOptions;
    maxDocumentChars?: number;
    aliases?: AliasGroup[];
  } = {},
): GraphIndexFile {
  const chunking = options.chunking ?? DEFAULT_CHUNKING;
  const prepared = documents.map((doc) => prepareDocument(doc, chunking, options.maxDocumentChars));
  return assembleIndex(prepared, chunking, options.graph, options.aliases);
}

/** Splits a loaded index back into its documents, for add/remove at run time. */
export function preparedDocumentsOf(file: GraphIndexFile): PreparedDocument[] {
  const byDocument = new Map<string, PreparedDocument>();
  for (const document of file.documents) byDocument.set(document.id, { document, sections: [], chunks: [] });
  for (const section of file.sections) byDocument.get(section.document)?.sections.push(section);
  for (const chunk of file.chunks) byDocument.get(chunk.document)?.chunks.push(chunk);
  // Chunks start in reading order; ids only sort that way while ordinals fit their padding.
  for (const prepared of byDocument.values()) prepared.chunks.sort((a, b) => a.start - b.start);
  return [...byDocument.values()];
}
