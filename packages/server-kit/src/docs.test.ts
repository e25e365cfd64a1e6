import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServer } from './create-server.js';
import { operationIdOf } from './docs.js';
import type { ZodTypeProvider } from './index.js';
import { LogCapture } from './test-log-stream.js';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked field by field
type Json = Record<string, any>;
let app: FastifyInstance;
let doc: Json;

const codesOf = (operation: Json, status: number) =>
  Object.keys(operation.responses[String(status)]?.content['application/json'].examples ?? {});

beforeAll(async () => {
  app = await createServer({
    service: 'docs-test',
    logLevel: 'warn',
    logStream: new LogCapture(),
    docs: {
      title: 'Faraday API',
      description: 'test',
      version: '0',
      serverUrl: 'http://127.0.0.1:9999',
      tags: { things: 'Things' },
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } },
      describeRoute: (route) =>
        route.url.startsWith('/open')
          ? { security: [] }
          : {
              security: [{ key: [] }],
              errors: [{ code: 'INSUFFICIENT_PERMISSIONS', requiredPermission: 'thing:write' }],
            },
    },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/open', { schema: { tags: ['things'] } }, async () => ({ success: true, data: {} }));
  routes.post(
    '/things/:thing_id',
    {
      config: { errors: ['COURSE_NOT_FOUND', 'COURSE_FULL'] },
      schema: {
        tags: ['things'],
        params: z.object({ thing_id: z.string() }),
        body: z.object({ n: z.number() }),
      },
    },
    async () => ({ success: true, data: {} }),
  );
  routes.post(
    '/kinds/:kind',
    {
      config: {
        documentedVariants: ['a', 'b'].map((kind) => ({
          params: { kind },
          summary: `Make ${kind}`,
          body: z.object({ [kind]: z.number() }).meta({ examples: [{ [kind]: 1 }] }),
          response: z.object({ [`${kind}_made`]: z.number().describe(`How much ${kind}`) }),
        })),
      },
      schema: { tags: ['things'], params: z.object({ kind: z.enum(['a', 'b']) }) },
    },
    async () => ({ success: true, data: {} }),
  );
  routes.post(
    '/upload',
    {
      config: {
        documentedBody: { 'multipart/form-data': z.object({ file: z.string().meta({ format: 'binary' }) }) },
        documentedResponse: z.object({ stored: z.boolean().describe('Whether the file was kept') }),
      },
      schema: { tags: ['things'] },
    },
    async () => ({ success: true, data: {} }),
  );
  await app.ready();
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

afterAll(async () => {
  await app.close();
});

describe('the generated reference', () => {
  it('names operations from method and path', () => {
    expect(operationIdOf('get', '/api/v1/courses/{course_id}/members')).toBe('getCoursesByCourseIdMembers');
    expect(operationIdOf('post', '/v1/chat_with_tools')).toBe('postChatWithTools');
    expect(doc.paths['/things/{thing_id}'].post.operationId).toBe('postThingsByThingId');
  });

  it('sets the server, licence, contact and tag descriptions', () => {
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:9999' }]);
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.info.contact.name).toBeTruthy();
    expect(doc.tags).toEqual([{ name: 'things', description: 'Things' }]);
  });

  it('takes security from the service and documents none for public operations', () => {
    expect(doc.paths['/open'].get.security).toEqual([]);
    expect(doc.paths['/things/{thing_id}'].post.security).toEqual([{ key: [] }]);
  });

  it('derives error answers from schemas, declared codes and the service, with examples', () => {
    const operation = doc.paths['/things/{thing_id}'].post;
    expect(codesOf(operation, 400)).toEqual(['VALIDATION_ERROR']);
    expect(codesOf(operation, 413)).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(codesOf(operation, 415)).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
    expect(codesOf(operation, 404)).toEqual(['COURSE_NOT_FOUND']);
    expect(codesOf(operation, 409)).toEqual(['COURSE_FULL']);
    expect(codesOf(operation, 500)).toEqual(['INTERNAL_ERROR']);
    expect(operation.responses['503'].headers['Retry-After']).toBeDefined();
    expect(
      operation.responses['403'].content['application/json'].examples.INSUFFICIENT_PERMISSIONS.value.error,
    ).toEqual({
      code: 'INSUFFICIENT_PERMISSIONS',
      message: 'You do not have the permission this action requires',
      required_permission: 'thing:write',
    });
    // Even a route without inputs can answer 400: the kit refuses a NUL in any query string.
    expect(codesOf(doc.paths['/open'].get, 400)).toEqual(['VALIDATION_ERROR']);
  });

  it('documents a route per value of its parameter, each with its own body, example and answer', () => {
    expect(doc.paths['/kinds/{kind}']).toBeUndefined();
    for (const kind of ['a', 'b']) {
      const operation = doc.paths[`/kinds/${kind}`].post;
      expect(operation.summary).toBe(`Make ${kind}`);
      expect(operation.operationId).toBe(`postKinds${kind.toUpperCase()}`);
      expect(operation.parameters).toBeUndefined();
      const media = operation.requestBody.content['application/json'];
      expect(Object.keys(media.schema.properties)).toEqual([kind]);
      expect(media.example).toEqual({ [kind]: 1 });
      const answer = operation.responses['200'].content['application/json'].schema;
      expect(answer.properties[`${kind}_made`].description).toBe(`How much ${kind}`);
    }
  });

  it('documents a body the route reads itself, such as a multipart upload, and an answer it writes itself', () => {
    const media = doc.paths['/upload'].post.requestBody.content['multipart/form-data'];
    expect(media.schema.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(codesOf(doc.paths['/upload'].post, 415)).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
    const answer = doc.paths['/upload'].post.responses['200'].content['application/json'].schema;
    expect(answer.properties.stored.description).toBe('Whether the file was kept');
  });
});
