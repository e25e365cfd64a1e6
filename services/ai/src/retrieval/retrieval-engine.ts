import { randomUUID } from 'node:crypto';
import { composeAnswer } from './answer.js';
import { citationsOf, contextForModel, DEFAULT_BUDGET, sectionLabel, selectPassages } from './context.js';
import { createEmbeddingProvider, type EmbeddingProvider } from './embeddings.js';
import { DocumentNotFoundError, RetrievalInputError } from './errors.js';
import {
  assembleIndex,
  MAX_DOCUMENT_CHARS,
  type PreparedDocument,
  prepareDocument,
  preparedDocumentsOf,
  type SourceDocument,
} from './graph-builder.js';
import { DEFAULT_EXPANSION, expandOverGraph } from './graph-expansion.js';
import { loadIndexFile, writeIndexFile } from './index-file.js';
import { compareStrings, type GraphIndexFile } from './index-model.js';
import {
  DEFAULT_RELEVANCE_MODEL,
  isRelevant,
  type RelevanceFeatures,
  relevanceFeatures,
} from './relevance.js';
import { type Candidate, normalise, reciprocalRankFusion, rerank } from './rerank.js';
import type {
  RankedChunk,
  RetrievalEngineOptions,
  RetrievalResult,
  RetrievalStatus,
  RetrieveOptions,
} from './retrieval-types.js';
import {
  chunkingOf,
  combine,
  FileRuntimeStore,
  loadAtStart,
  type RuntimeDocumentStore,
} from './runtime-store.js';
import { SearchIndex } from './search-index.js';
import { analyzeQuery } from './tokenizer.js';
import { VectorStore } from './vector-store.js';

export type {
  RankedChunk,
  RetrievalEngineOptions,
  RetrievalMethod,
  RetrievalResult,
  RetrievalStatus,
  RetrieveOptions,
} from './retrieval-types.js';

/** Candidates kept from each first-stage list before fusion and re-ranking. */
const SEED_LIMIT = 30;
/** An empty query is a 400; a longer one is cut (the words that matter come first). */
const MAX_QUERY_CHARS = 4000;

export class RetrievalEngine {
  private index: SearchIndex;
  /** The version of the run-time store that `index` reflects. */
  private runtimeVersion: string;
  private readonly provider: EmbeddingProvider;
  private vectors: Promise<VectorStore> | undefined;
  private vectorsChecksum: string | undefined;
  private mutations: Promise<unknown> = Promise.resolve();
  /** An engine without a store keeps its documents in memory: they last as long as it does. */
  private readonly memoryEpoch = randomUUID();

  private constructor(
    private readonly base: GraphIndexFile,
    overlay: { version: string; documents: PreparedDocument[] },
    private readonly options: RetrievalEngineOptions,
    private readonly runtime: RuntimeDocumentStore | undefined,
  ) {
    this.index = new SearchIndex(combine(base, overlay.documents));
    this.runtimeVersion = overlay.version;
    const embedding = options.embedding ?? { provider: 'hash' };
    this.provider = 'embed' in embedding ? embedding : createEmbeddingProvider(embedding);
  }

  /** Loads the index (and the run-time overlay); throws IndexUnavailableError when it cannot. */
  static async open(options: RetrievalEngineOptions): Promise<RetrievalEngine> {
    const base = await loadIndexFile(options.indexPath);
    const runtime =
      options.runtime ??
      (options.overlayPath ? new FileRuntimeStore(options.overlayPath, chunkingOf(base)) : undefined);
    const overlay = runtime ? await loadAtStart(runtime, options.log) : { version: '', documents: [] };
    return new RetrievalEngine(base, overlay, options, runtime);
  }

  /** An engine over an index already in memory (tests, evaluation, benchmarks); never writes. */
  static fromIndex(file: GraphIndexFile, options: Omit<RetrievalEngineOptions, 'indexPath'> = {}) {
    return new RetrievalEngine(
      file,
      { version: '', documents: [] },
      { ...options, indexPath: '' },
      undefined,
    );
  }

  /**
   * Takes in what other instances changed in a shared run-time store: when its version moved,
   * reloads the run-time documents and swaps the index. Cheap when nothing changed (one read).
   */
  async refresh(): Promise<boolean> {
    const runtime = this.runtime;
    if (!runtime) return false;
    return this.exclusive(async () => {
      if ((await runtime.version()) === this.runtimeVersion) return false;
      await this.reload(runtime);
      return true;
    });
  }

  /** Swaps in the run-time store's current documents (inside `exclusive`). */
  private async reload(runtime: RuntimeDocumentStore): Promise<void> {
    const { version, documents } = await runtime.load();
    this.index = new SearchIndex(combine(this.base, documents));
    this.runtimeVersion = version;
  }

  get indexFile(): GraphIndexFile {
    return this.index.file;
  }

