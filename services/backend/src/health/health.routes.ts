import { AppError, ok, successEnvelopeSchema } from '@faraday/contracts';
import type { RedisAvailability, ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDatabaseReachable } from '../db/database.js';
import type { BlobStore } from '../storage/blob-store.js';

const healthSchema = {
  tags: ['health'],
  summary: 'Liveness: the process is up',
  response: { 200: successEnvelopeSchema(z.object({ status: z.literal('ok') })) },
};

const readinessSchema = {
  tags: ['health'],
  summary: 'Readiness: the process is up, its database and file storage answer; how rate limits are counted',
  description:
    'Not ready (503) while the database or the blob store (folder or S3 bucket) does not answer. With REDIS_URL, `redis` says whether Redis answers. While it does not the backend stays ready ' +
    '(degraded): rate limits are counted per instance (`rate_limits: per-instance`) and sweeps cannot be ' +
    'queued (503).',
  response: {
    200: successEnvelopeSchema(
      z.object({
        status: z.literal('ok'),
        database: z.literal('ok'),
        blob_store: z.literal('ok'),
        redis: z.enum(['ok', 'unreachable', 'not configured']),
        rate_limits: z.enum(['shared', 'per-instance']),
      }),
    ),
  },
};

/** `redis` is undefined without REDIS_URL. */
export const healthRoutes =
  (redis: RedisAvailability | undefined, blobs: BlobStore) => async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get('/healthz', { schema: healthSchema, logLevel: 'warn' }, async () =>
      ok({ status: 'ok' as const }),
    );
    routes.get('/readyz', { schema: readinessSchema, logLevel: 'warn' }, async () => {
      if (!(await isDatabaseReachable(app.db))) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable', {
          headers: { 'retry-after': '5' },
        });
      }
      try {
        await blobs.check();
      } catch (error) {
        app.log.warn({ err: error }, 'the blob store does not answer');
        throw new AppError('SERVICE_UNAVAILABLE', 'File storage is not reachable', {
          headers: { 'retry-after': '5' },
        });
      }
      const shared = redis?.reachable === true;
      return ok({
        status: 'ok' as const,
        database: 'ok' as const,
        blob_store: 'ok' as const,
        redis:
          redis === undefined
            ? ('not configured' as const)
            : shared
              ? ('ok' as const)
              : ('unreachable' as const),
        rate_limits: shared ? ('shared' as const) : ('per-instance' as const),
      });
    });
  };
