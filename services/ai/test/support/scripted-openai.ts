import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible upstream that answers from a script, one entry per request, for
 * conversations of several requests: tool calls, JSON answers and their repairs. A request
 * beyond the script gets a 500, so an unexpected extra call fails the test loudly. A request
 * with `stream: true` is answered as the real protocol streams: words one chunk each, each
 * tool call's id and name in one chunk and its arguments split over the next ones.
 */
export type ScriptedAnswer =
  | { content: string }
  | { toolCalls: { id?: string; name: string; arguments: string }[]; content?: string | null }
  | { status: number };

export interface ScriptedRequest {
  model?: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string } }[];
  tool_choice?: unknown;
  stream?: boolean;
}

type Entry = ScriptedAnswer | ((request: ScriptedRequest) => ScriptedAnswer);

export class ScriptedOpenAI {
  readonly requests: ScriptedRequest[] = [];
  private script: Entry[] = [];
  private readonly server: Server;
  url = '';

  private constructor() {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  static async start(): Promise<ScriptedOpenAI> {
    const fake = new ScriptedOpenAI();
    fake.server.listen(0, '127.0.0.1');
    await once(fake.server, 'listening');
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** Replaces the script and forgets earlier requests. */
  play(...entries: Entry[]): void {
    this.script = [...entries];
    this.requests.length = 0;
  }

  get remaining(): number {
    return this.script.length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ScriptedRequest;
    this.requests.push(body);
    const entry = this.script.shift();
    const answer = typeof entry === 'function' ? entry(body) : entry;
    if (answer === undefined) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"message":"script exhausted"}}');
      return;
    }
    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `scripted failure ${answer.status}` } }));
      return;
    }
    if (body.stream) return this.stream(res, body.model ?? 'scripted-model', answer);
    const message =
      'toolCalls' in answer
        ? {
            role: 'assistant',
            content: answer.content ?? null,
            tool_calls: answer.toolCalls.map((call, i) => ({
              id: call.id ?? `call_${this.requests.length}_${i}`,
              type: 'function',
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : { role: 'assistant', content: answer.content };
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-scripted',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model ?? 'scripted-model',
        choices: [{ index: 0, message, finish_reason: 'toolCalls' in answer ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
  }

  private stream(
    res: ServerResponse,
    model: string,
    answer: Exclude<ScriptedAnswer, { status: number }>,
  ): void {
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-scripted',
          object: 'chat.completion.chunk',
          created: 1_700_000_000,
          model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    send({ role: 'assistant' });
    const content = 'toolCalls' in answer ? (answer.content ?? '') : answer.content;
    for (const word of content.match(/\S+\s*/g) ?? []) send({ content: word });
    const calls = 'toolCalls' in answer ? answer.toolCalls : [];
    for (const [index, call] of calls.entries()) {
      const id = call.id ?? `call_${this.requests.length}_${index}`;
      send({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] });
      const half = Math.ceil(call.arguments.length / 2);
      for (const part of [call.arguments.slice(0, half), call.arguments.slice(half)]) {
        if (part) send({ tool_calls: [{ index, function: { arguments: part } }] });
      }
    }
    send({}, calls.length > 0 ? 'tool_calls' : 'stop');
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  }
}
