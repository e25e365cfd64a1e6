import { createHash, randomUUID } from 'node:crypto';
import { access, readFile, writeFile } from 'node:fs/promises';
import { AppError } from '@faraday/contracts';
import type { RedisAvailability } from '@faraday/server-kit';
import type { Redis } from 'ioredis';
import type { ChunkingOptions } from './chunker.js';
import { assembleIndex, type PreparedDocument, preparedDocumentsOf } from './graph-builder.js';
import { loadIndexFile, writeIndexFile } from './index-file.js';
import { compareStrings, type GraphIndexFile } from './index-model.js';
import type { VectorStoreLog } from './vector-store.js';

/**
 * Where documents added at run time (course uploads) are kept, apart from the prebuilt index.
 * Each document is stored whole, already chunked, so an instance that sees a new version
 * rebuilds its search index without chunking anything again.
 */
export interface RuntimeDocumentStore {
  readonly kind: 'file' | 'redis';
  /** Every run-time document, ordered by id, and the version they are at. */
  load(): Promise<{ version: string; documents: PreparedDocument[] }>;
  /** Adds or replaces one document; answers the store's epoch it was stored under. */
  put(doc: PreparedDocument): Promise<string>;
  /** Removes one document by id (absent is fine). */
  remove(id: string): Promise<void>;
  /** The current version: cheap, so instances can poll it to follow each other's changes. */
  version(): Promise<string>;
  /**
   * Names this store's contents since it was last empty: a store that lost everything (a Redis
   * restarted without its data, a deleted data folder) starts a new epoch. The backend records
   * the epoch each document was fed under and feeds again whatever an older epoch holds
   * (docs/adr/0126-course-material-survives-redis-loss.md).
   */
  epoch(): Promise<string>;
}

const byId = (a: PreparedDocument, b: PreparedDocument) => compareStrings(a.document.id, b.document.id);

/**
 * One index file (GRAPH_RAG_RUNTIME_PATH) for one machine. Read-modify-write is safe because
 * one instance owns the file and the engine runs its changes one at a time.
 */
export class FileRuntimeStore implements RuntimeDocumentStore {
  readonly kind = 'file' as const;
  private documents: PreparedDocument[] | undefined;

  constructor(
    private readonly path: string,
    private readonly chunking?: ChunkingOptions,
  ) {}

  async load() {
    if (!this.documents) {
      this.documents = (await exists(this.path)) ? preparedDocumentsOf(await loadIndexFile(this.path)) : [];
    }
    return { version: this.versionOf(this.documents), documents: this.documents };
  }

  async put(doc: PreparedDocument): Promise<string> {
    const { documents } = await this.load();
    await this.save([...documents.filter((d) => d.document.id !== doc.document.id), doc].sort(byId));
    return this.epoch();
  }

  async remove(id: string): Promise<void> {
    const { documents } = await this.load();
    await this.save(documents.filter((d) => d.document.id !== id));
  }

  async version(): Promise<string> {
    return (await this.load()).version;
  }

  /** Kept beside the index file; a folder that lost both starts a new epoch. */
  async epoch(): Promise<string> {
    const path = `${this.path}.epoch`;
    if (await exists(path)) return (await readFile(path, 'utf8')).trim();
    const epoch = randomUUID();
    await writeFile(path, epoch);
    return epoch;
  }

  private async save(documents: PreparedDocument[]): Promise<void> {
    await writeIndexFile(this.path, assembleIndex(documents, this.chunking));
    this.documents = documents;
  }

  private versionOf(documents: PreparedDocument[]): string {
    const hash = createHash('sha256');
    for (const d of documents) hash.update(`${d.document.id}:${d.document.sha256}\n`);
    return hash.digest('hex');
  }
}

/**
 * Run-time documents in Redis, shared by every AI instance: a hash of documents by id, a version
 * and an epoch, changed together in one MULTI. Per-document entries mean two instances adding
 * different documents at once both keep theirs (no read-modify-write of a whole set). The version
 * is a fresh random value on each change, not a counter: a Redis restarted empty and changed once
 * must not show a version an instance already holds. The epoch is created (SET NX) by the first
 * write or read after Redis was empty.
 */
export class RedisRuntimeStore implements RuntimeDocumentStore {
  readonly kind = 'redis' as const;
  private readonly documentsKey: string;
  private readonly versionKey: string;
  private readonly epochKey: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    /** While Redis is known to be down, calls fail at once instead of each waiting for a timeout. */
    private readonly availability?: RedisAvailability,
  ) {
    this.documentsKey = `${prefix}documents`;
    this.versionKey = `${prefix}version`;
    this.epochKey = `${prefix}epoch`;
  }

  async load() {
    const [[, entries], [, version]] = (await this.command(() =>
      this.redis.multi().hgetall(this.documentsKey).get(this.versionKey).exec(),
    )) as [[null, Record<string, string>], [null, string | null]];
    const documents = Object.values(entries).map((json) => JSON.parse(json) as PreparedDocument);
    return { version: version ?? '0', documents: documents.sort(byId) };
  }

  async put(doc: PreparedDocument): Promise<string> {
    const results = await this.command(() =>
      this.redis
        .multi()
        .set(this.epochKey, randomUUID(), 'NX')
        .hset(this.documentsKey, doc.document.id, JSON.stringify(doc))
        .set(this.versionKey, randomUUID())
        .get(this.epochKey)
        .exec(),
    );
    return String(results?.[3]?.[1]);
  }

  async remove(id: string): Promise<void> {
    await this.command(() =>
      this.redis.multi().hdel(this.documentsKey, id).set(this.versionKey, randomUUID()).exec(),
    );
  }

  async version(): Promise<string> {
    return (await this.command(() => this.redis.get(this.versionKey))) ?? '0';
  }

  async epoch(): Promise<string> {
    const results = await this.command(() =>
      this.redis.multi().set(this.epochKey, randomUUID(), 'NX').get(this.epochKey).exec(),
    );
    return String(results?.[1]?.[1]);
  }

  /** A Redis failure as the catalogue's 503, so a course upload is told to retry, not a 500. */
  private async command<T>(run: () => Promise<T>): Promise<T> {
    if (this.availability && !this.availability.usable) throw unreachable();
    try {
      const result = await run();
      this.availability?.succeeded();
      return result;
    } catch (error) {
      this.availability?.failed(error);
      throw unreachable(error);
    }
  }
}

function unreachable(cause?: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The shared course-material store (Redis) is unreachable', {
    ...(cause === undefined ? {} : { cause }),
  });
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The run-time documents to start with. A shared store that is unreachable at start must not
 * keep the service down: it starts on the prebuilt index and the next refresh catches up.
 */
export async function loadAtStart(runtime: RuntimeDocumentStore, log: VectorStoreLog | undefined) {
  try {
    return await runtime.load();
  } catch (error) {
    if (runtime.kind !== 'redis') throw error;
    log?.warn({ err: error }, 'shared course documents unreachable at start; starting on the prebuilt index');
    return { version: 'unreachable', documents: [] };
  }
}

export function chunkingOf(file: GraphIndexFile): ChunkingOptions {
  return { maxChars: file.chunking.max_chars, overlapChars: file.chunking.overlap_chars };
}

export function combine(base: GraphIndexFile, overlay: PreparedDocument[]): GraphIndexFile {
  if (overlay.length === 0) return base;
  const ids = new Set(overlay.map((d) => d.document.id));
  const docs = [...preparedDocumentsOf(base).filter((d) => !ids.has(d.document.id)), ...overlay];
  return assembleIndex(docs, chunkingOf(base), undefined, base.aliases);
}
