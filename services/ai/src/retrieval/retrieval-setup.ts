import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '@faraday/contracts';
import { z } from 'zod';
import type { EmbeddingSettings } from './embeddings.js';
import { IndexUnavailableError } from './errors.js';
import { MAX_DOCUMENT_CHARS } from './graph-builder.js';
import { RetrievalEngine } from './retrieval-engine.js';
import { SharedRuntime } from './shared-runtime.js';
import type { VectorStoreLog } from './vector-store.js';

/** The AI service folder (services/ai), from src/retrieval or dist/retrieval alike. */
export const SERVICE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** GRAPH_RAG_INDEX_PATH's default: the prebuilt index of the shipped corpus. */
export const DEFAULT_INDEX_PATH = 'corpus/index/graph-index.json';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['true', '1', 'yes'].includes(v));

/**
 * The retrieval settings of the AI service's environment, to merge into its
 * config schema. Paths are relative to the AI service folder, as the README says.
 */
export const retrievalEnvShape = {
  GRAPH_RAG_ENABLED: flag
    .optional()
    .describe('Retrieval for <mode>_rag; default true except when APP_ENV=prod'),
  GRAPH_RAG_INDEX_PATH: z.string().min(1).default(DEFAULT_INDEX_PATH).describe('Prebuilt graph index file'),
  GRAPH_RAG_RUNTIME_PATH: z
    .string()
    .min(1)
    .default('rag-runtime-index.json')
    .describe(
      'Where documents added at run time are kept (relative to DATA_DIR), so the prebuilt index stays untouched',
    ),
  GRAPH_RAG_RUNTIME_POLL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(1000)
    .describe('With REDIS_URL: how often an instance checks for documents another one added or removed'),
  GRAPH_RAG_RUNTIME_REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]+$/, 'letters, digits and : . - _ only')
    .optional()
    .describe(
      'With REDIS_URL: key prefix of the shared run-time documents (default faraday:<APP_ENV>:ai:rag-runtime:)',
    ),
  EMBEDDING_PROVIDER: z.enum(['hash', 'api']).default('hash').describe('Vectors for /v1/chat/hybrid'),
  EMBEDDING_MODEL: z.string().min(1).optional().describe('Model for EMBEDDING_PROVIDER=api'),
  VECTOR_STORE_PATH: z
    .string()
    .min(1)
    .default('vector-store.json')
    .describe('Persisted chunk vectors (relative to DATA_DIR)'),
  RAG_MAX_DOCUMENT_CHARS: z.coerce.number().int().min(1000).max(20_000_000).default(MAX_DOCUMENT_CHARS),
};

const retrievalEnvSchema = z.object(retrievalEnvShape);
type RetrievalEnv = z.output<typeof retrievalEnvSchema>;

export interface RetrievalSettings {
  enabled: boolean;
  indexPath: string;
  runtimePath: string;
  /** Set: run-time documents live in Redis, shared by every instance, instead of runtimePath. */
  shared?: { redisUrl: string; prefix: string; pollMs: number } | undefined;
  vectorStorePath: string;
  maxDocumentChars: number;
  embedding: EmbeddingSettings;
}

/** Problems a config schema should report at start (add them in its superRefine). */
export function retrievalEnvProblems(env: RetrievalEnv, localUpstream: boolean): [string, string][] {
  const problems: [string, string][] = [];
  if (env.EMBEDDING_PROVIDER === 'api') {
    if (env.EMBEDDING_MODEL === undefined)
      problems.push(['EMBEDDING_MODEL', 'is required when EMBEDDING_PROVIDER=api']);
    // Course material is private: it is embedded by the local upstream or not at all.
    if (!localUpstream)
      problems.push(['EMBEDDING_PROVIDER', 'api needs the local upstream (LLM_BASE_URL_LOCAL)']);
  }
  return problems;
}

