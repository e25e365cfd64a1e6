/**
 * Solver threads start with room in their heap: with V8's default start, the
 * typed arrays and image buffers of each laplace2d 316² run brought on a mark-compact every one to
 * three runs, in the middle of the next figure's drawing; starting the old generation at 64 MB
 * leaves one every ten runs or more.
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { SolverPool } from '../src/solver-pool.js';

const pool = new SolverPool({
  workers: 1,
  queueSize: 1,
  maxRunningPerUser: 1,
  maxQueuedPerUser: 4,
  timeoutSec: 30,
  workerMemoryMb: 1024,
  log: Fastify().log,
});
afterAll(() => pool.close());

it('lets a solver thread run twenty laplace2d 316² runs and figures with at most two mark-compacts', async () => {
  // The flag is the process's: any thread started after the pool gets the heap the pool's own
  // threads get, and this one can count its collections (the pool's threads run solver tasks only).
  const thread = new Worker(fileURLToPath(new URL('./fixtures/figure-garbage-worker.mjs', import.meta.url)), {
    workerData: { runs: 23 },
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  const [majorCollections] = await once(thread, 'message');
  await thread.terminate();
  // With V8's default start: 12 in 20 runs here; with 64 MB, one in every ten or more.
  expect(majorCollections).toBeLessThanOrEqual(2);
}, 60_000);
