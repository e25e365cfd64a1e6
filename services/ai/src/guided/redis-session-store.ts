import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { GuidedSession } from './session.js';
import { readStored, type SessionStore } from './session-store.js';

const KEY_PREFIX = 'faraday:ai:guided:';

/**
 * Sessions as Redis strings with a TTL equal to the time left until `expires_at`: Redis drops
 * abandoned sessions by itself, and every turn renews the TTL.
 */
export class RedisSessionStore implements SessionStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {
    // Fail a request quickly when Redis is down instead of queueing it for ever.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    this.redis.on('error', (error) => this.log.warn({ err: error }, 'redis (guided sessions) error'));
  }

  async load(id: string): Promise<GuidedSession | undefined> {
    const json = await this.redis.get(KEY_PREFIX + id);
    if (json === null) return undefined;
    const session = readStored(json, this.log, id);
    if (session && session.expires_at <= this.now()) {
      await this.redis.del(KEY_PREFIX + id);
      return undefined;
    }
    return session;
  }

  async save(session: GuidedSession): Promise<void> {
    const ttlMs = Math.max(1, session.expires_at - this.now());
    await this.redis.set(KEY_PREFIX + session.id, JSON.stringify(session), 'PX', ttlMs);
  }

  async close(): Promise<void> {
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
