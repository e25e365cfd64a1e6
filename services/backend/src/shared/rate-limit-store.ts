import { createRequire } from 'node:module';
import type { RedisAvailability } from '@faraday/server-kit';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

// The plugin's own stores (not exported by name): the shared one keeps its Lua script and keys.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/**
 * Counters in Redis (shared by every instance) while Redis answers, and in this process while
 * it does not: a limit is never skipped, and no request waits for a dead Redis longer
 * than one command timeout. The per-instance counters start from zero, so during an outage a
 * user may get up to the limit on each instance.
 */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly redis: RedisAvailability,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.#use('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.#use('read', key, cb, timeWindow, max);
  }

  child(routeOptions: unknown): Store {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.redis);
  }

  #use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
    const local = () => this.local[method]?.(key, cb, timeWindow, max);
    if (!this.redis.usable) {
      local();
      return;
    }
    this.shared[method]?.(
      key,
      (error, result) => {
        if (error) {
          this.redis.failed(error);
          local();
          return;
        }
        this.redis.succeeded();
        cb(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/** The rate-limit plugin's `store` option: Redis with a per-instance fallback. */
export function fallbackRateLimitStore(
  redis: Redis,
  availability: RedisAvailability,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: FastifyRateLimitOptions & RateLimitOptions) {
      const continueExceeding = options.continueExceeding === true;
      const exponentialBackoff = options.exponentialBackoff === true;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        availability,
      );
    }
  };
}
