import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, BlobTooLargeError } from '../src/storage/blob-store.js';
import { FolderBlobStore } from '../src/storage/folder-blob-store.js';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { blobFiles, sha256 } from './support/resources.js';
import { startS3, type TestS3 } from './support/s3-server.js';

/** A store under test, and what it has kept (files or objects), to prove nothing is left over. */
interface StoreFixture {
  store: BlobStore;
  kept(): Promise<string[]>;
  close(): Promise<void>;
}

const folder = async (): Promise<StoreFixture> => {
  const root = mkdtempSync(join(tmpdir(), 'faraday-blobs-'));
  return {
    store: new FolderBlobStore(root),
    kept: async () => blobFiles(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
};

const s3 = async (): Promise<StoreFixture> => {
  const server: TestS3 = await startS3();
  const store = new S3BlobStore({
    bucket: server.bucket,
    prefix: 'blobs/',
    region: 'us-east-1',
    endpoint: server.endpoint,
    timeoutMs: 5_000,
    credentials: {
      accessKeyId: server.env.S3_ACCESS_KEY_ID!,
      secretAccessKey: server.env.S3_SECRET_ACCESS_KEY!,
    },
    forcePathStyle: true,
  });
  return {
    store,
    kept: () => server.keys(),
    close: async () => {
      store.close();
      await server.stop();
    },
  };
};

/** Bytes in chunks of 1 MB, like a client's upload arriving; `failAfter` errors part-way. */
function upload(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 1024 * 1024) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('the client went away');
        yield bytes.subarray(at, at + 1024 * 1024);
        await new Promise((r) => setImmediate(r));
      }
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each([
  { name: 'folder', make: folder },
  { name: 'S3', make: s3 },
])('the $name blob store', ({ make }) => {
  let f: StoreFixture;
  // Large enough for several S3 multipart parts (8 MB each).
  const big = randomBytes(20 * 1024 * 1024 + 123);

  beforeAll(async () => {
    f = await make();
  });
  afterAll(async () => {
    await f?.close();
  });

  it('streams a file in, reports its size and hash, and gives back the same bytes', async () => {
    const small = Buffer.from('Gauss: ∮E·dA = Q/ε₀\n', 'utf8');
    const stored = await f.store.put(upload(small), 1024);
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      size: small.length,
      sha256: sha256(small),
    });
    expect(await readAll(await f.store.open(stored.key))).toEqual(small);
    await f.store.delete(stored.key);
  });

  it('stores without a hash when told its content is never served by one', async () => {
    const stored = await f.store.put(upload(big), big.length, { sha256: false });
    expect(stored).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), size: big.length });
    expect(sha256(await readAll(await f.store.open(stored.key)))).toBe(sha256(big));
    await f.store.delete(stored.key);
  });

  it('keeps a file larger than one upload part whole, and serves any byte range of it', async () => {
    const stored = await f.store.put(upload(big), big.length);
    expect(stored.size).toBe(big.length);
    expect(stored.sha256).toBe(sha256(big));
    expect(sha256(await readAll(await f.store.open(stored.key)))).toBe(sha256(big));
    for (const [start, end] of [
      [0, 0],
      [10, 19],
      [8 * 1024 * 1024 - 5, 8 * 1024 * 1024 + 5],
      [big.length - 7, big.length - 1],
    ] as const) {
      const part = await readAll(await f.store.open(stored.key, { start, end }));
      // Compared by length and hash: a diff of megabytes would swamp the report.
      expect(part.length).toBe(end - start + 1);
      expect(sha256(part)).toBe(sha256(big.subarray(start, end + 1)));
    }
    await f.store.delete(stored.key);
  });

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const before = await f.kept();
    await expect(f.store.put(upload(big), 12 * 1024 * 1024)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await f.kept()).toEqual(before);
  });

  it('keeps nothing of an upload that fails part-way', async () => {
    const before = await f.kept();
    await expect(f.store.put(upload(big, 17 * 1024 * 1024), big.length)).rejects.toThrow(
      'the client went away',
    );
    expect(await f.kept()).toEqual(before);
  });

  it('deletes a file for good, and says so when it is asked for again', async () => {
    const stored = await f.store.put(upload(Buffer.from('soon gone')), 1024);
    await f.store.delete(stored.key);
    await expect(f.store.open(stored.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(f.store.delete(stored.key)).resolves.toBeUndefined();
    expect(await f.kept()).not.toContainEqual(expect.stringContaining(stored.key));
  });

  it('answers BlobNotFoundError for a key it never stored', async () => {
    await expect(f.store.open('0190c7a2-0000-7000-8000-000000000000')).rejects.toBeInstanceOf(
      BlobNotFoundError,
    );
  });
});

/** Files under `root` this process holds open (Linux: the links in /proc/self/fd). */
function openFilesUnder(root: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(root) ? [target] : [];
    } catch {
      return []; // closed since the folder was read
    }
  });
}

describe('the folder blob store', () => {
  it('closes every file it writes, stored, refused or failed, without being waited for', async () => {
    const root = mkdtempSync(join(tmpdir(), 'faraday-blobs-'));
    const store = new FolderBlobStore(root);
    try {
      const bytes = randomBytes(3 * 1024 * 1024);
      await Promise.all(
        Array.from({ length: 5 }, () => store.put(upload(bytes), bytes.length, { sha256: false })),
      );
      await expect(store.put(upload(bytes), 1024 * 1024)).rejects.toBeInstanceOf(BlobTooLargeError);
      await expect(store.put(upload(bytes, 2 * 1024 * 1024), bytes.length)).rejects.toThrow(
        'the client went away',
      );
      // Closing runs after put() answers: give it a few turns of libuv's pool.
      await expect.poll(() => openFilesUnder(root), { timeout: 5000, interval: 10 }).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
