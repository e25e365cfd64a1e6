import { AppError } from '@faraday/contracts';
import { REDIS_COMMAND_TIMEOUT_MS, redisClientOptions, withTimeout } from '@faraday/server-kit';
import { type ConnectionOptions, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { redisNamespace } from '../shared/redis-keys.js';
import type { SimulationContext } from '../simulations/simulation-context.js';
import { sweepCancelChannel } from './sweep-cancel-announcements.js';
import type { SweepLog } from './sweep-executor.js';
import { MAX_RUN_ATTEMPTS, recoverSweeps, type SweepDispatcher } from './sweep-recovery.js';
import { runIndexesWithStatus } from './sweeps.repository.js';

/** BullMQ queue of sweep runs: one job per run, taken by `sim-worker` processes. */
export const SWEEP_QUEUE_NAME = 'faraday-sweep-runs';

export interface SweepJobData {
  taskId: string;
  runIndex: number;
}

/** BullMQ's key prefix: the environment's Redis namespace (the backend and its workers agree on APP_ENV). */
export function sweepQueuePrefix(appEnv: string): string {
  return redisNamespace(appEnv);
}

/** BullMQ rejects custom ids with a single ':', hence `_`. One id per run: adding it twice is a no-op. */
export function sweepJobId(data: SweepJobData): string {
  return `${data.taskId}_${data.runIndex}`;
}

/**
 * A worker's blocking commands must wait for Redis as long as it takes (BullMQ requires null);
 * the backend's queue serves HTTP requests, so its commands have the platform's short timeout.
 */
export function redisConnection(redisUrl: string, role: 'worker' | 'producer'): ConnectionOptions {
  return role === 'worker'
    ? { url: redisUrl, maxRetriesPerRequest: null }
    : { url: redisUrl, ...redisClientOptions };
}

/**
 * How long a queue operation may take before the request gives up with 503. BullMQ waits for its
 * first connection without any limit (sweep creation hung 60 s with Redis down), hence this
 * bound around every call and not only the client's command timeout.
 */
const QUEUE_CALL_LIMIT_MS = 2 * REDIS_COMMAND_TIMEOUT_MS;

function queueUnavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The sweep queue is unavailable; try again shortly', {
    headers: { 'retry-after': '10' },
  });
}

export interface QueueDispatcherOptions {
  redisUrl: string;
  prefix: string;
  /** How often to re-queue runs found pending without a job (e.g. after Redis lost them). */
  pollMs: number;
  leaseMs: number;
}

/**
 * With REDIS_URL: the backend only queues runs; workers (any number, any machine) do them.
 * Jobs are retried with exponential backoff when the sim service is unreachable, and a job
 * whose worker died is put back by BullMQ's stalled-job check. Finished jobs are removed: the
 * database is the record, and a removed id can be queued again if a run ever needs it.
 */
export class QueueSweepDispatcher implements SweepDispatcher {
  readonly #ctx: SimulationContext;
  readonly #log: SweepLog;
  readonly #options: QueueDispatcherOptions;
  readonly #queue: Queue<SweepJobData>;
  /** Publishes cancels to the workers; connected on the first cancel (they are rare). */
  #announcer: Redis | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(ctx: SimulationContext, log: SweepLog, options: QueueDispatcherOptions) {
    this.#ctx = ctx;
    this.#log = log;
    this.#options = options;
    this.#queue = new Queue<SweepJobData>(SWEEP_QUEUE_NAME, {
      connection: redisConnection(options.redisUrl, 'producer'),
      prefix: options.prefix,
    });
    this.#queue.on('error', (error) => this.#log.warn({ err: error }, 'sweep queue error'));
  }

  async start(): Promise<void> {
    await this.#requeue();
    this.#timer = setInterval(() => void this.#requeue(), this.#options.pollMs);
    this.#timer.unref();
  }

  /** Redis answers, or 503 before anything is stored. */
  async assertAvailable(): Promise<void> {
    await withTimeout(
      this.#queue.waitUntilReady().then(() => this.#queue.count()),
      QUEUE_CALL_LIMIT_MS,
      queueUnavailable,
    ).catch((error: unknown) => {
      throw error instanceof AppError ? error : queueUnavailable();
    });
  }

  async dispatch(taskId: string, runIndexes: number[]): Promise<void> {
    const added = this.#queue.addBulk(
      runIndexes.map((runIndex) => ({
        name: 'run',
        data: { taskId, runIndex },
        opts: {
          jobId: sweepJobId({ taskId, runIndex }),
          // Sweeps take turns, as in-process: run k of every sweep before run k + 1 of any.
          priority: runIndex + 1,
          attempts: MAX_RUN_ATTEMPTS,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
    // A late add (Redis back after the limit) only queues jobs whose task is gone: they are skipped.
    added.catch(() => {});
    await withTimeout(added, QUEUE_CALL_LIMIT_MS, queueUnavailable);
  }

  /**
   * Best effort, bounded like every queue call: a job that slips through finds its run cancelled
   * and does nothing, and a worker that misses the announcement sees the cancel at its heartbeat.
   */
  async cancel(taskId: string, runIndexes: number[]): Promise<void> {
    if (!this.#announcer) {
      this.#announcer = new Redis(this.#options.redisUrl, { ...redisClientOptions, lazyConnect: true });
      this.#announcer.on('error', () => {});
    }
    const announce = this.#announcer.publish(sweepCancelChannel(this.#options.prefix), taskId);
    await withTimeout(
      Promise.allSettled([
        announce,
        ...runIndexes.map((runIndex) => this.#queue.remove(sweepJobId({ taskId, runIndex }))),
      ]),
      QUEUE_CALL_LIMIT_MS,
      queueUnavailable,
    ).catch((error: unknown) =>
      this.#log.warn({ err: error, task_id: taskId }, 'sweep cancel not announced'),
    );
  }

  async parallelism(): Promise<number> {
    try {
      return Math.max(
        1,
        await withTimeout(this.#queue.getWorkersCount(), QUEUE_CALL_LIMIT_MS, queueUnavailable),
      );
    } catch {
      return 1;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#announcer?.disconnect();
    // With Redis gone, closing fails the commands still pending: shutting down must finish anyway.
    await this.#queue
      .close()
      .catch((error: unknown) => this.#log.warn({ err: error }, 'sweep queue closed with an error'));
  }

  /** Resume after a restart, and repair: every pending run of a processing task has a job. */
  async #requeue(): Promise<void> {
    try {
      for (const taskId of await recoverSweeps(this.#ctx, this.#options.leaseMs, this.#log)) {
        const pending = await runIndexesWithStatus(this.#ctx.db, taskId, 'pending');
        if (pending.length > 0) await this.dispatch(taskId, pending);
      }
    } catch (error) {
      this.#log.warn({ err: error }, 'sweep requeue failed');
    }
  }
}
