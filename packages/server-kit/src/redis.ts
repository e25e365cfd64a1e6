/**
 * How every Redis client of the platform talks to Redis (docs/adr/0045-redis-outages-degrade.md): a
 * command that gets no answer within REDIS_COMMAND_TIMEOUT_MS fails, so a stopped or unreachable
 * Redis costs a request half a second at most instead of the 10–60 s of ioredis's and BullMQ's
 * retries. Commands issued while (re)connecting wait in the offline queue, under the same timeout.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export const redisClientOptions = {
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: true,
  connectTimeout: 2000,
} as const;

/** Rejects with `onTimeout()` when `work` has not settled within `ms` (the work itself goes on). */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

interface ConnectionEvents {
  on(event: 'ready' | 'error' | 'end', listener: (...args: unknown[]) => void): unknown;
}

interface AvailabilityLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Whether Redis is usable right now, for code that has a fallback (per-instance rate limits).
 * Down when the client reports an error or a command fails; up again when the client is ready
 * after a reconnection, or RETRY_AFTER_MS after a failed command (a Redis that hangs without
 * dropping the connection never says "ready" again). Each change is logged once.
 */
export class RedisAvailability {
  static readonly RETRY_AFTER_MS = 5000;
  #downSince: number | undefined;
  #retryAt = 0;
  readonly #log: AvailabilityLog;
  readonly #what: string;

  readonly #probe: (() => Promise<unknown>) | undefined;
  #probing: NodeJS.Timeout | undefined;

  /**
   * `probe` (e.g. a PING) is tried every RETRY_AFTER_MS while Redis is down, so the state comes
   * back without waiting for a request to try it.
   */
  constructor(
    connection: ConnectionEvents,
    log: AvailabilityLog,
    what: string,
    probe?: () => Promise<unknown>,
  ) {
    this.#log = log;
    this.#what = what;
    this.#probe = probe;
    connection.on('ready', () => this.#up());
    connection.on('error', (error) => this.failed(error));
    connection.on('end', () => this.failed(new Error('connection closed')));
  }

  /** True while Redis should be tried: up, or down long enough to try again. */
  get usable(): boolean {
    return this.#downSince === undefined || Date.now() >= this.#retryAt;
  }

  get reachable(): boolean {
    return this.#downSince === undefined;
  }

  /** A command failed: use the fallback for a while. */
  failed(error: unknown): void {
    this.#retryAt = Date.now() + RedisAvailability.RETRY_AFTER_MS;
    if (this.#downSince !== undefined) return;
    this.#downSince = Date.now();
    this.#log.warn({ err: error }, `redis unreachable; ${this.#what}`);
    const probe = this.#probe;
    if (probe) {
      this.#probing = setInterval(() => {
        probe().then(
          () => this.#up(),
          () => {},
        );
      }, RedisAvailability.RETRY_AFTER_MS);
      this.#probing.unref();
    }
  }

  /** Stops the probing (when the client closes). */
  close(): void {
    clearInterval(this.#probing);
  }

  /** A command succeeded (or the client reconnected). */
  succeeded(): void {
    this.#up();
  }

  #up(): void {
    if (this.#downSince === undefined) return;
    clearInterval(this.#probing);
    this.#log.info({ down_ms: Date.now() - this.#downSince }, 'redis reachable again');
    this.#downSince = undefined;
  }
}
