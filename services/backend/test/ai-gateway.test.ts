import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildTestAi,
  GATEWAY_TOKEN,
  routeLines,
  type TestAi,
  upstreamEnv,
} from '../../ai/test/support/ai-app.js';
import { FakeOpenAI, gate, unusedUrl } from '../../ai/test/support/fake-openai.js';
import { LiveSse, parseSse } from '../../ai/test/support/sse.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

/**
 * End to end: client → backend → AI service → fake OpenAI-compatible upstream, all on real
 * sockets, so streaming, timeouts and cancellation behave as in production.
 */

const sqlite = testDatabaseFactories()[0]!;
const ask = (content: string) => [{ role: 'user', content }];
const CHAT = '/api/v1/ai/chat';

let local: FakeOpenAI;
let cloud: FakeOpenAI;
let ai: TestAi;
let aiUrl: string;
const databases: TestDatabase[] = [];
const backends: TestApp[] = [];

async function startBackend(env: Record<string, string>): Promise<TestApp> {
  const database = await sqlite.create();
  databases.push(database);
  const t = await buildTestApp(database, {
    AI_SERVICE_URL: aiUrl,
    AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    ...env,
  });
  backends.push(t);
  return t;
}

beforeAll(async () => {
  local = await FakeOpenAI.start();
  cloud = await FakeOpenAI.start();
  ai = await buildTestAi({
    AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    LLM_ENABLE_CLOUD_FALLBACK_NONPROD: 'true',
    ...upstreamEnv({ local: local.url, cloud: cloud.url }),
  });
  aiUrl = await ai.app.listen({ port: 0, host: '127.0.0.1' });
});

/**
 * After a fetch is aborted, undici (Node's fetch) opens a fresh keep-alive connection that
 * never sends a request and keeps it for the server's keep-alive hint (72 s). Node does not
 * count it as idle, so a plain close() waits for it; the tests drop every connection instead.
 */
async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

afterAll(async () => {
  for (const t of backends) await closeNow(t.app);
  if (ai) await closeNow(ai.app);
  await local?.close();
  await cloud?.close();
  for (const database of databases) await database.drop();
});

beforeEach(() => {
  local.reset();
  cloud.reset();
});

