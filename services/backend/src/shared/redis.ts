import { RedisAvailability, redisClientOptions } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** How long start waits for Redis before going on without it (it is used as soon as it comes). */
const CONNECT_WAIT_MS = 2000;

/**
 * The backend's Redis client (rate-limit counters) with short command timeouts, and whether
 * Redis is reachable. A Redis that is down at start delays the start by two seconds at most:
 * the backend starts degraded and uses Redis once it is back.
 */
export async function connectRedis(
  app: FastifyInstance,
  url: string,
): Promise<{ client: Redis; availability: RedisAvailability }> {
  const client = new Redis(url, { ...redisClientOptions, lazyConnect: false });
  const availability = new RedisAvailability(
    client,
    app.log,
    'rate limits are counted per instance until it is back',
    () => client.ping(),
  );
  app.addHook('onClose', async () => {
    availability.close();
    await client.quit().catch(() => client.disconnect());
  });
  // Not events.once: it rejects on the first 'error', and errors are expected while Redis is down.
  const connected = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CONNECT_WAIT_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!connected) availability.failed(new Error(`no connection to Redis within ${CONNECT_WAIT_MS} ms`));
  return { client, availability };
}
