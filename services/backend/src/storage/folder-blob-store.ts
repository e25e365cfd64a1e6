import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from '../shared/ids.js';
import {
  BlobNotFoundError,
  type BlobStore,
  type ByteRange,
  blobMeter,
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

  put(source: Readable, maxBytes: number): Promise<StoredBlob>;
  put(source: Readable, maxBytes: number, options: PutOptions): Promise<Omit<StoredBlob, 'sha256'>>;
  async put(source: Readable, maxBytes: number, options?: PutOptions): Promise<Partial<StoredBlob>> {
    const key = newId();
    const tmpPath = join(this.root, 'tmp', key);
    const { meter, measured } = blobMeter(maxBytes, options);
    // Folders are made when missing rather than asked for first: a simulation answer waits on
    // every trip to the file system its blobs make (each one a turn of libuv's pool).
    const file = await whereFolderExists(dirname(tmpPath), () => open(tmpPath, 'wx'));
    const writer = file.createWriteStream();
    // Once every byte is written (finish) the file moves into place while it is being closed:
    // one trip less before the blob exists.
    let placed: Promise<void> | undefined;
    writer.once('finish', () => {
      placed = this.#moveIntoPlace(tmpPath, key);
      placed.catch(() => undefined); // awaited below
    });
    try {
      await pipeline(source, meter, writer);
      await (placed ?? this.#moveIntoPlace(tmpPath, key));
    } catch (error) {
      // Let the write stream close its file first, or the rm below may run while it is still open.
      if (!writer.closed) await once(writer, 'close').catch(() => undefined);
      await rm(tmpPath, { force: true });
      // Closing failed after the file was moved: it holds what the disk may not have kept.
      if (placed) await rm(this.pathOf(key), { force: true });
      // Drain what the client is still sending so the connection can answer cleanly.
      if (!source.destroyed) source.resume();
      throw error;
    }
    return { key, ...measured() };
  }

  #moveIntoPlace(tmpPath: string, key: string): Promise<void> {
    const path = this.pathOf(key);
    return whereFolderExists(dirname(path), () => rename(tmpPath, path));
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