describe('POST /api/v1/ai/chat', () => {
  let t: TestApp;
  let url: string;
  let student: string;
  beforeAll(async () => {
    t = await startBackend({ AI_RATE_LIMIT_PER_MINUTE: '1000' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}${CHAT}`;
    student = await loginAs(t.app, 'student');
  });

  const chat = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: CHAT, payload, headers: { ...bearer(student), ...headers } });

  it('requires a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CHAT,
      payload: { mode: 'tutor', messages: ask('hi') },
    });
    expect(res.statusCode).toBe(401);
    expect(local.requests).toHaveLength(0);
  });

  it('forwards to the AI service with the gateway token, request id, user id and role', async () => {
    local.behave({ kind: 'reply', content: 'What is enclosed?' });
    const res = await chat({ mode: 'tutor', messages: ask('Gauss?') }, { 'x-request-id': 'gw-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      reply: 'What is enclosed?',
      mode: 'tutor',
      route: { upstream: 'local' },
    });
    expect(res.headers['x-request-id']).toBe('gw-1');
    expect(local.requests[0]!.headers['x-request-id']).toBe('gw-1');
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(student) })
    ).json().data;
    expect(routeLines(ai.logs, 'gw-1')[0]).toMatchObject({
      inputs: { trusted: true, user_id: me.id, user_role: 'student' },
    });
  });

  it('lets a public request fall back to the cloud, since the backend is trusted', async () => {
    local.behave({ kind: 'status', status: 500 });
    const res = await chat({ mode: 'problem_solver', messages: ask('hi'), privacy: 'public' });
    expect(res.json().data.route).toEqual({ upstream: 'cloud', fallback_reason: 'local_server_error' });
  });

  it.each([
    ['51 messages', { messages: Array(51).fill({ role: 'user', content: 'x' }) }],
    ['a message over 20,000 characters', { messages: ask('x'.repeat(20_001)) }],
    ['a routing request users may not make', { messages: ask('x'), privacy: 'cloud' }],
  ])('refuses %s before calling the AI service', async (_name, body) => {
    const res = await chat({ mode: 'tutor', ...body }, { 'x-request-id': 'gw-invalid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(routeLines(ai.logs, 'gw-invalid')).toHaveLength(0);
  });

  it('passes the AI service’s own errors through, streamed or not', async () => {
    for (const stream of [false, true]) {
      const res = await chat({ mode: 'oracle', messages: ask('hi'), stream });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown mode "oracle"' });
      expect(res.json().error.details).toContain('problem_solver');
    }
  });

  it('passes the stream through unbuffered: the first delta arrives while the upstream still holds the rest', async () => {
    const held = gate();
    local.behave({ kind: 'stream', chunks: ['first ', 'second'], gate: held.promise });
    const sse = await LiveSse.open(url, {
      method: 'POST',
      headers: { ...bearer(student), 'content-type': 'application/json', 'x-request-id': 'gw-live' },
      body: JSON.stringify({ mode: 'tutor', messages: ask('B?'), stream: true }),
    });
    expect(sse.response.status).toBe(200);
    expect(sse.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(sse.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(sse.response.headers.get('x-accel-buffering')).toBe('no');
    expect(sse.response.headers.get('x-request-id')).toBe('gw-live');
    expect((await sse.next())?.data).toMatchObject({ type: 'start', route: { upstream: 'local' } });
    // The upstream will not send anything more until the gate opens, so this delta was not buffered.
    expect((await sse.next())?.data).toEqual({ type: 'delta', content: 'first ' });
    held.open();
    const rest = await sse.rest();
    expect(rest.map((e) => e.event)).toEqual(['delta', 'done']);
    expect(rest[0]!.data.content).toBe('second');
  });

  it('cancels the upstream call when the client hangs up in the middle of a stream', async () => {
    local.behave({ kind: 'endless', intervalMs: 10 });
    const sse = await LiveSse.open(url, {
      method: 'POST',
      headers: { ...bearer(student), 'content-type': 'application/json', 'x-request-id': 'gw-cancel' },
      body: JSON.stringify({ mode: 'tutor', messages: ask('go on forever'), stream: true }),
    });
    expect((await sse.next())?.event).toBe('start');
    expect((await sse.next())?.event).toBe('delta');
    sse.hangUp();
    await local.waitForAbort();
    expect(local.aborts).toBe(1);
    await vi.waitFor(() =>
      expect(routeLines(ai.logs, 'gw-cancel')[0]).toMatchObject({ outcome: 'client_gone' }),
    );
  });

  it('cancels the upstream call when the client hangs up before a non-streamed answer', async () => {
    local.behave({ kind: 'hang' });
    const controller = new AbortController();
    const pending = fetch(url, {
      method: 'POST',
      headers: { ...bearer(student), 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'tutor', messages: ask('hi') }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(local.requests).toHaveLength(1));
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await local.waitForAbort();
    expect(local.aborts).toBe(1);
  });

  it('streams simulated-style error events through when the upstream dies mid-answer', async () => {
    local.behave({ kind: 'die-after', chunks: 1 });
    const res = await chat({ mode: 'tutor', messages: ask('hi'), stream: true });
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'error']);
    expect(events[2]!.data.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('AI gateway limits and failures', () => {
  it('limits each user separately: 429 RATE_LIMITED with Retry-After', async () => {
    const t = await startBackend({ AI_RATE_LIMIT_PER_MINUTE: '2' });
    const student = await loginAs(t.app, 'student');
    const teacher = await loginAs(t.app, 'teacher');
    const chatAs = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: CHAT,
        headers: bearer(token),
        payload: { mode: 'tutor', messages: ask('hi') },
      });
    expect((await chatAs(student)).statusCode).toBe(200);
    expect((await chatAs(student)).statusCode).toBe(200);
    const limited = await chatAs(student);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await chatAs(teacher)).statusCode).toBe(200);
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when the AI service is down, streamed or not', async () => {
    const t = await startBackend({ AI_SERVICE_URL: await unusedUrl() });
    const token = await loginAs(t.app, 'student');
    for (const stream of [false, true]) {
      const res = await t.app.inject({
        method: 'POST',
        url: CHAT,
        headers: bearer(token),
        payload: { mode: 'tutor', messages: ask('hi'), stream },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
    }
  });

  it('answers 503, not 401, when the AI service refuses the backend’s token', async () => {
    const t = await startBackend({ AI_GATEWAY_SHARED_TOKEN: 'a-different-token-entirely' });
    const token = await loginAs(t.app, 'student');
    for (const stream of [false, true]) {
      const res = await t.app.inject({
        method: 'POST',
        url: CHAT,
        headers: bearer(token),
        payload: { mode: 'tutor', messages: ask('hi'), stream },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
    }
    expect(t.logs.lines.some((l) => String(l.msg).includes('AI_GATEWAY_SHARED_TOKEN'))).toBe(true);
  });

  it('answers 504 UPSTREAM_TIMEOUT when the AI service takes longer than AI_REQUEST_TIMEOUT_SEC', async () => {
    const t = await startBackend({ AI_REQUEST_TIMEOUT_SEC: '0.3' });
    const token = await loginAs(t.app, 'student');
    for (const stream of [false, true]) {
      local.behave({ kind: stream ? 'hang-after-headers' : 'hang' });
      const res = await t.app.inject({
        method: 'POST',
        url: CHAT,
        headers: bearer(token),
        payload: { mode: 'tutor', messages: ask('hi'), stream },
      });
      expect(res.statusCode).toBe(504);
      expect(res.json().error.code).toBe('UPSTREAM_TIMEOUT');
    }
    // Giving up also released the upstream calls.
    await vi.waitFor(() => expect(local.aborts).toBe(2));
  });
});
