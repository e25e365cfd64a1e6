import type { FastifyRequest } from 'fastify';

/**
 * A route's per-user rate limit (docs/api-contract.md): counted per signed-in user, per client
 * address otherwise; shared by instances through Redis when configured.
 */
export function perUser(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.principal?.userId ?? request.ip,
  };
}