export function toRetrievalSettings(
  env: RetrievalEnv,
  context: {
    production: boolean;
    local?: { baseUrl: string; apiKey: string; timeoutMs: number } | undefined;
    redisUrl?: string | undefined;
    /** Where the files the service writes live; the prebuilt index is read from the service folder. */
    dataDir: string;
    /** The service's Redis key prefix (names the environment). */
    redisPrefix: string;
  },
): RetrievalSettings {
  const path = (p: string) => (isAbsolute(p) ? p : resolve(SERVICE_DIR, p));
  const written = (p: string) => resolve(context.dataDir, p);
  const embedding: EmbeddingSettings =
    env.EMBEDDING_PROVIDER === 'api' && context.local && env.EMBEDDING_MODEL
      ? { provider: 'api', ...context.local, model: env.EMBEDDING_MODEL }
      : { provider: 'hash' };
  return {
    enabled: env.GRAPH_RAG_ENABLED ?? !context.production,
    indexPath: path(env.GRAPH_RAG_INDEX_PATH),
    runtimePath: written(env.GRAPH_RAG_RUNTIME_PATH),
    shared: context.redisUrl
      ? {
          redisUrl: context.redisUrl,
          prefix: env.GRAPH_RAG_RUNTIME_REDIS_PREFIX ?? `${context.redisPrefix}rag-runtime:`,
          pollMs: env.GRAPH_RAG_RUNTIME_POLL_MS,
        }
      : undefined,
    vectorStorePath: written(env.VECTOR_STORE_PATH),
    maxDocumentChars: env.RAG_MAX_DOCUMENT_CHARS,
    embedding,
  };
}

export type RetrievalHealth =
  | { status: 'disabled' }
  | {
      status: 'ready';
      documents: number;
      chunks: number;
      checksum: string;
      embedding: string;
      vectors: string;
    }
  | { status: 'unavailable'; reason: string };

/**
 * Retrieval as the service holds it: ready, disabled, or unavailable with the reason. The
 * service starts in every case; only `_rag`, hybrid and index requests need it.
 */
export class RetrievalGate {
  private constructor(
    private readonly state:
      | { status: 'disabled' }
      | { status: 'ready'; engine: RetrievalEngine }
      | { status: 'unavailable'; reason: string },
    private readonly shared?: SharedRuntime,
  ) {}

  static async open(settings: RetrievalSettings, log?: VectorStoreLog): Promise<RetrievalGate> {
    if (!settings.enabled) return new RetrievalGate({ status: 'disabled' });
    const shared = settings.shared
      ? new SharedRuntime(settings.shared.redisUrl, settings.shared.prefix, log)
      : undefined;
    try {
      const engine = await RetrievalEngine.open({
        indexPath: settings.indexPath,
        overlayPath: settings.runtimePath,
        ...(shared ? { runtime: shared.store } : {}),
        vectorStorePath: settings.vectorStorePath,
        embedding: settings.embedding,
        maxDocumentChars: settings.maxDocumentChars,
        ...(log ? { log } : {}),
      });
      if (shared && settings.shared) shared.follow(engine, settings.shared.pollMs);
      return new RetrievalGate({ status: 'ready', engine }, shared);
    } catch (error) {
      await shared?.close();
      // A missing or corrupt index must not stop the service: report it and carry on.
      if (error instanceof IndexUnavailableError) {
        log?.warn({ err: error, path: error.path }, 'retrieval unavailable');
        return new RetrievalGate({ status: 'unavailable', reason: error.message });
      }
      throw error;
    }
  }

  /** Stops following the shared store and closes its connection. */
  async close(): Promise<void> {
    await this.shared?.close();
  }

  static ready(engine: RetrievalEngine): RetrievalGate {
    return new RetrievalGate({ status: 'ready', engine });
  }

  /** The engine, or a 503 that says why there is none. */
  engine(): RetrievalEngine {
    if (this.state.status === 'ready') return this.state.engine;
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      this.state.status === 'disabled'
        ? 'Retrieval is disabled on this AI service (GRAPH_RAG_ENABLED=false)'
        : `Retrieval is unavailable: ${this.state.reason}`,
    );
  }

  health(): RetrievalHealth {
    if (this.state.status !== 'ready') return this.state;
    const s = this.state.engine.status();
    return {
      status: 'ready',
      documents: s.documents,
      chunks: s.chunks,
      checksum: s.checksum,
      embedding: s.embedding,
      vectors: s.vectors,
    };
  }
}