  status(): RetrievalStatus {
    const { stats, checksum } = this.index.file;
    return {
      documents: stats.documents,
      chunks: stats.chunks,
      concepts: stats.concepts,
      edges: stats.edges,
      checksum,
      embedding: `${this.provider.name} (${this.provider.model})`,
      vectors:
        this.vectorsChecksum === undefined
          ? 'not_built'
          : this.vectorsChecksum === checksum
            ? 'ready'
            : 'stale',
    };
  }

  /** The full ranking before the context budget: what the evaluation measures. */
  async rank(query: string, options: RetrieveOptions = {}): Promise<RankedChunk[]> {
    const { index, ranked } = await this.rankCandidates(query, options);
    return ranked.map((c) => rankedChunk(index, c));
  }

  /** The measurements the relevance decision is made from, and the decision (calibration, eval). */
  async judge(
    query: string,
    options: RetrieveOptions = {},
  ): Promise<{ features: RelevanceFeatures; relevant: boolean }> {
    const { index, ranked, units, concepts, outside, claimed, anchored } = await this.rankCandidates(
      query,
      options,
    );
    const features = relevanceFeatures(index, units, concepts, outside, ranked, claimed, anchored);
    return { features, relevant: isRelevant(features, options.relevance ?? DEFAULT_RELEVANCE_MODEL) };
  }

  async retrieve(query: string, options: RetrieveOptions = {}): Promise<RetrievalResult> {
    const { index, ranked, units, concepts, outside, claimed, anchored, terms } = await this.rankCandidates(
      query,
      options,
    );
    const features = relevanceFeatures(index, units, concepts, outside, ranked, claimed, anchored);
    const relevant = isRelevant(features, options.relevance ?? DEFAULT_RELEVANCE_MODEL);
    const passages = relevant ? selectPassages(index, ranked, { ...DEFAULT_BUDGET, ...options.budget }) : [];
    const answer = composeAnswer(query, passages, relevant, {
      question: query,
      terms,
      idf: (term) => (index.bm25.df(term) > 0 ? index.bm25.idf(term) : 0),
    });
    return {
      query,
      method: options.method ?? 'graph',
      relevant,
      outside,
      passages,
      citations: citationsOf(passages),
      context: contextForModel(passages, relevant),
      quotedAnswer: answer.reply,
      answerCitations: answer.citations,
    };
  }

  private async rankCandidates(query: string, options: RetrieveOptions) {
    if (typeof query !== 'string' || query.trim() === '') {
      throw new RetrievalInputError('EMPTY_QUERY', 'The query is empty', 'query: must contain text');
    }
    const text = query.slice(0, MAX_QUERY_CHARS);
    const method = options.method ?? 'graph';
    // Awaited before the index is read, so vectors and index belong to the same version.
    const store = method === 'hybrid' ? await this.vectorStore() : undefined;
    const queryVector = store ? await store.embedQuery(text, options.signal) : undefined;
    const index = this.index;
    const { terms, units, concepts, outside, claimed, anchored } = index.aliases.expand(
      text,
      analyzeQuery(text),
    );
    const visible = index.visibility(options.courseId);
    const keyword = index.bm25.search(terms, SEED_LIMIT, visible);
    let seeds = normalise(keyword);
    if (store && queryVector) {
      // A mutation between the two awaits leaves the vectors one version behind: keyword only.
      const nearest = store.checksum === index.checksum ? store.search(queryVector, SEED_LIMIT, visible) : [];
      seeds = normalise(reciprocalRankFusion([keyword.map((s) => s.doc), nearest.map((s) => s.doc)]));
    }
    if (method === 'keyword') {
      // BM25 order as is (coverage still computed, for the relevance test), so the evaluation
      // shows what expansion and re-ranking add.
      const ranked = rerank(index, units, seeds, new Map()).map((c) => ({ ...c, score: c.seed }));
      ranked.sort((a, b) => b.score - a.score || a.chunk - b.chunk);
      return { index, units, concepts, outside, claimed, anchored, terms, ranked };
    }
    const expansion = { ...DEFAULT_EXPANSION, ...this.options.expansion };
    if (options.hops !== undefined) expansion.hops = Math.max(0, Math.min(4, Math.floor(options.hops)));
    const expanded = expandOverGraph(index, seeds, visible, expansion);
    return {
      index,
      units,
      concepts,
      outside,
      claimed,
      anchored,
      terms,
      ranked: rerank(index, units, seeds, expanded, this.options.rerank),
    };
  }

  /** The vector store for the current index: built on first use, re-synced after changes. */
  private async vectorStore(): Promise<VectorStore> {
    const index = this.index;
    if (this.vectors === undefined) {
      this.vectors = VectorStore.open({
        provider: this.provider,
        index,
        ...(this.options.vectorStorePath ? { path: this.options.vectorStorePath } : {}),
        ...(this.options.log ? { log: this.options.log } : {}),
      });
      // A failed first build (embeddings endpoint down) is retried by the next hybrid query.
      this.vectors.catch(() => {
        this.vectors = undefined;
      });
    }
    const store = await this.vectors;
    if (store.checksum !== index.checksum) await this.exclusive(() => store.sync(this.index));
    this.vectorsChecksum = store.checksum;
    return store;
  }

