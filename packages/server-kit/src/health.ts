import { ok, successEnvelopeSchema } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const livenessSchema = {
  tags: ['health'],
  summary: 'Liveness: the process is up',
  // `status` is repeated at the top level so that plain health probes find it
  // (docs/adr/0006-health-readiness-and-shutdown.md).
  // Extra `data` fields are a service's details (the AI service's retrieval state).
  response: {
    200: successEnvelopeSchema(z.looseObject({ status: z.literal('ok') })).extend({
      status: z.literal('ok'),
    }),
  },
};

export interface LivenessOptions {
  /**
   * Details a service adds to `data` (e.g. `{ retrieval: {...} }`): what is degraded while the
   * process is up. They never change `status`, which only says the process answers.
   */
  details?: () => Record<string, unknown>;
}

/** `GET /healthz` of the internal services: the envelope, plus `status` at the top level. */
export function registerLiveness(app: FastifyInstance, options: LivenessOptions = {}): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/healthz', { schema: livenessSchema, logLevel: 'warn' }, async () => ({
      ...ok({ ...options.details?.(), status: 'ok' as const }),
      status: 'ok' as const,
    }));
}
