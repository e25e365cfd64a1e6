import { type Job, Worker } from 'bullmq';
import type { SimulationContext } from '../simulations/simulation-context.js';
import { RedisCancelAnnouncements } from './sweep-cancel-announcements.js';
import {
  type CancelAnnouncements,
  claimSweepRun,
  performSweepRun,
  type RunOutcome,
  type SweepLog,
} from './sweep-executor.js';
import { redisConnection, SWEEP_QUEUE_NAME, type SweepJobData } from './sweep-queue.js';

export interface SweepWorkerOptions {
  redisUrl: string;
  prefix: string;
  /** This process's name in the `worker` column. */
  name: string;
  concurrency: number;
  /** A job's lock lives this long unless renewed; a dead worker's job is free after it. */
  lockDurationMs: number;
  /** How often to look for jobs whose lock expired (stalled) and put them back. */
  stalledIntervalMs: number;
}

export type SweepJobResult = RunOutcome | 'skipped';

/** Thrown to make BullMQ retry the job later (with its exponential backoff). */
class RunDeferred extends Error {
  constructor(outcome: string) {
    super(`sweep run ${outcome}; retrying later`);
    this.name = 'RunDeferred';
  }
}

/**
 * The job of a sweep run. The job lock says this worker is the only live holder, so a run
 * still `running` under another worker's name was left by a dead one and may be claimed.
 */
export async function processSweepJob(
  ctx: SimulationContext,
  job: Job<SweepJobData>,
  options: {
    worker: string;
    log: SweepLog;
    signal?: AbortSignal | undefined;
    announcements?: CancelAnnouncements | undefined;
  },
): Promise<SweepJobResult> {
  const key = { taskId: job.data.taskId, runIndex: job.data.runIndex };
  const claimed = await claimSweepRun(ctx, key, options.worker, { fromRunning: true });
  if (!claimed) return 'skipped';
  const outcome = await performSweepRun(ctx, claimed, {
    lastChance: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
    log: options.log,
    announcements: options.announcements,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (outcome === 'released') throw new RunDeferred(outcome);
  return outcome;
}

/**
 * A BullMQ worker taking sweep runs; close() lets the jobs in hand finish first. A cancel
 * announced by the backend stops the runs of that sweep at once.
 */
export function startSweepWorker(
  ctx: SimulationContext,
  options: SweepWorkerOptions,
  log: SweepLog,
): Worker<SweepJobData, SweepJobResult> {
  const announcements = new RedisCancelAnnouncements(options.redisUrl, options.prefix, log);
  const worker = new Worker<SweepJobData, SweepJobResult>(
    SWEEP_QUEUE_NAME,
    (job) => processSweepJob(ctx, job, { worker: options.name, log, announcements }),
    {
      connection: redisConnection(options.redisUrl, 'worker'),
      prefix: options.prefix,
      name: options.name,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs,
      stalledInterval: options.stalledIntervalMs,
      // A run that keeps killing its worker is given up by the backend's lease check instead.
      maxStalledCount: 3,
    },
  );
  worker.on('closed', () => announcements.close());
  worker.on('error', (error) => log.warn({ err: error }, 'sweep worker error'));
  worker.on('failed', (job, error) => {
    if (error.name !== 'RunDeferred') log.warn({ err: error, job_id: job?.id }, 'sweep job failed');
  });
  worker.on('completed', (job, result) =>
    log.info(
      { job_id: job.id, task_id: job.data.taskId, run_index: job.data.runIndex, result },
      'sweep job done',
    ),
  );
  return worker;
}
