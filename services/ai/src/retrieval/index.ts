/**
 * The retrieval engine's public surface: what the chat routes, the CLI, the evaluation and the
 * benchmark use. Everything else in this folder is an implementation detail.
 */

export { asksForQuantity, type ComposedAnswer, composeAnswer, notFoundReply } from './answer.js';
export { type ChunkingOptions, chunkText, DEFAULT_CHUNKING, type TextChunk } from './chunker.js';
export {
  type Citation,
  type ContextBudget,
  contextForModel,
  DEFAULT_BUDGET,
  type Passage,
} from './context.js';
export { readAliases, readCorpus } from './corpus-reader.js';
export { type DocumentRoutesOptions, documentRoutes } from './documents.routes.js';
export {
  ApiEmbeddingProvider,
  createEmbeddingProvider,
  type EmbeddingProvider,
  type EmbeddingSettings,
  HashEmbeddingProvider,
} from './embeddings.js';
export {
  DocumentNotFoundError,
  EmbeddingError,
  IndexUnavailableError,
  RetrievalError,
  RetrievalInputError,
  toAppError,
} from './errors.js';
export { buildIndex, MAX_DOCUMENT_CHARS, type SourceDocument } from './graph-builder.js';
export { loadIndexFile, parseIndex, writeIndexFile } from './index-file.js';
export { type GraphIndexFile, INDEX_FORMAT, INDEX_VERSION, serializeIndex } from './index-model.js';
export { type ChatTurn, retrievalQuery, retrieveForChat, withRetrievedContext } from './rag-chat.js';
export {
  DEFAULT_RELEVANCE_MODEL,
  type RelevanceFeatures,
  type RelevanceModel,
  relevanceProbability,
} from './relevance.js';
export { reciprocalRankFusion } from './rerank.js';
export {
  type RankedChunk,
  RetrievalEngine,
  type RetrievalEngineOptions,
  type RetrievalMethod,
  type RetrievalResult,
  type RetrievalStatus,
  type RetrieveOptions,
} from './retrieval-engine.js';
export {
  DEFAULT_INDEX_PATH,
  RetrievalGate,
  type RetrievalHealth,
  type RetrievalSettings,
  retrievalEnvProblems,
  retrievalEnvShape,
  SERVICE_DIR,
  toRetrievalSettings,
} from './retrieval-setup.js';
export { analyzeQuery, TOKENIZER_VERSION, tokenize } from './tokenizer.js';
