import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createFaradayClient } from '@faraday/client';
import type { ChatStreamEvent } from '@faraday/contracts';
import { afterEach, describe, expect, it } from 'vitest';

/** chatStream against a real HTTP server writing server-sent events the way the backend does. */

let server: Server | undefined;

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const frame = (event: ChatStreamEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
const sse = { 'content-type': 'text/event-stream; charset=utf-8' };

describe('ai.chatStream', () => {
  it('hands over each event as soon as it is whole, even split mid-event and mid-character', async () => {
    let seenFirst: () => void = () => undefined;
    const firstSeen = new Promise<void>((resolve) => {
      seenFirst = resolve;
    });
    let sentSecondAfterFirstSeen = false;
    const baseUrl = await serve(async (_req, res) => {
      res.writeHead(200, sse);
      const start = frame({ type: 'start', model: 'm', mode: 'tutor_rag', route: { upstream: 'simulated' } });
      const first = Buffer.from(frame({ type: 'delta', content: 'Φ = Q/ε₀ ' }));
      res.write(start.slice(0, 10));
      res.write(start.slice(10) + frame({ type: 'citations', citations: [] }));
      // Cut inside the two-byte Φ: the decoder must wait for the rest.
      const cut = first.indexOf(Buffer.from('Φ')) + 1;
      res.write(first.subarray(0, cut));
      res.write(first.subarray(cut));
      await firstSeen;
      sentSecondAfterFirstSeen = true;
      res.write(frame({ type: 'delta', content: 'for any surface' }));
      res.end(frame({ type: 'done', finish_reason: 'stop' }));
    });
    const client = createFaradayClient({ baseUrl, getToken: () => 't' });
    const events: ChatStreamEvent[] = [];
    await client.ai.chatStream(
      { mode: 'tutor_rag', messages: [{ role: 'user', content: 'Gauss?' }] },
      {
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'delta' && !sentSecondAfterFirstSeen) seenFirst();
        },
      },
    );
    expect(events.map((e) => e.type)).toEqual(['start', 'citations', 'delta', 'delta', 'done']);
    expect(events.flatMap((e) => (e.type === 'delta' ? [e.content] : [])).join('')).toBe(
      'Φ = Q/ε₀ for any surface',
    );
  });

  it('sends the body with stream: true and the bearer token', async () => {
    let seen: { body: unknown; auth: string | undefined } | undefined;
    const baseUrl = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen = { body: JSON.parse(body), auth: req.headers.authorization };
        res.writeHead(200, sse);
        res.end(frame({ type: 'done', finish_reason: 'stop' }));
      });
    });
    const client = createFaradayClient({ baseUrl, getToken: () => 'tok' });
    await client.ai.chatStream(
      { mode: 'tutor', messages: [{ role: 'user', content: 'hi' }], conversation_id: 'c1' },
      { onEvent: () => undefined },
    );
    expect(seen).toEqual({
      body: {
        mode: 'tutor',
        messages: [{ role: 'user', content: 'hi' }],
        conversation_id: 'c1',
        stream: true,
      },
      auth: 'Bearer tok',
    });
  });

  it('throws the envelope’s error when the server refuses before streaming', async () => {
    const baseUrl = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          success: false,
          error: { code: 'CONVERSATION_NOT_FOUND', message: 'Conversation not found' },
        }),
      );
    });
    const client = createFaradayClient({ baseUrl });
    const events: ChatStreamEvent[] = [];
    const failure = await client.ai
      .chatStream(
        { mode: 'tutor', messages: [{ role: 'user', content: 'hi' }] },
        { onEvent: (e) => events.push(e) },
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'CONVERSATION_NOT_FOUND' });
    expect(events).toEqual([]);
  });

  it('resolves quietly when the caller stops, and the server sees the hang-up', async () => {
    let closed: () => void = () => undefined;
    const serverSawClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const baseUrl = await serve((_req, res) => {
      res.writeHead(200, sse);
      res.write(frame({ type: 'delta', content: 'one ' }));
      res.on('close', closed);
    });
    const client = createFaradayClient({ baseUrl });
    const stop = new AbortController();
    const events: ChatStreamEvent[] = [];
    await client.ai.chatStream(
      { mode: 'tutor', messages: [{ role: 'user', content: 'hi' }] },
      {
        signal: stop.signal,
        onEvent: (event) => {
          events.push(event);
          stop.abort();
        },
      },
    );
    await serverSawClose;
    expect(events).toEqual([{ type: 'delta', content: 'one ' }]);
  });
});
