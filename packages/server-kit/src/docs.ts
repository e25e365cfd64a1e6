import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface DocsOptions {
  title: string;
  description: string;
  version: string;
}

/**
 * OpenAPI 3 generated from the zod route schemas, served at /openapi.json, and the Scalar
 * reference at /docs. Scalar's bundle is served from the package itself, so the page works
 * without any CDN.
 */
export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: options.title, description: options.description, version: options.version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { title: options.title },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
