import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible upstream, speaking the real protocol
 * (`POST /v1/chat/completions`, JSON or `data: {...}` chunks and `data: [DONE]`), with the
 * failures we must survive: delays, 5xx, hangs, malformed JSON, streams that die.
 */
export type FakeBehaviour =
  /** A normal answer; streamed word by word when the request asks for a stream. */
  | { kind: 'reply'; content: string; model?: string }
  /** Streams these chunks; waits for `gate` (if any) after the first one. */
  | { kind: 'stream'; chunks: string[]; gate?: Promise<void>; intervalMs?: number }
  | { kind: 'status'; status: number; body?: string }
  /** Never answers: no headers, nothing. */
  | { kind: 'hang' }
  /** Sends the stream's headers, then nothing. */
  | { kind: 'hang-after-headers' }
  /** 200 with a body that is not JSON (or a stream chunk that is not). */
  | { kind: 'malformed' }
  /** Streams this many chunks, then drops the connection. */
  | { kind: 'die-after'; chunks: number }
  /** Streams a chunk every intervalMs until the client goes away. */
  | { kind: 'endless'; intervalMs: number };

export interface RecordedRequest {
  body: { model?: string; messages?: { role: string; content: string }[]; stream?: boolean };
  headers: IncomingMessage['headers'];
}

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  /** How many responses the client closed before they were finished. */
  aborts = 0;
  private behaviour: FakeBehaviour = { kind: 'reply', content: 'Hello from the fake model.' };
  private readonly events = new EventEmitter();
  private readonly server: Server;
  url = '';

  private constructor() {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  static async start(): Promise<FakeOpenAI> {
    const fake = new FakeOpenAI();
    fake.server.listen(0, '127.0.0.1');
    await once(fake.server, 'listening');
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  behave(behaviour: FakeBehaviour): void {
    this.behaviour = behaviour;
  }

  reset(): void {
    this.requests.length = 0;
    this.aborts = 0;
    this.behaviour = { kind: 'reply', content: 'Hello from the fake model.' };
  }

  /** Resolves once a client has gone away in the middle of a response. */
  async waitForAbort(): Promise<void> {
    if (this.aborts > 0) return;
    await once(this.events, 'abort');
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.on('close', () => {
      if (!res.writableFinished) {
        this.aborts += 1;
        this.events.emit('abort');
      }
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
    this.requests.push({ body, headers: req.headers });
    const behaviour = this.behaviour;
    const model = body.model ?? 'fake-model';
    switch (behaviour.kind) {
      case 'reply':
        if (body.stream) return this.stream(res, model, behaviour.content.match(/\S+\s*/g) ?? []);
        return json(res, 200, completion(behaviour.model ?? model, behaviour.content));
      case 'stream':
        return this.stream(res, model, behaviour.chunks, behaviour.gate, behaviour.intervalMs);
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(behaviour.body ?? JSON.stringify({ error: { message: `fake failure ${behaviour.status}` } }));
        return;
      case 'hang':
        return;
      case 'hang-after-headers':
        openStream(res);
        return;
      case 'malformed':
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [');
          return;
        }
        openStream(res);
        res.write(`data: ${JSON.stringify(chunk(model, { role: 'assistant', content: 'Hi' }))}\n\n`);
        res.write('data: {"choices": [nope\n\n');
        return;
      case 'die-after':
        openStream(res);
        for (let i = 0; i < behaviour.chunks; i += 1) {
          const data = `data: ${JSON.stringify(chunk(model, { content: `part${i} ` }))}\n\n`;
          // The connection is cut once the last chunk has left.
          res.write(data, i === behaviour.chunks - 1 ? () => res.destroy() : undefined);
        }
        return;
      case 'endless': {
        openStream(res);
        let n = 0;
        const timer = setInterval(() => {
          res.write(`data: ${JSON.stringify(chunk(model, { content: `tick${n++} ` }))}\n\n`);
        }, behaviour.intervalMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
    }
  }

  private async stream(
    res: ServerResponse,
    model: string,
    pieces: string[],
    gate?: Promise<void>,
    intervalMs = 0,
  ): Promise<void> {
    openStream(res);
    for (const [i, piece] of pieces.entries()) {
      if (res.destroyed) return;
      res.write(
        `data: ${JSON.stringify(chunk(model, i === 0 ? { role: 'assistant', content: piece } : { content: piece }))}\n\n`,
      );
      if (i === 0 && gate) await gate;
      if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    res.write(`data: ${JSON.stringify(chunk(model, {}, 'stop'))}\n\n`);
    res.write(
      `data: ${JSON.stringify({ ...chunk(model, {}), choices: [], usage: { prompt_tokens: 5, completion_tokens: pieces.length, total_tokens: 5 + pieces.length } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function openStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
  };
}

function chunk(model: string, delta: Record<string, string>, finishReason: string | null = null) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** A URL where nothing listens: connection refused. */
export async function unusedUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A promise with its resolve function, to hold a fake response until the test says so. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
