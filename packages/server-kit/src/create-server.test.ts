import { connect } from 'node:net';
import { AppError } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServer } from './create-server.js';
import type { ZodTypeProvider } from './index.js';
import { LogCapture } from './test-log-stream.js';

let app: FastifyInstance;
const logs = new LogCapture();

beforeAll(async () => {
  app = await createServer({
    service: 'test',
    logLevel: 'info',
    bodyLimit: 1024,
    logStream: logs,
    docs: { title: 'Test', description: 'test', version: '0' },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/echo',
    { schema: { body: z.object({ name: z.string().min(2), count: z.number().int().max(10) }) } },
    async (request) => ({ success: true, data: request.body }),
  );
  // Answers more than its schema declares (?wrong: a field of the wrong type), as a row read whole would.
  routes.get(
    '/profile',
    {
      schema: {
        querystring: z.object({ wrong: z.literal('1').optional() }),
        response: { 200: z.object({ success: z.literal(true), data: z.object({ username: z.string() }) }) },
      },
    },
    async (request) =>
      ({
        success: true,
        data: { username: request.query.wrong ? 42 : 'ada', password_hash: '$2b$10$secret' },
      }) as never,
  );
  routes.get('/boom', async () => {
    throw new Error('SELECT * FROM users WHERE secret = 1 at /srv/app/src/db.ts:42');
  });
  routes.get('/teapot', { config: { errors: ['COURSE_FULL'] } }, async () => {
    throw new AppError('COURSE_FULL', undefined, { details: 'max_students is 30' });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('envelope for what the framework produces itself', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/route?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Route GET /no/such/route not found' },
    });
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('answers a wrong content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2000), count: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('names every bad field of a schema violation', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'a', count: 11 } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toContain('body.name');
    expect(error.details).toContain('body.count');
  });

  it('turns a thrown error into 500 INTERNAL_ERROR without stack, SQL or path, and logs it', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'boom-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
    expect(res.body).not.toMatch(/SELECT|\/srv|db\.ts|at /);
    const logged = logs.lines.find((l) => l.request_id === 'boom-1' && l.level === 50);
    expect(JSON.stringify(logged)).toContain('SELECT * FROM users');
  });

  it('sends only what the response schema declares, and never an answer that breaks it', async () => {
    const res = await app.inject({ method: 'GET', url: '/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { username: 'ada' } });
    const wrong = await app.inject({ method: 'GET', url: '/profile?wrong=1' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
    expect(wrong.body).not.toContain('secret');
  });

  it('renders an AppError with its catalogue status and details', async () => {
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'COURSE_FULL', message: expect.any(String), details: 'max_students is 30' },
    });
  });
});

describe('request ids', () => {
  it('echoes an acceptable incoming X-Request-Id and logs it on every line of the request', async () => {
    const res = await app.inject({ method: 'GET', url: '/teapot', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const lines = logs.lines.filter((l) => l.request_id === 'abc-123');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((l) => l.service === 'test')).toBe(true);
  });

  it('generates an id when none or a hostile one is sent', async () => {
    const plain = await app.inject({ method: 'GET', url: '/teapot' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await app.inject({
      method: 'GET',
      url: '/teapot',
      headers: { 'x-request-id': 'x\n{"level":60}' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('docs', () => {
  it('serves OpenAPI 3 generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/echo'].post.requestBody.content['application/json'].schema.properties.name,
    ).toBeDefined();
  });

  it('serves the reference page and its script from this server, not a CDN', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/<script[^>]+src="https?:/);
    const script = await app.inject({ method: 'GET', url: '/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body.length).toBeGreaterThan(100_000);
  });
});

describe('shutdown', () => {
  it('lets an in-flight request finish before close hooks release resources', async () => {
    const server = await createServer({
      service: 'closing',
      logLevel: 'silent',
      docs: { title: 't', description: 't', version: '0' },
    });
    let resourceOpen = true;
    server.addHook('onClose', async () => {
      resourceOpen = false;
    });
    let handlerStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      handlerStarted = resolve;
    });
    server.get('/slow', async () => {
      handlerStarted();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { success: true, data: { resourceOpen } };
    });
    const address = await server.listen({ host: '127.0.0.1', port: 0 });
    const pending = fetch(`${address}/slow`);
    await started;
    await server.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ success: true, data: { resourceOpen: true } });
    expect(resourceOpen).toBe(false);
  });

  it('waits for the handler of a client that hung up before closing resources', async () => {
    const server = await createServer({
      service: 'closing',
      logLevel: 'silent',
      docs: { title: 't', description: 't', version: '0' },
    });
    let resourceOpen = true;
    let seenByHandler: boolean | undefined;
    server.addHook('onClose', async () => {
      resourceOpen = false;
    });
    let handlerStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      handlerStarted = resolve;
    });
    server.post('/work', async () => {
      handlerStarted();
      await new Promise((resolve) => setTimeout(resolve, 300));
      seenByHandler = resourceOpen;
      return { success: true, data: {} };
    });
    const address = await server.listen({ host: '127.0.0.1', port: 0 });
    // A raw socket, destroyed once the handler runs: the client is really gone, nothing lingers.
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      'POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await started;
    socket.destroy();
    // The server has seen the client go (its connection closed) before it is asked to close.
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    await expect.poll(connections).toBe(0);
    await server.close();
    expect(seenByHandler).toBe(true);
    expect(resourceOpen).toBe(false);
  });
});
