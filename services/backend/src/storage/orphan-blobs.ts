import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { HOUR_MS } from '../shared/time.js';
import type { BlobStore } from './blob-store.js';

/**
 * How old an unreferenced blob must be before it is removed: a blob is written before the row
 * that names it, so a younger one may belong to an upload or a run still in progress (uploads,
 * simulations and sweep runs all end well within this).
 */
export const ORPHAN_GRACE_MS = 6 * HOUR_MS;

/** The keys of `keys` that some row still names. */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const [files, simulations, sweeps] = await Promise.all([
    db.selectFrom('stored_files').select('blob_key as key').where('blob_key', 'in', keys).execute(),
    db
      .selectFrom('simulations')
      .select(['png_blob_key', 'data_blob_key'])
      .where((eb) => eb.or([eb('png_blob_key', 'in', keys), eb('data_blob_key', 'in', keys)]))
      .execute(),
    db
      .selectFrom('sweep_tasks')
      .select('summary_blob_key as key')
      .where('summary_blob_key', 'in', keys)
      .execute(),
  ]);
  return new Set(
    [
      ...files.map((r) => r.key),
      ...simulations.flatMap((r) => [r.png_blob_key, r.data_blob_key]),
      ...sweeps.map((r) => r.key),
    ].filter((k): k is string => k !== null),
  );
}

/**
 * Removes blobs no row names and written before `olderThan`: what a process killed between
 * storing a result and recording it (a sweep worker mid-run, a backend mid-upload) leaves behind.
 * Safe on several instances at once: removing a blob twice changes nothing. Returns how many.
 */
export async function removeOrphanBlobs(db: Db, blobs: BlobStore, olderThan: Date): Promise<number> {
  let removed = 0;
  for await (const batch of blobs.list()) {
    const old = batch.filter((b) => b.modifiedAt < olderThan).map((b) => b.key);
    if (old.length === 0) continue;
    const kept = await referenced(db, old);
    for (const key of old) {
      if (kept.has(key)) continue;
      await blobs.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/** At start and then hourly, like the other clean-ups; a failure is logged and tried next hour. */
export function scheduleOrphanBlobRemoval(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  everyMs = HOUR_MS,
): void {
  const run = async () => {
    try {
      const removed = await removeOrphanBlobs(db, blobs, new Date(Date.now() - ORPHAN_GRACE_MS));
      if (removed > 0) app.log.info({ removed }, 'removed stored files no record names');
    } catch (error) {
      app.log.warn({ err: error }, 'orphan blob removal failed');
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => {
    void run();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
