import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_PARAM_LENGTH, uriTooLong } from '@faraday/server-kit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the web application never shadows: they answer as the API does, 404 envelope included. */
const RESERVED = /^\/(api|docs|openapi\.json|healthz|readyz)(\/|$|\?)/;

/** Whether a path is the web application's (a page or an asset), not the API's. */
export function isWebAppPath(path: string): boolean {
  return !RESERVED.test(path);
}

/**
 * Serves the built web application at `/`: its hashed assets cached for a year (a new build has
 * new names), index.html never cached, and index.html for any other GET that asks for a page, so
 * client routes like /courses/42 survive a reload. Skipped when the app has not been built.
 */
export function webAppRoutes(webDir: string) {
  return async (app: FastifyInstance): Promise<void> => {
    const index = join(webDir, 'index.html');
    if (!existsSync(index)) {
      app.log.info({ webDir }, 'web application not built; serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const page = (request: FastifyRequest, reply: FastifyReply) => {
      const wantsPage = (request.headers.accept ?? '*/*').includes('text/html');
      if (RESERVED.test(request.url)) {
        // An API path whose parameter is too long for the router lands here, in the catch-all:
        // it answers as the router would without the web app (414), not as a missing page.
        if (request.url.split(/[/?]/).some((segment) => segment.length > MAX_PARAM_LENGTH))
          throw uriTooLong();
        return reply.callNotFound();
      }
      if (!wantsPage) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    };
    // The web application's pages are not part of the API: kept out of the OpenAPI document.
    app.get('/', { schema: { hide: true } }, page);
    app.get('/*', { schema: { hide: true } }, page);
  };
}
