import type { FastifyInstance } from 'fastify';
import { DAY_MS, HOUR_MS } from '../shared/time.js';
import type { SimulationContext } from './simulation-context.js';
import { findExpiredSimulations } from './simulations.repository.js';

const BATCH = 500;

/**
 * Deletes simulation records older than the retention period, then their blobs, in batches.
 * Safe on several instances at once: deleting a row or a blob twice changes nothing, and each
 * instance only removes the blobs of rows it actually deleted.
 */
export async function deleteExpiredSimulations(
  ctx: SimulationContext,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - ctx.settings.retentionDays * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const expired = await findExpiredSimulations(ctx.db, before, BATCH);
    if (expired.length === 0) break;
    for (const row of expired) {
      const result = await ctx.db.deleteFrom('simulations').where('id', '=', row.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) continue;
      removed += 1;
      for (const key of [row.png_blob_key, row.data_blob_key]) if (key) await ctx.blobs.delete(key);
    }
    if (expired.length < BATCH) break;
  }
  const oldSweeps = await ctx.db
    .selectFrom('sweep_tasks')
    .select(['id', 'summary_blob_key'])
    .where('created_at', '<', before)
    .where('status', '!=', 'processing')
    .execute();
  for (const sweep of oldSweeps) {
    const result = await ctx.db.deleteFrom('sweep_tasks').where('id', '=', sweep.id).executeTakeFirst();
    if (Number(result.numDeletedRows) > 0 && sweep.summary_blob_key)
      await ctx.blobs.delete(sweep.summary_blob_key);
  }
  return removed;
}

export function scheduleRetention(app: FastifyInstance, ctx: SimulationContext, everyMs = HOUR_MS): void {
  const run = () =>
    deleteExpiredSimulations(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, 'simulation retention failed'),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => {
    void run();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
