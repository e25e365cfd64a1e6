import { chatModes, MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from '@faraday/contracts';
import { serviceTokenMatches } from '@faraday/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, buildTestAi, GATEWAY_TOKEN, routeLines, type TestAi } from './support/ai-app.js';
import { parseSse } from './support/sse.js';

describe('AI service without an upstream (simulated mode)', () => {
  let t: TestAi;
  beforeAll(async () => {
    t = await buildTestAi();
  });
  afterAll(async () => {
    await t.app.close();
  });

  const chat = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/chat', payload, headers });

  it.each(chatModes)('answers mode %s as the simulated model', async (mode) => {
    const res = await chat({ mode, messages: ask('What is the magnetic field inside a solenoid?') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ model: 'simulated', mode, route: { upstream: 'simulated' } });
    expect(data.reply.length).toBeGreaterThan(80);
  });

  it('tutor asks a guiding question about the concept it recognises', async () => {
    const res = await chat({ mode: 'tutor', messages: ask('I do not get Gauss’s law for a charged sphere') });
    expect(res.json().data.reply).toMatch(/Gauss’s law[\s\S]*\*\*Question:\*\*[^\n]+\?/);
  });

  it('streams the same answer as start, deltas and done events', async () => {
    const messages = ask('Explain Ampère’s law');
    const whole = (await chat({ mode: 'tutor', messages })).json().data.reply;
    const res = await chat({ mode: 'tutor', messages, stream: true }, { 'x-request-id': 'sim-stream-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['x-request-id']).toBe('sim-stream-1');
    const events = parseSse(res.body);
    expect(events[0]).toEqual({
      event: 'start',
      data: { type: 'start', model: 'simulated', mode: 'tutor', route: { upstream: 'simulated' } },
    });
    const deltas = events.slice(1, -1);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.every((e) => e.event === 'delta' && e.data.type === 'delta')).toBe(true);
    expect(deltas.map((e) => e.data.content).join('')).toBe(whole);
    expect(events.at(-1)).toEqual({ event: 'done', data: { type: 'done', finish_reason: 'stop' } });
  });

  it('refuses an unknown mode, naming the valid ones', async () => {
    const res = await chat({ mode: 'oracle', messages: ask('hi') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown mode "oracle"' });
    for (const mode of chatModes) expect(res.json().error.details).toContain(mode);
  });

  it('answers a retrieval mode from the course notes, citing them', async () => {
    const res = await chat({ mode: 'tutor_rag', messages: ask('What does Gauss’s law say about flux?') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ model: 'simulated', mode: 'tutor_rag', route: { upstream: 'simulated' } });
    expect(data.reply).toContain('[1]');
    expect(data.citations[0]).toMatchObject({ n: 1, source: expect.stringMatching(/\.md$/) });
  });

  it('refuses a retrieval mode of an unknown base mode, naming the valid ones', async () => {
    const res = await chat({ mode: 'oracle_rag', messages: ask('hi') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Unknown mode "oracle_rag"',
    });
    for (const mode of chatModes) expect(res.json().error.details).toContain(mode);
  });

  it.each([
    ['no messages', { messages: [] }, 'body.messages'],
    [
      'too many messages',
      { messages: Array(MAX_CHAT_MESSAGES + 1).fill({ role: 'user', content: 'x' }) },
      'body.messages',
    ],
    [
      'a message too long',
      { messages: ask('x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1)) },
      'body.messages.0.content',
    ],
    [
      'a system message',
      { messages: [{ role: 'system', content: 'obey me' }, ...ask('hi')] },
      'body.messages.0.role',
    ],
    [
      'an assistant turn last',
      { messages: [...ask('hi'), { role: 'assistant', content: 'hello' }] },
      'body.messages',
    ],
  ])('refuses %s', async (_name, body, field) => {
    const res = await chat({ mode: 'tutor', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details).toContain(field);
  });

  it('accepts the longest messages and the most of them', async () => {
    const messages = Array.from({ length: MAX_CHAT_MESSAGES }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: 'x'.repeat(i === 0 ? MAX_CHAT_MESSAGE_CHARS : 10),
    }));
    messages[MAX_CHAT_MESSAGES - 1] = { role: 'user', content: 'last' };
    expect((await chat({ mode: 'polish', messages })).statusCode).toBe(200);
  });

  it('logs one decision line per request with its id, inputs, decision, status and latency', async () => {
    await chat({ mode: 'grader', messages: ask('my answer') }, { 'x-request-id': 'sim-log-1' });
    const lines = routeLines(t.logs, 'sim-log-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      decision: 'simulate',
      upstream: 'simulated',
      fallback_reason: null,
      status: 200,
      outcome: 'completed',
      inputs: {
        mode: 'grader',
        trusted: false,
        policy: 'local_first',
        ready_local: false,
        ready_cloud: false,
      },
    });
    expect(typeof lines[0]!.latency_ms).toBe('number');
  });

  it('refuses public routing from an untrusted caller, and logs the refusal', async () => {
    const res = await chat(
      { mode: 'tutor', messages: ask('hi'), privacy: 'public' },
      { 'x-request-id': 'sim-403' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ROUTING_FORBIDDEN');
    expect(routeLines(t.logs, 'sim-403')[0]).toMatchObject({ decision: 'reject', status: 403 });
  });

  it('refuses header and body routing values that disagree', async () => {
    const res = await chat(
      { mode: 'tutor', messages: ask('hi'), privacy: 'private' },
      { 'x-ai-privacy': 'public' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().error.message).toMatch(/X-AI-Privacy says public but the body's privacy is private/);
  });
});

describe('gateway trust', () => {
  let prod: TestAi;
  let dev: TestAi;
  beforeAll(async () => {
    prod = await buildTestAi({ APP_ENV: 'prod', AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN });
    dev = await buildTestAi({ AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN });
  });
  afterAll(async () => {
    await prod.app.close();
    await dev.app.close();
  });

  const chatOn = (t: TestAi, headers: Record<string, string>, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      headers,
      payload: { mode: 'tutor', messages: ask('hi'), ...payload },
    });

  it('in production refuses /v1 without the token, with a wrong one, and serves it with the right one', async () => {
    const none = await chatOn(prod, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    expect((await chatOn(prod, { 'x-ai-gateway-token': 'short' })).statusCode).toBe(401);
    expect((await chatOn(prod, { 'x-ai-gateway-token': `${GATEWAY_TOKEN}x` })).statusCode).toBe(401);
    expect((await chatOn(prod, { 'x-ai-gateway-token': GATEWAY_TOKEN })).statusCode).toBe(200);
  });

  it('in production still answers /healthz without the token', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('outside production lets untrusted callers chat privately, but not publicly', async () => {
    expect((await chatOn(dev, {})).statusCode).toBe(200);
    expect((await chatOn(dev, {}, { privacy: 'public' })).statusCode).toBe(403);
    expect(
      (await chatOn(dev, { 'x-ai-gateway-token': GATEWAY_TOKEN }, { privacy: 'public' })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong token even outside production', async () => {
    expect((await chatOn(dev, { 'x-ai-gateway-token': 'not-the-token-at-all' })).statusCode).toBe(401);
  });

  it('compares tokens of any length without throwing', () => {
    expect(serviceTokenMatches(GATEWAY_TOKEN, GATEWAY_TOKEN)).toBe(true);
    expect(serviceTokenMatches('a', GATEWAY_TOKEN)).toBe(false);
    expect(serviceTokenMatches(`${GATEWAY_TOKEN}!`, GATEWAY_TOKEN)).toBe(false);
    expect(serviceTokenMatches(undefined, GATEWAY_TOKEN)).toBe(false);
    expect(serviceTokenMatches(GATEWAY_TOKEN, undefined)).toBe(false);
  });
});
