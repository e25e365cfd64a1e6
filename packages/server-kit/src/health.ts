import { ok, successEnvelopeSchema } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const livenessSchema = {
  tags: ['health'],
  summary: 'Liveness: the process is up',
  // `status` is repeated at the top level so that plain health probes find it (docs/decisions.md).
  response: {
    200: successEnvelopeSchema(z.object({ status: z.literal('ok') })).extend({ status: z.literal('ok') }),
  },
};

/** `GET /healthz` of the internal services: the envelope, plus `status` at the top level. */
export function registerLiveness(app: FastifyInstance): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/healthz', { schema: livenessSchema, logLevel: 'warn' }, async () => ({
      ...ok({ status: 'ok' as const }),
      status: 'ok' as const,
    }));
}
