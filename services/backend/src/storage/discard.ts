import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './blob-store.js';

/** Removes blobs nobody will record; a failure only leaves an orphan file, so it is logged, not thrown. */
export async function deleteBlobsQuietly(
  blobs: BlobStore,
  keys: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const key of keys) {
    try {
      await blobs.delete(key);
    } catch (error) {
      log.warn({ err: error, blob_key: key }, 'could not delete an unused blob');
    }
  }
}
