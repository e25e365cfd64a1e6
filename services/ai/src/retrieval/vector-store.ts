import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type ScoredDoc, topK } from './bm25.js';
import type { EmbeddingProvider } from './embeddings.js';
import { writeFileAtomic } from './index-file.js';
import { sha256Hex } from './index-model.js';
import type { SearchIndex } from './search-index.js';

/**
 * Chunk vectors for hybrid retrieval, one row per chunk in the index's chunk order. The file
 * at VECTOR_STORE_PATH is a cache of derived data: it records the checksum of the index it
 * was built for and the provider/model, and any mismatch (or damage) means "rebuild", never an
 * error. Rebuilding re-embeds only chunks whose text changed, which matters for the `api`
 * provider where each embedding is a network call.
 */
export const VECTOR_STORE_FORMAT = 'faraday.vector-store';
export const VECTOR_STORE_VERSION = 1;

const storeFileSchema = z.object({
  format: z.literal(VECTOR_STORE_FORMAT),
  version: z.literal(VECTOR_STORE_VERSION),
  index_checksum: z.string(),
  provider: z.string(),
  model: z.string(),
  dimensions: z.number().int().min(1),
  ids: z.array(z.string()),
  text_sha: z.array(z.string()),
  /** Float32 little-endian, rows one after another, base64. */
  vectors: z.string(),
});

export interface VectorStoreLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What a chunk is embedded as: the same heading-plus-text the keyword index sees. */
function embeddingText(index: SearchIndex, chunk: number): string {
  const c = index.chunks[chunk]!;
  return `${c.heading_path.join('\n')}\n${c.text}`;
}

function textHash(text: string): string {
  return sha256Hex(text).slice(0, 16);
}

function encode(rows: Float32Array[], dimensions: number): string {
  const bytes = Buffer.alloc(rows.length * dimensions * 4);
  rows.forEach((row, r) => {
    for (let i = 0; i < dimensions; i++) bytes.writeFloatLE(row[i]!, (r * dimensions + i) * 4);
  });
  return bytes.toString('base64');
}

function decode(base64: string, count: number, dimensions: number): Float32Array[] | undefined {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== count * dimensions * 4) return undefined;
  return Array.from({ length: count }, (_, r) => {
    const row = new Float32Array(dimensions);
    for (let i = 0; i < dimensions; i++) row[i] = bytes.readFloatLE((r * dimensions + i) * 4);
    return row;
  });
}

interface Cached {
  textSha: string;
  vector: Float32Array;
}

export class VectorStore {
  private rows: Float32Array[] = [];
  /** The vectors column-major (component j of every chunk together), for the search scan. */
  private columns = new Float32Array(0);
  private dimensions = 0;
  private indexChecksum = '';
  /** Vectors by chunk id, for reuse when the index changes. */
  private cache = new Map<string, Cached>();

  private constructor(
    private readonly provider: EmbeddingProvider,
    private readonly path: string | undefined,
    private readonly log: VectorStoreLog | undefined,
  ) {}

  /** Loads the store for `index`, rebuilding (and saving) it if it is missing or stale. */
  static async open(options: {
    provider: EmbeddingProvider;
    index: SearchIndex;
    path?: string;
    log?: VectorStoreLog;
  }): Promise<VectorStore> {
    const store = new VectorStore(options.provider, options.path, options.log);
    if (options.path) await store.readFile(options.path);
    await store.sync(options.index);
    return store;
  }

  get checksum(): string {
    return this.indexChecksum;
  }

  get providerName(): string {
    return `${this.provider.name} (${this.provider.model})`;
  }

