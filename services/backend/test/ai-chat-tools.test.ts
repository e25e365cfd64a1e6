import { createFaradayClient, type FaradayClient } from '@faraday/client';
import type { ChatStreamEvent } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_TOKEN, type TestAi, upstreamEnv } from '../../ai/test/support/ai-app.js';
import { ScriptedOpenAI } from '../../ai/test/support/scripted-openai.js';
import { buildTutoringAi, removeDir, tempDir } from '../../ai/test/support/tutoring-app.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

/**
 * The tutor chat whose model calls tools (ADR 0133), through the backend over real HTTP: the
 * `tool` events pass through to the browser, and the conversation records the tools with the answer.
 */

const RING = 'mag field at the center of a ring of wire, radius 5 cm, 2 amps?';
const ask = (content: string) => [{ role: 'user' as const, content }];
const ringCall = {
  toolCalls: [{ id: 'ring', name: 'compute_course_result', arguments: JSON.stringify({ problem: RING }) }],
};

let dir: string;
let upstream: ScriptedOpenAI;
let ai: TestAi;
let database: TestDatabase;
let t: TestApp;
let me: FaradayClient;

async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

beforeAll(async () => {
  dir = await tempDir();
  upstream = await ScriptedOpenAI.start();
  ai = await buildTutoringAi(dir, {
    AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    ...upstreamEnv({ local: upstream.url }),
  });
  const aiUrl = await ai.app.listen({ port: 0, host: '127.0.0.1' });
  database = await testDatabaseFactories()[0]!.create();
  t = await buildTestApp(database, { AI_SERVICE_URL: aiUrl, AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await loginAs(t.app, 'student');
  me = createFaradayClient({ baseUrl, getToken: () => token });
});

afterAll(async () => {
  if (t) await closeNow(t.app);
  if (ai) await closeNow(ai.app);
  await upstream?.close();
  await database?.drop();
  if (dir) await removeDir(dir);
});

beforeEach(() => upstream.play());

describe('tutor chat with tools through the backend', () => {
  it('streams the tool event to the browser and records the tool with the answer', async () => {
    upstream.play(ringCall, { content: 'At the centre B = μ₀I/(2R) ≈ 25.1 μT.' });
    const created = await me.ai.conversations.create({ mode: 'tutor' });
    const events: ChatStreamEvent[] = [];
    await me.ai.chatStream(
      { mode: 'tutor', messages: ask(RING), conversation_id: created.id },
      { onEvent: (event) => events.push(event) },
    );
    expect([...new Set(events.map((e) => e.type))]).toEqual(['start', 'tool', 'delta', 'done']);
    const tool = events.find((e) => e.type === 'tool');
    expect(tool).toMatchObject({ call: { id: 'ring', name: 'compute_course_result' }, result: { ok: true } });
    const stored = (await me.ai.conversations.get(created.id)).messages[1]!;
    expect(stored).toMatchObject({
      status: 'complete',
      content: 'At the centre B = μ₀I/(2R) ≈ 25.1 μT.',
      tool_calls: [{ id: 'ring', name: 'compute_course_result', arguments: { problem: RING } }],
      tool_results: [{ id: 'ring', ok: true }],
    });
  });

  it('answers a non-streamed chat with the tools it ran and the check of a wrong number', async () => {
    upstream.play(ringCall, { content: 'B = 50 μT at the centre.' });
    const created = await me.ai.conversations.create({ mode: 'tutor' });
    const answer = await me.ai.chat({ mode: 'tutor', messages: ask(RING), conversation_id: created.id });
    expect(answer.reply).toContain('**Check against the course notes:**');
    expect(answer.tool_calls?.map((c) => c.name)).toEqual(['compute_course_result']);
    const stored = (await me.ai.conversations.get(created.id)).messages[1]!;
    expect(stored.content).toBe(answer.reply);
    expect(stored.tool_results).toEqual(answer.tool_results);
  });
});
