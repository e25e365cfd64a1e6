import { AppError, ok, successEnvelopeSchema } from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDatabaseReachable } from '../db/database.js';

const healthSchema = {
  tags: ['health'],
  summary: 'Liveness: the process is up',
  response: { 200: successEnvelopeSchema(z.object({ status: z.literal('ok') })) },
};

const readinessSchema = {
  tags: ['health'],
  summary: 'Readiness: the process is up and its database answers',
  response: { 200: successEnvelopeSchema(z.object({ status: z.literal('ok'), database: z.literal('ok') })) },
};

export async function healthRoutes(app: FastifyInstance): Promise<void> {
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
    return ok({ status: 'ok' as const, database: 'ok' as const });
  });
}
