import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemPrompts } from '../src/modes/modes.js';
import { TOOL_GUIDANCE } from '../src/tools/tool-registry.js';
import { ask, buildTestAi, GATEWAY_TOKEN, routeLines, type TestAi, upstreamEnv } from './support/ai-app.js';
import { FakeOpenAI, gate, unusedUrl } from './support/fake-openai.js';
import { parseSse } from './support/sse.js';

const trusted = { 'x-ai-gateway-token': GATEWAY_TOKEN };

let local: FakeOpenAI;
let cloud: FakeOpenAI;
beforeAll(async () => {
  local = await FakeOpenAI.start();
  cloud = await FakeOpenAI.start();
});
afterAll(async () => {
  await local.close();
  await cloud.close();
});
beforeEach(() => {
  local.reset();
  cloud.reset();
});

describe('AI service with local and cloud upstreams (fallback enabled outside prod)', () => {
  let t: TestAi;
  beforeAll(async () => {
    t = await buildTestAi({
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      LLM_ENABLE_CLOUD_FALLBACK_NONPROD: 'true',
      ...upstreamEnv({ local: local.url, cloud: cloud.url }),
    });
  });
  afterAll(async () => {
    await t.app.close();
  });

  const chat = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/chat', payload, headers: { ...trusted, ...headers } });

  it('answers from the local upstream with the mode’s system prompt, model, key and request id', async () => {
    local.behave({ kind: 'reply', content: 'Think about symmetry.', model: 'local-model-2026' });
    const res = await chat({ mode: 'tutor', messages: ask('Gauss?') }, { 'x-request-id': 'up-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      reply: 'Think about symmetry.',
      model: 'local-model-2026',
      mode: 'tutor',
      usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
      route: { upstream: 'local' },
    });
    expect(local.requests).toHaveLength(1);
    const sent = local.requests[0]!;
    expect(sent.body.model).toBe('local-model');
    expect(sent.body.messages).toEqual([
      // The teaching modes are offered the tools (ADR 0133), and told how to use them.
      { role: 'system', content: `${systemPrompts.tutor}\n\n${TOOL_GUIDANCE}` },
      { role: 'user', content: 'Gauss?' },
    ]);
    expect(sent.headers.authorization).toBe('Bearer local-key');
    expect(sent.headers['x-request-id']).toBe('up-1');
    expect(cloud.requests).toHaveLength(0);
  });

  it('gives every mode its own system prompt', async () => {
    await chat({ mode: 'problem_solver', messages: ask('q') });
    await chat({ mode: 'polish', messages: ask('q') });
    const prompts = local.requests.map((r) => r.body.messages?.[0]?.content);
    expect(prompts).toEqual([`${systemPrompts.problem_solver}\n\n${TOOL_GUIDANCE}`, systemPrompts.polish]);
    expect(local.requests.map((r) => (r.body as { tools?: unknown[] }).tools?.length)).toEqual([
      5,
      undefined,
    ]);
    expect(systemPrompts.tutor).toMatch(/Socratic/);
    expect(systemPrompts.problem_solver).toMatch(/complete worked solution/);
  });

  it('streams the upstream’s chunks as deltas, then done with usage', async () => {
    local.behave({ kind: 'stream', chunks: ['Field ', 'lines ', 'circle.'] });
    const res = await chat({ mode: 'tutor', messages: ask('B?'), stream: true });
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'delta', 'done']);
    expect(events[0]!.data).toEqual({
      type: 'start',
      model: 'local-model',
      mode: 'tutor',
      route: { upstream: 'local' },
    });
    expect(events.slice(1, 4).map((e) => e.data.content)).toEqual(['Field ', 'lines ', 'circle.']);
    expect(events[4]!.data).toEqual({
      type: 'done',
      finish_reason: 'stop',
      usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
    });
    expect(local.requests[0]!.body.stream).toBe(true);
  });

  it('keeps a private request local when the local upstream fails: 503', async () => {
    local.behave({ kind: 'status', status: 500 });
    const res = await chat({ mode: 'tutor', messages: ask('hi') });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', details: 'HTTP 500' });
    expect(cloud.requests).toHaveLength(0);
  });

  it('falls back to the cloud for a public request when the local upstream answers 5xx', async () => {
    local.behave({ kind: 'status', status: 502 });
    cloud.behave({ kind: 'reply', content: 'From the cloud.' });
    const res = await chat(
      { mode: 'tutor', messages: ask('hi'), privacy: 'public' },
      { 'x-request-id': 'fb-1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      reply: 'From the cloud.',
      model: 'cloud-model',
      route: { upstream: 'cloud', fallback_reason: 'local_server_error' },
    });
    expect(cloud.requests[0]!.headers.authorization).toBe('Bearer cloud-key');
    const [line] = routeLines(t.logs, 'fb-1');
    expect(line).toMatchObject({
      decision: 'call',
      upstream: 'cloud',
      fallback_reason: 'local_server_error',
      status: 200,
      inputs: { privacy: 'public', trusted: true },
    });
    expect(
      (line!.attempts as { upstream: string; outcome: string }[]).map((a) => [a.upstream, a.outcome]),
    ).toEqual([
      ['local', 'server_error'],
      ['cloud', 'ok'],
    ]);
  });

  it('falls back before the first streamed token', async () => {
    local.behave({ kind: 'status', status: 503 });
    cloud.behave({ kind: 'stream', chunks: ['cloud ', 'answer'] });
    const res = await chat({ mode: 'tutor', messages: ask('hi'), privacy: 'public', stream: true });
    const events = parseSse(res.body);
    expect(events[0]!.data.route).toEqual({ upstream: 'cloud', fallback_reason: 'local_server_error' });
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.content)).toEqual([
      'cloud ',
      'answer',
    ]);
    expect(events.at(-1)!.event).toBe('done');
  });

  it('never switches after the first token: a stream that dies ends with an error event', async () => {
    local.behave({ kind: 'die-after', chunks: 2 });
    const res = await chat({ mode: 'tutor', messages: ask('hi'), privacy: 'public', stream: true });
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'error']);
    expect(events[3]!.data).toMatchObject({ type: 'error', code: 'UPSTREAM_UNAVAILABLE' });
    expect(events[3]!.data.message).toMatch(/in the middle of the answer/);
    expect(cloud.requests).toHaveLength(0);
  });

  it('reports a malformed chunk in the middle of a stream as an error event', async () => {
    local.behave({ kind: 'malformed' });
    const events = parseSse((await chat({ mode: 'tutor', messages: ask('hi'), stream: true })).body);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'error']);
    expect(events[2]!.data).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE' });
  });

  it('answers 502 with the reason when the upstream’s answer is not JSON, without falling back', async () => {
    local.behave({ kind: 'malformed' });
    const res = await chat({ mode: 'tutor', messages: ask('hi'), privacy: 'public' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('UPSTREAM_BAD_RESPONSE');
    expect(res.json().error.details).toMatch(/malformed JSON/);
    expect(cloud.requests).toHaveLength(0);
  });

  it('answers 502 when the upstream refuses our request (bad key, unknown model)', async () => {
    local.behave({ kind: 'status', status: 401, body: '{"error":{"message":"invalid api key"}}' });
    const res = await chat({ mode: 'tutor', messages: ask('hi') });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.details).toMatch(/HTTP 401: .*invalid api key/);
  });

  it('refuses public routing from a caller without the token before calling anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      payload: { mode: 'tutor', messages: ask('hi'), route: 'cloud' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ROUTING_FORBIDDEN');
    expect(local.requests.length + cloud.requests.length).toBe(0);
  });
});

