import { RedisAvailability, redisClientOptions } from '@faraday/server-kit';
import { Redis } from 'ioredis';
import type { RetrievalEngine } from './retrieval-engine.js';
import { RedisRuntimeStore } from './runtime-store.js';
import type { VectorStoreLog } from './vector-store.js';

/**
 * Run-time documents shared through Redis, and the poll that keeps this instance's index in
 * step with the others: every `pollMs` one GET of the version, a reload only when it moved. A
 * poll of a version cannot miss a change the way a dropped pub/sub message could.
 */
export class SharedRuntime {
  readonly store: RedisRuntimeStore;
  private readonly redis: Redis;
  private readonly availability: RedisAvailability;
  private timer: NodeJS.Timeout | undefined;

  constructor(url: string, prefix: string, log?: VectorStoreLog) {
    // The platform's short timeouts (ADR 0045), and no call at all while Redis is known to be
    // down: a course upload or delete fails at once (503; the backend feeds it again later,
    // ADR 0126) and queries keep working on the index this instance already holds.
    this.redis = new Redis(url, { ...redisClientOptions, lazyConnect: false });
    this.redis.on('error', () => {});
    this.availability = new RedisAvailability(
      this.redis,
      log ?? { warn: () => {}, info: () => {} },
      'course documents keep their current index; changes answer 503 until it is back',
      () => this.redis.ping(),
    );
    this.store = new RedisRuntimeStore(this.redis, prefix, this.availability);
  }

  follow(engine: RetrievalEngine, pollMs: number): void {
    // A failed poll is the availability's to log (once per outage); the index stays as it is.
    this.timer = setInterval(() => void engine.refresh().catch(() => {}), pollMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.availability.close();
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
