import { AppError, ok, successEnvelopeSchema } from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RetrievalGate } from './retrieval/retrieval-setup.js';

const readinessSchema = {
  tags: ['health'],
  summary: 'Readiness: the process is up and retrieval, when enabled, has its index',
  description:
    'Not ready (503) while retrieval is enabled but its index could not be read: a load balancer ' +
    'then sends course questions to an instance that can answer them. Disabled retrieval is ready.',
  response: {
    200: successEnvelopeSchema(
      z.object({ status: z.literal('ok'), retrieval: z.enum(['ready', 'disabled']) }),
    ),
  },
};

export function registerReadiness(app: FastifyInstance, retrieval: RetrievalGate): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/readyz', { schema: readinessSchema, logLevel: 'warn' }, async () => {
      const health = retrieval.health();
      if (health.status !== 'ready' && health.status !== 'disabled') {
        throw new AppError('SERVICE_UNAVAILABLE', 'Retrieval is enabled but its index is unavailable', {
          headers: { 'retry-after': '30' },
        });
      }
      return ok({ status: 'ok' as const, retrieval: health.status });
    });
}
