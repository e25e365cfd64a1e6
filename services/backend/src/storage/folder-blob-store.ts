import { createReadStream, mkdirSync, renameSync } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from '../shared/ids.js';
import {
  BlobNotFoundError,
  type BlobStore,
  BlobStoreUnavailableError,
  type ByteRange,
  blobMeter,
  type ListedBlob,
  type PutOptions,
  type StoredBlob,
} from './blob-store.js';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** Runs `action` (which creates something in `folder`), making the folder first if it is missing. */
async function whereFolderExists<T>(folder: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(folder, { recursive: true });
    return action();
  }
}

/**
 * Blobs as files under one folder: written to `tmp/` first and renamed into place only when
 * complete, so a failed or oversized upload never leaves a partial blob that looks real.
 */
export class FolderBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
    return join(this.root, key.slice(-2), key);
  }

  put(source: Readable, maxBytes: number, options: PutOptions): Promise<Omit<StoredBlob, 'sha256'>>;
  put(source: Readable, maxBytes: number): Promise<StoredBlob>;
  async put(source: Readable, maxBytes: number, options?: PutOptions): Promise<Partial<StoredBlob>> {
    const key = newId();
    const tmpPath = join(this.root, 'tmp', key);
    const { meter, measured } = blobMeter(maxBytes, options);
    // Folders are made when missing rather than asked for first: a simulation answer waits on
    // every trip to the file system its blobs make (each one a turn of libuv's pool).
    const file = await whereFolderExists(dirname(tmpPath), () => open(tmpPath, 'wx'));
    // A blob is whole once its last byte is written and it is in place: readers see every
    // written byte by its name from then on. The file is closed after that without anyone
    // waiting; a close promises nothing about the disk either (only fsync does, which this store,
    // like before, never asks for). Without autoClose the stream still holds its reference to
    // the file handle until it is destroyed, and the handle closes only when none is left.
    const writer = file.createWriteStream({ autoClose: false });
    try {
      await pipeline(source, meter, writer);
      this.#moveIntoPlace(tmpPath, key);
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(tmpPath, { force: true });
      // Drain what the client is still sending so the connection can answer cleanly.
      if (!source.destroyed) source.resume();
      throw error;
    }
    // Closing is not waited for, so a failure to close is nobody's error (as before).
    writer.on('error', () => undefined).destroy();
    return { key, ...measured() };
  }

  /**
   * Renames the finished file into place, on this thread: a rename is one change to a folder
   * (about 20 µs here), where the trip through libuv's pool to make it, and the close before it,
   * cost a simulation answer 0.5–1.5 ms of waiting.
   */
  #moveIntoPlace(tmpPath: string, key: string): void {
    const path = this.pathOf(key);
    try {
      renameSync(tmpPath, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(dirname(path), { recursive: true });
      renameSync(tmpPath, path);
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new BlobNotFoundError(key) : error),
      );
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<ListedBlob[]> {
    const shards = await readdir(this.root).catch(() => [] as string[]);
    for (const shard of shards) {
      // Blobs live in two-character shard folders; `tmp/` is the upload clean-up's business.
      if (shard.length !== 2) continue;
      const batch: ListedBlob[] = [];
      for (const key of await readdir(join(this.root, shard)).catch(() => [] as string[])) {
        if (!KEY_PATTERN.test(key)) continue;
        const info = await stat(join(this.root, shard, key)).catch(() => undefined);
        if (info?.isFile()) batch.push({ key, modifiedAt: info.mtime });
      }
      yield batch;
    }
  }

  /** A folder not made yet is fine (the first put makes it); an unreadable mount is not. */
  async check(): Promise<void> {
    try {
      await stat(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new BlobStoreUnavailableError(error);
    }
  }

  /**
   * Removes temporary files last written before `olderThan`: what a process killed mid-upload
   * left in `tmp/` (a live one, in any instance sharing the folder, writes more recently than
   * the longest an upload may last). Returns how many were removed.
   */
  async removeStaleTemporaryFiles(olderThan: Date): Promise<number> {
    const tmpDir = join(this.root, 'tmp');
    let names: string[];
    try {
      names = await readdir(tmpDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(tmpDir, name);
      // Gone already (renamed into place or removed by its own request): nothing to do.
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile() || info.mtime >= olderThan) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }
}
