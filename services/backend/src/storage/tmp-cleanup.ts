import type { FastifyInstance } from 'fastify';
import { HOUR_MS } from '../shared/time.js';
import type { FolderBlobStore } from './folder-blob-store.js';

/** Slack on top of the upload time limit: Node checks that limit only every few seconds. */
const MARGIN_MS = 60_000;

/**
 * A process killed mid-upload leaves its temporary file behind (no `finally` runs on SIGKILL).
 * At start, before the first request, and then hourly, files in the blob store's `tmp/` not
 * written for longer than the longest possible upload are removed.
 */
export function scheduleTemporaryUploadCleanup(
  app: FastifyInstance,
  blobs: FolderBlobStore,
  uploadTimeoutMs: number,
  everyMs = HOUR_MS,
): void {
  const run = async () => {
    try {
      const removed = await blobs.removeStaleTemporaryFiles(
        new Date(Date.now() - uploadTimeoutMs - MARGIN_MS),
      );
      if (removed > 0)
        app.log.info({ removed }, 'removed temporary upload files left by an interrupted upload');
    } catch (error) {
      app.log.warn({ err: error }, 'temporary upload clean-up failed');
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', run);
  app.addHook('onClose', async () => clearInterval(timer));
}
