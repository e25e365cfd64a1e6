import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callService, callServiceStream } from './service-client.js';

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
      case '/broken':
        // Half a body, then the connection drops.
        res.writeHead(200, { 'content-type': 'application/x-test', 'content-length': '100' });
        return res.write(Buffer.from([1, 2, 3]), () => res.destroy());
      case '/stalls':
        // Headers and a first chunk, then nothing more.
        res.writeHead(200, { 'content-type': 'application/x-test' });
        return res.write(Buffer.from([1, 2, 3]));
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

/** The whole body of a streamed answer. */
async function drained(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

describe('callServiceStream', () => {
  const bytes = async (path: string, timeoutMs = 2000) =>
    drained(
      await callServiceStream('sim', base, path, {
        requestId: 'req-8',
        timeoutMs,
        accept: 'application/x-test',
      }),
    );

  it('hands over the body as it came', async () => {
    expect(Array.from(await bytes('/bytes'))).toEqual([0, 1, 2, 255]);
  });

  it('passes envelope errors through, and refuses a success of another type', async () => {
    await expect(bytes('/coded')).rejects.toMatchObject({ code: 'CONVERGENCE_ERROR', status: 422 });
    await expect(bytes('/ok')).rejects.toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE' });
    await expect(bytes('/bare500')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('yields the chunks as they arrive, and throws when the body breaks off or stalls', async () => {
    const stalls = await callServiceStream('sim', base, '/stalls', {
      requestId: 'r',
      timeoutMs: 300,
      accept: 'application/x-test',
    });
    const first = await stalls.next();
    expect(Array.from(first.value ?? [])).toEqual([1, 2, 3]);
    await expect(stalls.next()).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    await expect(bytes('/broken')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('gives up after the timeout, and says a closed port is unreachable', async () => {
    await expect(bytes('/hang', 200)).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    const closed = callServiceStream('sim', 'http://127.0.0.1:9', '/x', {
      requestId: 'r',
      timeoutMs: 2000,
      accept: 'x/y',
    });
    await expect(closed).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });
});