  private async readFile(path: string): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log?.warn({ path, err: error }, 'vector store unreadable; rebuilding it');
      }
      return;
    }
    const parsed = storeFileSchema.safeParse(raw);
    if (!parsed.success || parsed.data.ids.length !== parsed.data.text_sha.length) {
      this.log?.warn({ path }, 'vector store damaged; rebuilding it');
      return;
    }
    const file = parsed.data;
    if (file.provider !== this.provider.name || file.model !== this.provider.model) return;
    const rows = decode(file.vectors, file.ids.length, file.dimensions);
    if (!rows) {
      this.log?.warn({ path }, 'vector store damaged; rebuilding it');
      return;
    }
    this.dimensions = file.dimensions;
    this.indexChecksum = file.index_checksum;
    file.ids.forEach((id, i) => {
      this.cache.set(id, { textSha: file.text_sha[i]!, vector: rows[i]! });
    });
  }

  /**
   * Brings the vectors in line with `index`: reuses unchanged chunks, embeds the rest, saves.
   * Nothing changes in memory until every embedding has arrived, so a failed call leaves the
   * previous vectors in place (and throws EmbeddingError).
   */
  async sync(index: SearchIndex): Promise<void> {
    const texts = index.chunks.map((_, i) => embeddingText(index, i));
    const shas = texts.map(textHash);
    const missing: number[] = [];
    index.chunks.forEach((chunk, i) => {
      if (this.cache.get(chunk.id)?.textSha !== shas[i]) missing.push(i);
    });
    if (missing.length === 0 && this.indexChecksum === index.checksum && this.rows.length === index.size)
      return;
    const fresh = missing.length > 0 ? await this.provider.embed(missing.map((i) => texts[i]!)) : [];
    const dimensions = fresh[0]?.length ?? this.dimensions;
    const cache = new Map<string, Cached>();
    missing.forEach((i, k) => {
      cache.set(index.chunks[i]!.id, { textSha: shas[i]!, vector: fresh[k]! });
    });
    const rows = index.chunks.map((chunk) => {
      const cached = cache.get(chunk.id) ?? this.cache.get(chunk.id)!;
      cache.set(chunk.id, cached);
      return cached.vector;
    });
    if (rows.some((row) => row.length !== dimensions)) {
      // The provider changed its vector size (a new model behind the same name): start over.
      this.cache.clear();
      this.rows = [];
      this.indexChecksum = '';
      return this.sync(index);
    }
    this.cache = cache;
    this.rows = rows;
    this.columns = new Float32Array(rows.length * dimensions);
    rows.forEach((row, r) => {
      for (let j = 0; j < dimensions; j++) this.columns[j * rows.length + r] = row[j]!;
    });
    this.dimensions = dimensions;
    this.indexChecksum = index.checksum;
    this.log?.info({ embedded: missing.length, reused: rows.length - missing.length }, 'vector store synced');
    if (this.path) await this.save(index, shas);
  }

  private async save(index: SearchIndex, shas: string[]): Promise<void> {
    const file: z.input<typeof storeFileSchema> = {
      format: VECTOR_STORE_FORMAT,
      version: VECTOR_STORE_VERSION,
      index_checksum: index.checksum,
      provider: this.provider.name,
      model: this.provider.model,
      dimensions: this.dimensions,
      ids: index.chunks.map((chunk) => chunk.id),
      text_sha: shas,
      vectors: encode(this.rows, this.dimensions),
    };
    try {
      await writeFileAtomic(this.path!, `${JSON.stringify(file)}\n`);
    } catch (error) {
      // A cache that cannot be saved is rebuilt next start; retrieval itself is fine.
      this.log?.warn({ path: this.path, err: error }, 'vector store could not be saved');
    }
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.provider.embed([text], signal);
    return vector!;
  }

  /**
   * Cosine-nearest visible chunks, best first, ties by chunk number. Exact brute force over a
   * column-major matrix: for each non-zero query component, one sequential pass over that
   * component of every chunk. A hash-embedded question has a few dozen non-zero components out
   * of 512, so this is ~20x less work than row-by-row dot products; a dense query (api
   * provider) costs the same as the plain scan. Exact, so no approximate index and no recall
   * loss at course scale.
   */
  search(query: Float32Array, limit: number, visible?: (chunk: number) => boolean): ScoredDoc[] {
    if (query.length !== this.dimensions) return [];
    const count = this.rows.length;
    const columns = this.columns;
    const scores = new Float64Array(count);
    for (let j = 0; j < this.dimensions; j++) {
      const weight = query[j]!;
      if (weight === 0) continue;
      const base = j * count;
      for (let doc = 0; doc < count; doc++) scores[doc]! += weight * columns[base + doc]!;
    }
    return topK('all', scores, limit, visible);
  }
}
