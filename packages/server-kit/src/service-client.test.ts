import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callService, callServiceBytes } from './service-client.js';

let server: Server;
let base: string;
const seenRequestIds: string[] = [];

beforeAll(async () => {
  server = createHttpServer((req, res) => {
    seenRequestIds.push(String(req.headers['x-request-id']));
    const reply = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    switch (req.url) {
      case '/ok':
        return reply(200, JSON.stringify({ success: true, data: { answer: 42 } }));
      case '/coded':
        return reply(
          422,
          JSON.stringify({
            success: false,
            error: { code: 'CONVERGENCE_ERROR', message: 'no', details: 'd' },
          }),
        );
      case '/bare500':
        return reply(500, 'oops');
      case '/notjson':
        return reply(200, '<html>');
      case '/bytes':
        res.writeHead(200, { 'content-type': 'application/x-test' });
        return res.end(Buffer.from([0, 1, 2, 255]));
      case '/hang':
        return undefined;
      default:
        return reply(404, '{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const call = (path: string, timeoutMs = 2000) =>
  callService('sim', base, path, { requestId: 'req-7', timeoutMs });

describe('callService', () => {
  it('unwraps data and passes the request id on', async () => {
    await expect(call('/ok')).resolves.toEqual({ answer: 42 });
    expect(seenRequestIds.at(-1)).toBe('req-7');
  });

  it('passes the service error code through', async () => {
    await expect(call('/coded')).rejects.toMatchObject({
      code: 'CONVERGENCE_ERROR',
      status: 422,
      details: 'd',
    });
  });

  it('maps failures onto the upstream codes', async () => {
    await expect(call('/bare500')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
    await expect(call('/notjson')).rejects.toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', status: 502 });
    await expect(call('/hang', 200)).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT', status: 504 });
    await expect(
      callService('ai', 'http://127.0.0.1:1', '/x', { requestId: 'r', timeoutMs: 1000 }),
    ).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });
});

describe('callServiceBytes', () => {
  const bytes = (path: string) =>
    callServiceBytes('sim', base, path, {
      requestId: 'req-8',
      timeoutMs: 2000,
      accept: 'application/x-test',
    });

  it('hands over the body as it came', async () => {
    expect(Array.from(await bytes('/bytes'))).toEqual([0, 1, 2, 255]);
  });

  it('passes envelope errors through, and refuses a success of another type', async () => {
    await expect(bytes('/coded')).rejects.toMatchObject({ code: 'CONVERGENCE_ERROR', status: 422 });
    await expect(bytes('/ok')).rejects.toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE' });
    await expect(bytes('/bare500')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('gives up after the timeout, and says a closed port is unreachable', async () => {
    const hang = callServiceBytes('sim', base, '/hang', { requestId: 'r', timeoutMs: 200, accept: 'x/y' });
    await expect(hang).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    const closed = callServiceBytes('sim', 'http://127.0.0.1:9', '/x', {
      requestId: 'r',
      timeoutMs: 2000,
      accept: 'x/y',
    });
    await expect(closed).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });
});
