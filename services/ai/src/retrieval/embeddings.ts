import OpenAI from 'openai';
import { z } from 'zod';
import { EmbeddingError } from './errors.js';
import { tokenize } from './tokenizer.js';

/**
 * Embedding providers for the vector half of hybrid retrieval. Every vector is L2-normalised,
 * so a dot product is the cosine similarity whatever the provider.
 */
export interface EmbeddingProvider {
  readonly name: 'hash' | 'api';
  /** Recorded in the vector store: vectors from another model are never mixed in. */
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

function normaliseInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** FNV-1a over UTF-16 code units, then a murmur3 finaliser so nearby strings spread out. */
function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Deterministic feature hashing (the "hashing trick", Weinberger et al. 2009): no model, no
 * download, the same vector on every machine. Features are the tokenizer's terms (stemmed
 * words, Chinese bigrams and characters) plus character trigrams of English words, which give
 * partial credit to word forms the stemmer does not join (polarization / polarized). Counts are
 * log-scaled and a second hash picks the sign, so collisions cancel out on average instead of
 * piling up. It is a lexical vector: it adds fuzzy matching, not meaning; use `api` for meaning.
 */
export class HashEmbeddingProvider implements EmbeddingProvider {
  readonly name = 'hash' as const;
  readonly model: string;
  readonly dimensions: number;

  constructor(dimensions = 512) {
    if (!Number.isInteger(dimensions) || dimensions < 16) throw new RangeError('dimensions must be >= 16');
    this.dimensions = dimensions;
    this.model = `hash-v1-${dimensions}`;
  }

  embedOne(text: string): Float32Array {
    const features = new Map<string, number>();
    const bump = (feature: string, weight: number) =>
      features.set(feature, (features.get(feature) ?? 0) + weight);
    for (const term of tokenize(text)) {
      bump(`t:${term}`, 1);
      if (/^[a-z]{5,}$/.test(term)) {
        const padded = `<${term}>`;
        for (let i = 0; i + 3 <= padded.length; i++) bump(`g:${padded.slice(i, i + 3)}`, 0.25);
      }
    }
    const vector = new Float32Array(this.dimensions);
    // Sorted features: float additions happen in the same order on every run.
    for (const feature of [...features.keys()].sort()) {
      const count = features.get(feature)!;
      const slot = hash32(feature, 0) % this.dimensions;
      const sign = (hash32(feature, 0x9e3779b9) & 1) === 0 ? 1 : -1;
      vector[slot]! += sign * Math.log1p(count);
    }
    return normaliseInPlace(vector);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }
}

export interface ApiEmbeddingConfig {
  /** Without /v1, like the chat upstreams: the client appends /v1/embeddings. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Inputs per request; OpenAI-compatible servers commonly accept a few hundred. */
  batchSize?: number;
}

const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()).min(1) })),
});

/** The upstream's OpenAI-compatible `POST {base}/v1/embeddings`, through the official client. */
export class ApiEmbeddingProvider implements EmbeddingProvider {
  readonly name = 'api' as const;
  readonly model: string;
  private readonly sdk: OpenAI;
  private readonly batchSize: number;

  constructor(config: ApiEmbeddingConfig) {
    this.model = config.model;
    this.batchSize = config.batchSize ?? 64;
    this.sdk = new OpenAI({
      apiKey: config.apiKey,
      baseURL: `${config.baseUrl.replace(/\/+$/, '')}/v1`,
      // A failed embedding is reported, not retried behind the caller's back.
      maxRetries: 0,
      timeout: config.timeoutMs,
      logLevel: 'off',
    });
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    let dimensions: number | undefined;
    for (let from = 0; from < texts.length; from += this.batchSize) {
      const batch = texts.slice(from, from + this.batchSize);
      let raw: unknown;
      try {
        raw = await this.sdk.embeddings.create(
          { model: this.model, input: batch, encoding_format: 'float' },
          signal ? { signal } : {},
        );
      } catch (error) {
        throw new EmbeddingError(`the embeddings endpoint failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const parsed = embeddingsResponseSchema.safeParse(raw);
      if (!parsed.success || parsed.data.data.length !== batch.length) {
        throw new EmbeddingError(
          'the embeddings endpoint answered something that is not one vector per input',
        );
      }
      // Servers may answer out of order; `index` says which input each vector belongs to.
      const ordered = [...parsed.data.data].sort((a, b) => a.index - b.index);
      for (const item of ordered) {
        dimensions ??= item.embedding.length;
        if (item.embedding.length !== dimensions) {
          throw new EmbeddingError('the embeddings endpoint answered vectors of different lengths');
        }
        out.push(normaliseInPlace(Float32Array.from(item.embedding)));
      }
    }
    return out;
  }
}

export type EmbeddingSettings =
  | { provider: 'hash'; dimensions?: number }
  | ({ provider: 'api' } & ApiEmbeddingConfig);

export function createEmbeddingProvider(settings: EmbeddingSettings): EmbeddingProvider {
  return settings.provider === 'hash'
    ? new HashEmbeddingProvider(settings.dimensions)
    : new ApiEmbeddingProvider(settings);
}