  /** Prepares the vectors now instead of on the first hybrid query (start-up warm-up). */
  async warmVectors(): Promise<void> {
    await this.vectorStore();
  }

  /** The run-time store's epoch (see RuntimeDocumentStore.epoch). */
  async epoch(): Promise<string> {
    return this.runtime ? this.runtime.epoch() : this.memoryEpoch;
  }

  /** Adds or replaces a document; persisted before it becomes visible. */
  async addDocument(
    doc: SourceDocument,
  ): Promise<{ source: string; course_id: string | null; chunks: number; epoch: string }> {
    const chunking = chunkingOf(this.index.file);
    const prepared = prepareDocument(doc, chunking, this.options.maxDocumentChars ?? MAX_DOCUMENT_CHARS);
    return this.exclusive(async () => {
      const id = prepared.document.id;
      if (this.runtime && this.isBaseDocument(id)) {
        throw new RetrievalInputError(
          'INVALID_DOCUMENT',
          'A document of the prebuilt index has this name',
          'source: already used by the prebuilt index; choose another name',
        );
      }
      let epoch: string = this.memoryEpoch;
      await this.commit(
        (docs) => [...docs.filter((d) => d.document.id !== id), prepared],
        async (runtime) => {
          epoch = await runtime.put(prepared);
        },
      );
      return {
        source: doc.source,
        course_id: prepared.document.course_id,
        chunks: prepared.chunks.length,
        epoch,
      };
    });
  }

  async removeDocument(source: string, courseId?: string | null): Promise<void> {
    await this.exclusive(async () => {
      const find = () =>
        this.index.file.documents.find((d) => d.source === source && d.course_id === (courseId ?? null));
      let target = find();
      // Another instance may have added it since this one last polled: a 404 would tell the
      // backend it is gone while the shared store keeps it.
      if (!target && this.runtime?.kind === 'redis') {
        await this.reload(this.runtime);
        target = find();
      }
      if (!target) throw new DocumentNotFoundError(source);
      if (this.runtime && this.isBaseDocument(target.id)) {
        throw new RetrievalInputError(
          'INVALID_DOCUMENT',
          'Documents of the prebuilt index are removed by rebuilding it',
          'source: part of the prebuilt index; rebuild it with npm run rag:build',
        );
      }
      await this.commit(
        (docs) => docs.filter((d) => d.document.id !== target.id),
        (runtime) => runtime.remove(target.id),
      );
    });
  }

  /** The documents a course sees, by name (public and course copies of one name side by side). */
  listDocuments(courseId?: string): { source: string; course_id: string | null; chars: number }[] {
    return this.index.file.documents
      .filter((d) => d.course_id === null || d.course_id === courseId)
      .map(({ source, course_id, chars }) => ({ source, course_id, chars }))
      .sort(
        (a, b) => compareStrings(a.source, b.source) || compareStrings(a.course_id ?? '', b.course_id ?? ''),
      );
  }

  private isBaseDocument(id: string): boolean {
    return this.base.documents.some((d) => d.id === id);
  }

  /**
   * Applies a change to the mutable document set, persists it (one document's put or remove in
   * the run-time store, or the whole index file without one), then swaps the index.
   */
  private async commit(
    change: (docs: PreparedDocument[]) => PreparedDocument[],
    persist: (runtime: RuntimeDocumentStore) => Promise<void>,
  ): Promise<void> {
    const chunking = chunkingOf(this.index.file);
    let next: GraphIndexFile;
    if (this.runtime) {
      // Another instance may have changed the shared set since: start from its latest state.
      await persist(this.runtime);
      const { version, documents } = await this.runtime.load();
      next = combine(this.base, documents);
      this.runtimeVersion = version;
    } else {
      next = assembleIndex(
        change(preparedDocumentsOf(this.index.file)),
        chunking,
        undefined,
        this.index.file.aliases,
      );
      if (this.options.indexPath) await writeIndexFile(this.options.indexPath, next);
    }
    // Vectors follow lazily: the next hybrid query embeds the new chunks. An embeddings
    // endpoint that is down must not undo a document that is already saved.
    this.index = new SearchIndex(next);
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.mutations.then(work, work);
    this.mutations = run.catch(() => {});
    return run;
  }
}

function rankedChunk(index: SearchIndex, c: Candidate): RankedChunk {
  const chunk = index.chunks[c.chunk]!;
  return {
    chunkId: chunk.id,
    source: chunk.source,
    section: sectionLabel(chunk.heading_path),
    headingPath: chunk.heading_path,
    text: chunk.text,
    score: c.score,
    coverage: c.coverage,
    hop: c.hop,
  };
}
