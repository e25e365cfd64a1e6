import { AppError } from '@faraday/contracts';
import { headerValue, type RouteDocs, serviceTokenMatches } from '@faraday/server-kit';
import type { FastifyInstance, RouteOptions } from 'fastify';

export const GATEWAY_TOKEN_HEADER = 'x-ai-gateway-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller presented the valid gateway token (the backend). */
    trusted: boolean;
  }
}

/**
 * Marks each `/v1` request trusted or not. In production an untrusted caller is refused;
 * elsewhere it may still chat, privately, through the local upstream. A token that is sent
 * but wrong is refused everywhere: it is a misconfiguration worth hearing about at once.
 */
export function installGatewayTrust(
  app: FastifyInstance,
  options: { token: string | undefined; production: boolean },
): void {
  app.decorateRequest('trusted', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/v1/')) return;
    const presented = headerValue(request, GATEWAY_TOKEN_HEADER);
    request.trusted = serviceTokenMatches(presented, options.token);
    if (request.trusted) return;
    if (presented !== undefined && options.token !== undefined) {
      throw new AppError('UNAUTHORIZED', 'The gateway token is not valid');
    }
    if (options.production) {
      throw new AppError(
        'UNAUTHORIZED',
        'This service answers only the backend, which sends the gateway token',
      );
    }
  });
}

/** The /v1 routes take the gateway token, and answer 401 to a wrong one (or to none, in production). */
export function gatewayDocs(route: RouteOptions): RouteDocs {
  if (!route.url.startsWith('/v1/')) return { security: [] };
  return { security: [{ gatewayToken: [] }], errors: [{ code: 'UNAUTHORIZED' }] };
}
