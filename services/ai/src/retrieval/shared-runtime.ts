import { Redis } from 'ioredis';
import type { RetrievalEngine } from './retrieval-engine.js';
import { RedisRuntimeStore } from './runtime-store.js';
import type { VectorStoreLog } from './vector-store.js';

/**
 * Run-time documents shared through Redis, and the poll that keeps this instance's index in
 * step with the others: every `pollMs` one GET of the version, a reload only when it moved. A
 * poll of a version counter cannot miss a change the way a dropped pub/sub message could.
 */
export class SharedRuntime {
  readonly store: RedisRuntimeStore;
  private readonly redis: Redis;
  private timer: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(
    url: string,
    prefix: string,
    private readonly log?: VectorStoreLog,
  ) {
    // Short timeouts: with Redis down a course upload fails fast (503) and queries keep working
    // on the index this instance already holds.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 2000 });
    this.redis.on('error', () => {});
    this.store = new RedisRuntimeStore(this.redis, prefix);
  }

  follow(engine: RetrievalEngine, pollMs: number): void {
    this.timer = setInterval(() => {
      engine.refresh().then(
        () => {
          if (this.failing) this.log?.info({}, 'shared course documents reachable again');
          this.failing = false;
        },
        (error: unknown) => {
          // Logged once per outage, not once per poll.
          if (!this.failing)
            this.log?.warn({ err: error }, 'shared course documents unreachable; keeping the current index');
          this.failing = true;
        },
      );
    }, pollMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
