import { RedisAvailability, redisClientOptions } from '@faraday/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { GuidedSession } from './session.js';
import { readStored, type SessionStore } from './session-store.js';

/**
 * Sessions as Redis strings with a TTL equal to the time left until `expires_at`: Redis drops
 * abandoned sessions by itself, and every turn renews the TTL.
 */
export class RedisSessionStore implements SessionStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly availability: RedisAvailability;

  constructor(
    url: string,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    /** Ends in ':'; names the environment, so environments sharing one Redis never meet. */
    private readonly keyPrefix: string,
  ) {
    // Short command timeouts: with Redis down a request fails in half a second with 503
    // instead of waiting for ioredis's reconnection attempts. The availability logs each
    // outage once (the client reports every failed reconnection as an error).
    this.redis = new Redis(url, { ...redisClientOptions, lazyConnect: false });
    this.availability = new RedisAvailability(
      this.redis,
      this.log,
      'guided sessions answer 503 until it is back',
    );
  }

  async load(id: string): Promise<GuidedSession | undefined> {
    const json = await this.command(() => this.redis.get(this.keyPrefix + id));
    if (json === null) return undefined;
    const session = readStored(json, this.log, id);
    if (session && session.expires_at <= this.now()) {
      await this.command(() => this.redis.del(this.keyPrefix + id));
      return undefined;
    }
    return session;
  }

  async save(session: GuidedSession): Promise<void> {
    const ttlMs = Math.max(1, session.expires_at - this.now());
    await this.command(() =>
      this.redis.set(this.keyPrefix + session.id, JSON.stringify(session), 'PX', ttlMs),
    );
  }

  /**
   * Sessions cannot be kept anywhere else (the instances share them): the failure goes up and the
   * guided service answers 503 SERVICE_UNAVAILABLE.
   */
  private async command<T>(run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.availability.succeeded();
      return result;
    } catch (error) {
      this.availability.failed(error);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.availability.close();
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
