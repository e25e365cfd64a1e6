import { Redis } from 'ioredis';
import type { CancelAnnouncements, SweepLog } from './sweep-executor.js';

/**
 * Cancelling a sweep in queue mode: the backend publishes the task id on this channel, and every
 * worker holding one of its runs checks its lease at once and aborts the solver call. Without the
 * announcement (Redis down, a message lost) the heartbeat finds the cancel within RUN_HEARTBEAT_MS.
 */
export function sweepCancelChannel(prefix: string): string {
  return `${prefix}:sweep-cancelled`;
}

/** A worker's subscription to the announcements, for the runs it holds. */
export class RedisCancelAnnouncements implements CancelAnnouncements {
  readonly #watchers = new Map<string, Set<() => void>>();
  readonly #redis: Redis;

  constructor(redisUrl: string, prefix: string, log: SweepLog) {
    // A subscriber sends nothing once subscribed; it waits for Redis as long as the queue does
    // and subscribes again by itself after a reconnection.
    this.#redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.#redis.on('error', () => {});
    this.#redis.on('message', (_channel: string, taskId: string) => {
      const checks = this.#watchers.get(taskId);
      if (!checks) return;
      log.info({ task_id: taskId, runs: checks.size }, 'sweep cancel announced; checking the runs held');
      for (const check of checks) check();
    });
    this.#redis
      .subscribe(sweepCancelChannel(prefix))
      .catch((error: unknown) =>
        log.warn({ err: error }, 'no sweep cancel announcements; cancels are seen at the heartbeat'),
      );
  }

  watch(taskId: string, check: () => void): () => void {
    const checks = this.#watchers.get(taskId) ?? new Set();
    checks.add(check);
    this.#watchers.set(taskId, checks);
    return () => {
      checks.delete(check);
      if (checks.size === 0) this.#watchers.delete(taskId);
    };
  }

  close(): void {
    this.#redis.disconnect();
  }
}
