import type { Citation, ContextBudget, Passage } from './context.js';
import type { EmbeddingProvider, EmbeddingSettings } from './embeddings.js';
import type { ExpansionOptions } from './graph-expansion.js';
import type { RelevanceModel } from './relevance.js';
import type { RerankWeights } from './rerank.js';
import type { RuntimeDocumentStore } from './runtime-store.js';
import type { VectorStoreLog } from './vector-store.js';

// What the retrieval engine is asked, what it answers and how it is set up; the engine itself
// is in retrieval-engine.ts.

export type RetrievalMethod = 'keyword' | 'graph' | 'hybrid';

export interface RetrieveOptions {
  /**
   * keyword: BM25 order only. graph (default): BM25 seeds, graph expansion, re-ranking.
   * hybrid: BM25 and vector seeds fused by RRF, then as graph.
   */
  method?: RetrievalMethod;
  /** Course of the request: its tagged chunks become visible, other courses' stay hidden. */
  courseId?: string;
  /** Graph expansion depth, 0-4 (default 1). */
  hops?: number;
  budget?: Partial<ContextBudget>;
  /** The relevance decision's fitted model (default: the calibrated one). */
  relevance?: RelevanceModel;
  signal?: AbortSignal;
}

export interface RankedChunk {
  chunkId: string;
  source: string;
  section: string;
  headingPath: string[];
  text: string;
  score: number;
  coverage: number;
  /** 0 for direct hits, else the graph hop that reached it. */
  hop: number;
}

export interface RetrievalResult {
  query: string;
  method: RetrievalMethod;
  /** False when no passage covers enough of the question: the chat must say so, not invent. */
  relevant: boolean;
  /** The question names a topic the course does not teach (an alias group of scope `outside`). */
  outside?: boolean;
  passages: Passage[];
  citations: Citation[];
  /** For the upstream model: numbered passages plus the rules for citing them. */
  context: string;
  /**
   * For simulated mode: a direct answer, then evidence, each a contiguous quotation with [n], or
   * "not in the material".
   */
  quotedAnswer: string;
  /** What `quotedAnswer` cites, numbered as it cites them (a subset of `citations`). */
  answerCitations: Citation[];
}

export interface RetrievalEngineOptions {
  /** The prebuilt index (GRAPH_RAG_INDEX_PATH). */
  indexPath: string;
  /**
   * Where documents added at run time are kept (an index file of their own). When absent,
   * add/remove rewrite `indexPath` itself.
   */
  overlayPath?: string;
  /** A shared store for run-time documents (Redis); takes the place of `overlayPath`. */
  runtime?: RuntimeDocumentStore;
  /** Default `hash`. */
  embedding?: EmbeddingSettings | EmbeddingProvider;
  /** VECTOR_STORE_PATH; vectors stay in memory without it. */
  vectorStorePath?: string;
  maxDocumentChars?: number;
  expansion?: Partial<ExpansionOptions>;
  rerank?: RerankWeights;
  log?: VectorStoreLog;
}

export interface RetrievalStatus {
  documents: number;
  chunks: number;
  concepts: number;
  edges: number;
  checksum: string;
  embedding: string;
  vectors: 'not_built' | 'ready' | 'stale';
}

/**
 * The retrieval engine: one object per AI service. Queries read an immutable compiled index;
 * add/remove build a new one, persist it atomically, then swap it in, one mutation at a time.
 */