describe('AI service when the local upstream is unreachable or slow', () => {
  let refused: TestAi;
  let slow: TestAi;
  let noFallback: TestAi;
  beforeAll(async () => {
    const common = { AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN, LLM_ENABLE_CLOUD_FALLBACK_NONPROD: 'true' };
    refused = await buildTestAi({
      ...common,
      ...upstreamEnv({ local: await unusedUrl(), cloud: cloud.url }),
    });
    slow = await buildTestAi({
      ...common,
      LLM_LOCAL_TIMEOUT_SEC: '0.3',
      ...upstreamEnv({ local: local.url, cloud: cloud.url }),
    });
    noFallback = await buildTestAi({
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      ...upstreamEnv({ local: local.url, cloud: cloud.url }),
    });
  });
  afterAll(async () => {
    await Promise.all([refused.app.close(), slow.app.close(), noFallback.app.close()]);
  });

  const chatOn = (t: TestAi, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      payload: { mode: 'tutor', messages: ask('hi'), ...payload },
      headers: trusted,
    });

  it('connection refused: 503 for a private request, the cloud for a public one', async () => {
    const res = await chatOn(refused, {});
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      details: 'connection failed (ECONNREFUSED)',
    });
    const pub = await chatOn(refused, { privacy: 'public' });
    expect(pub.json().data.route).toEqual({ upstream: 'cloud', fallback_reason: 'local_unreachable' });
  });

  it('timeout: 504 for a private request, and the hung upstream call is aborted', async () => {
    local.behave({ kind: 'hang' });
    const res = await chatOn(slow, {});
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toMatchObject({ code: 'UPSTREAM_TIMEOUT', details: 'no answer within 300 ms' });
    await local.waitForAbort();
    expect(local.aborts).toBe(1);
  });

  it('timeout before the first token of a stream: 504 as JSON, nothing streamed', async () => {
    local.behave({ kind: 'hang-after-headers' });
    const res = await chatOn(slow, { stream: true });
    expect(res.statusCode).toBe(504);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error.code).toBe('UPSTREAM_TIMEOUT');
  });

  it('a stream that stalls after its first token ends with a timeout error event, not a switch', async () => {
    const never = gate();
    local.behave({ kind: 'stream', chunks: ['one ', 'two'], gate: never.promise });
    const events = parseSse((await chatOn(slow, { privacy: 'public', stream: true })).body);
    never.open();
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'error']);
    expect(events[2]!.data).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(cloud.requests).toHaveLength(0);
  });

  it('timeout of a public request falls back to the cloud, streaming too', async () => {
    local.behave({ kind: 'hang-after-headers' });
    cloud.behave({ kind: 'stream', chunks: ['rescued'] });
    const events = parseSse((await chatOn(slow, { privacy: 'public', stream: true })).body);
    expect(events[0]!.data.route).toEqual({ upstream: 'cloud', fallback_reason: 'local_timeout' });
    expect(events[1]!.data.content).toBe('rescued');
  });

  it('without LLM_ENABLE_CLOUD_FALLBACK_NONPROD a public request does not leave the local upstream', async () => {
    local.behave({ kind: 'status', status: 500 });
    const res = await chatOn(noFallback, { privacy: 'public' });
    expect(res.statusCode).toBe(503);
    expect(cloud.requests).toHaveLength(0);
  });
});
