import { ApiError, createFaradayClient, type FaradayClient } from '@faraday/client';
import type { ChatStreamEvent } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestAi, GATEWAY_TOKEN, type TestAi, upstreamEnv } from '../../ai/test/support/ai-app.js';
import { FakeOpenAI } from '../../ai/test/support/fake-openai.js';
import { buildTutoringAi, removeDir, TestClock, tempDir } from '../../ai/test/support/tutoring-app.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { addMember, buildCourse, userIdOf } from './support/factories.js';

/**
 * Conversations with the tutor, over real HTTP through the typed client, on every database:
 * ownership (another user's conversation is a 404), rename and delete, and what the chat routes
 * record: a full answer, a streamed one with its citations, a stopped one, a broken one, guided
 * turns (resumable from the list) and tool calls.
 */

const ask = (content: string) => [{ role: 'user' as const, content }];

let aiDir: string;
let simulatedAi: Awaited<ReturnType<typeof buildTutoringAi>>;
let simulatedUrl: string;
let upstream: FakeOpenAI;
let upstreamAi: TestAi;
let upstreamUrl: string;

async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

beforeAll(async () => {
  aiDir = await tempDir('faraday-conversations-');
  // Sessions expire by the AI service's clock; the backend compares with its own, so both run now.
  const clock = new TestClock();
  clock.current = Date.now();
  simulatedAi = await buildTutoringAi(aiDir, { AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN }, clock);
  simulatedUrl = await simulatedAi.app.listen({ port: 0, host: '127.0.0.1' });
  upstream = await FakeOpenAI.start();
  upstreamAi = await buildTestAi({
    AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    ...upstreamEnv({ local: upstream.url }),
  });
  upstreamUrl = await upstreamAi.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  if (simulatedAi) await closeNow(simulatedAi.app);
  if (upstreamAi) await closeNow(upstreamAi.app);
  await upstream?.close();
  if (aiDir) await removeDir(aiDir);
});

/** How long the backend may take to store an answer after the stream ended or the client left. */
const STORED = { timeout: 5000, interval: 25 };

async function codeOf(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return [error.status, error.code];
    throw error;
  }
  return [200, 'OK'];
}

describe.each(testDatabaseFactories())('conversations on $name', (factory) => {
  let database: TestDatabase;
  let backends: TestApp[];
  let simulated: { me: FaradayClient; other: FaradayClient; anonymous: FaradayClient };
  let viaUpstream: FaradayClient;
  let courseId: string;
  let foreignCourseId: string;

  async function backendOn(aiUrl: string): Promise<string> {
    const t = await buildTestApp(database, {
      AI_SERVICE_URL: aiUrl,
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      AI_RATE_LIMIT_PER_MINUTE: '1000',
    });
    backends.push(t);
    return t.app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    database = await factory.create();
    backends = [];
    const baseUrl = await backendOn(simulatedUrl);
    const upstreamBase = await backendOn(upstreamUrl);
    const { app } = backends[0]!;
    const admin = await loginAs(app, 'admin');
    await createUserAs(app, admin, { username: 'classmate', password: 'Passw0rd!x' });
    const teacherId = await userIdOf(app.db, 'teacher');
    courseId = await buildCourse(app.db, { teacherId });
    foreignCourseId = await buildCourse(app.db, { teacherId });
    await addMember(app.db, courseId, await userIdOf(app.db, 'student'), 'student');
    const token = await loginAs(app, 'student');
    const otherToken = await loginAs(app, 'classmate', 'Passw0rd!x');
    simulated = {
      me: createFaradayClient({ baseUrl, getToken: () => token }),
      other: createFaradayClient({ baseUrl, getToken: () => otherToken }),
      anonymous: createFaradayClient({ baseUrl }),
    };
    viaUpstream = createFaradayClient({ baseUrl: upstreamBase, getToken: () => token });
  });

  afterAll(async () => {
    for (const t of backends ?? []) await closeNow(t.app);
    await database?.drop();
  });

  beforeEach(() => upstream.reset());

  it('creates, lists, renames and deletes the caller’s own conversations', async () => {
    const { me } = simulated;
    const created = await me.ai.conversations.create({ mode: 'tutor_rag', course_id: courseId });
    expect(created).toMatchObject({ kind: 'chat', title: '', mode: 'tutor_rag', course_id: courseId });
    const renamed = await me.ai.conversations.rename(created.id, '  Gauss revision  ');
    expect(renamed.title).toBe('Gauss revision');
    const list = await me.ai.conversations.list({ kind: 'chat' });
    expect(list.conversations.map((c) => c.id)).toContain(created.id);
    expect((await me.ai.conversations.get(created.id)).title).toBe('Gauss revision');
    await me.ai.conversations.remove(created.id);
    expect(await codeOf(me.ai.conversations.get(created.id))).toEqual([404, 'CONVERSATION_NOT_FOUND']);
    expect(await codeOf(me.ai.conversations.remove(created.id))).toEqual([404, 'CONVERSATION_NOT_FOUND']);
  });

  it('refuses bad input and strangers with the catalogue’s codes', async () => {
    const { me, anonymous } = simulated;
    expect(await codeOf(anonymous.ai.conversations.list())).toEqual([401, 'UNAUTHORIZED']);
    expect(await codeOf(me.ai.conversations.create({ course_id: foreignCourseId }))).toEqual([
      404,
      'COURSE_NOT_FOUND',
    ]);
    const created = await me.ai.conversations.create();
    expect(await codeOf(me.ai.conversations.rename(created.id, '   '))).toEqual([400, 'VALIDATION_ERROR']);
    expect(await codeOf(me.ai.conversations.rename(created.id, 'x'.repeat(201)))).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
    expect(await codeOf(me.ai.conversations.get('no-such-conversation'))).toEqual([
      404,
      'CONVERSATION_NOT_FOUND',
    ]);
    const res = await backends[0]!.app.inject({
      method: 'GET',
      url: '/api/v1/conversations?kind=voice',
      headers: bearer(await loginAs(backends[0]!.app, 'student')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('hides a conversation from every other user: read, rename, delete and chat all answer 404', async () => {
    const { me, other } = simulated;
    const mine = await me.ai.conversations.create({ title: 'Private notes' });
    await me.ai.chat({ mode: 'tutor', messages: ask('What is flux?'), conversation_id: mine.id });
    const notFound = [404, 'CONVERSATION_NOT_FOUND'];
    expect(await codeOf(other.ai.conversations.get(mine.id))).toEqual(notFound);
    expect(await codeOf(other.ai.conversations.rename(mine.id, 'Mine now'))).toEqual(notFound);
    expect(await codeOf(other.ai.conversations.remove(mine.id))).toEqual(notFound);
    expect(
      await codeOf(other.ai.chat({ mode: 'tutor', messages: ask('hi'), conversation_id: mine.id })),
    ).toEqual(notFound);
    const events: ChatStreamEvent[] = [];
    expect(
      await codeOf(
        other.ai.chatStream(
          { mode: 'tutor', messages: ask('hi'), conversation_id: mine.id },
          { onEvent: (e) => events.push(e) },
        ),
      ),
    ).toEqual(notFound);
    expect(events).toEqual([]);
    expect((await other.ai.conversations.list()).conversations.map((c) => c.id)).not.toContain(mine.id);
    const untouched = await me.ai.conversations.get(mine.id);
    expect(untouched.title).toBe('Private notes');
    expect(untouched.messages).toHaveLength(2);
  });

  it('records a whole answer and names an unnamed conversation after its first question', async () => {
    const { me } = simulated;
    const created = await me.ai.conversations.create();
    const answer = await me.ai.chat({
      mode: 'tutor',
      messages: ask('Why is the flux through a closed surface independent of its shape?'),
      conversation_id: created.id,
    });
    const stored = await me.ai.conversations.get(created.id);
    expect(stored.title).toBe('Why is the flux through a closed surface independent of its shape?');
    expect(stored.messages.map((m) => [m.role, m.status, m.mode])).toEqual([
      ['user', 'complete', 'tutor'],
      ['assistant', 'complete', 'tutor'],
    ]);
    expect(stored.messages[1]!.content).toBe(answer.reply);
  });

  it('records a streamed retrieval answer with exactly the text and citations that were streamed', async () => {
    const { me } = simulated;
    const created = await me.ai.conversations.create();
    const events: ChatStreamEvent[] = [];
    await me.ai.chatStream(
      {
        mode: 'tutor_rag',
        messages: ask("What does Gauss's law say about the flux through a closed surface?"),
        course_id: courseId,
        conversation_id: created.id,
      },
      { onEvent: (e) => events.push(e) },
    );
    expect(events.at(-1)?.type).toBe('done');
    const streamed = events.flatMap((e) => (e.type === 'delta' ? [e.content] : [])).join('');
    const citations = events.find((e) => e.type === 'citations');
    expect(citations?.type === 'citations' && citations.citations.length).toBeGreaterThan(0);
    const stored = await vi.waitFor(async () => {
      const conversation = await me.ai.conversations.get(created.id);
      expect(conversation.messages).toHaveLength(2);
      return conversation;
    }, STORED);
    expect(stored.messages[1]).toMatchObject({ role: 'assistant', status: 'complete', content: streamed });
    expect(citations?.type === 'citations' && stored.messages[1]!.citations).toEqual(
      citations?.type === 'citations' && citations.citations,
    );
    expect(stored).toMatchObject({ mode: 'tutor_rag', course_id: courseId });
  });

  it('keeps what had arrived when the student stops a streamed answer', async () => {
    upstream.behave({ kind: 'endless', intervalMs: 20 });
    const created = await viaUpstream.ai.conversations.create();
    const stop = new AbortController();
    const received: string[] = [];
    await viaUpstream.ai.chatStream(
      { mode: 'tutor', messages: ask('Tell me everything'), conversation_id: created.id },
      {
        signal: stop.signal,
        onEvent: (e) => {
          if (e.type === 'delta') received.push(e.content);
          if (received.length === 3) stop.abort();
        },
      },
    );
    const stored = await vi.waitFor(async () => {
      const conversation = await viaUpstream.ai.conversations.get(created.id);
      expect(conversation.messages).toHaveLength(2);
      return conversation;
    }, STORED);
    const answer = stored.messages[1]!;
    expect(answer.status).toBe('stopped');
    // Everything the student saw is kept (a chunk in flight when they stopped may follow it).
    expect(answer.content.startsWith(received.join(''))).toBe(true);
    expect(answer.content.length).toBeGreaterThan(0);
    expect(stored.messages[0]).toMatchObject({ role: 'user', content: 'Tell me everything' });
  });

  it('marks an answer the AI service broke off as failed, keeping its beginning', async () => {
    upstream.behave({ kind: 'die-after', chunks: 2 });
    const created = await viaUpstream.ai.conversations.create();
    const events: ChatStreamEvent[] = [];
    await viaUpstream.ai.chatStream(
      { mode: 'tutor', messages: ask('Go on'), conversation_id: created.id },
      { onEvent: (e) => events.push(e) },
    );
    expect(events.at(-1)?.type).toBe('error');
    const stored = await vi.waitFor(async () => {
      const conversation = await viaUpstream.ai.conversations.get(created.id);
      expect(conversation.messages).toHaveLength(2);
      return conversation;
    }, STORED);
    const streamed = events.flatMap((e) => (e.type === 'delta' ? [e.content] : [])).join('');
    expect(stored.messages[1]).toMatchObject({ status: 'failed', content: streamed });
  });

  it('records nothing when the AI service refuses before answering', async () => {
    upstream.behave({ kind: 'status', status: 500 });
    const created = await viaUpstream.ai.conversations.create();
    const result = await codeOf(
      viaUpstream.ai.chatStream(
        { mode: 'tutor', messages: ask('hi'), conversation_id: created.id },
        { onEvent: () => undefined },
      ),
    );
    expect(result[0]).toBeGreaterThanOrEqual(500);
    expect((await viaUpstream.ai.conversations.get(created.id)).messages).toEqual([]);
  });

  it('records guided turns in one conversation per session, resumable from the list until completed', async () => {
    const { me, other } = simulated;
    const first = await me.ai.guided({
      topic: "Gauss's law",
      course_id: courseId,
      messages: ask('Teach me'),
    });
    const resumable = await me.ai.conversations.list({ kind: 'guided', unfinished: true });
    const listed = resumable.conversations.find((c) => c.guided?.session_id === first.session_id);
    expect(listed).toMatchObject({
      kind: 'guided',
      title: "Gauss's law",
      course_id: courseId,
      guided: { topic: "Gauss's law", current_step: 1, progress_percentage: 0, completed: false },
    });
    await me.ai.guided({
      topic: "Gauss's law",
      course_id: courseId,
      session_id: first.session_id,
      messages: ask('I am not sure'),
    });
    const detail = await me.ai.conversations.get(listed!.id);
    expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.guided_state?.session_id).toBe(first.session_id);
    expect(detail.messages[1]!.content).toBe(first.reply);
    expect((await other.ai.conversations.list({ kind: 'guided' })).total).toBe(0);
    expect(await codeOf(other.ai.conversations.get(listed!.id))).toEqual([404, 'CONVERSATION_NOT_FOUND']);
    // Expired sessions leave the resumable list (their AI session is gone), completed ones too.
    const db = backends[0]!.app.db;
    const resumableIds = async () =>
      (await me.ai.conversations.list({ kind: 'guided', unfinished: true })).conversations.map((c) => c.id);
    const expiresAt = detail.guided?.expires_at ?? '';
    await db
      .updateTable('conversations')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', listed!.id)
      .execute();
    expect(await resumableIds()).not.toContain(listed!.id);
    await db
      .updateTable('conversations')
      .set({ expires_at: expiresAt })
      .where('id', '=', listed!.id)
      .execute();
    expect(await resumableIds()).toContain(listed!.id);
    await db.updateTable('conversations').set({ completed: 1 }).where('id', '=', listed!.id).execute();
    expect(await resumableIds()).not.toContain(listed!.id);
    expect((await me.ai.conversations.list({ kind: 'guided' })).conversations.map((c) => c.id)).toContain(
      listed!.id,
    );
  });

  it('does not record a guided turn the AI service refused', async () => {
    const { me } = simulated;
    const before = (await me.ai.conversations.list({ kind: 'guided' })).total;
    expect(
      await codeOf(
        me.ai.guided({ topic: 'Gauss', session_id: 'no-such-session', messages: ask('continue') }),
      ),
    ).toEqual([404, 'SESSION_NOT_FOUND']);
    expect((await me.ai.conversations.list({ kind: 'guided' })).total).toBe(before);
  });

  it('records tool calls and their results with the answer of a chat with tools', async () => {
    const { me, other } = simulated;
    const created = await me.ai.conversations.create();
    const answer = await me.ai.chatWithTools({
      messages: ask('Convert 3 mT to gauss'),
      conversation_id: created.id,
    });
    expect(answer.tool_calls.length).toBeGreaterThan(0);
    const stored = await me.ai.conversations.get(created.id);
    expect(stored.messages[1]).toMatchObject({
      mode: 'tools',
      content: answer.reply,
      tool_calls: answer.tool_calls,
      tool_results: answer.tool_results,
    });
    expect(
      await codeOf(other.ai.chatWithTools({ messages: ask('1+1'), conversation_id: created.id })),
    ).toEqual([404, 'CONVERSATION_NOT_FOUND']);
  });

  it('deletes a conversation’s messages with it', async () => {
    const { me } = simulated;
    const created = await me.ai.conversations.create();
    await me.ai.chat({ mode: 'tutor', messages: ask('What is a field line?'), conversation_id: created.id });
    await me.ai.conversations.remove(created.id);
    const left = await backends[0]!.app.db
      .selectFrom('conversation_messages')
      .select('id')
      .where('conversation_id', '=', created.id)
      .execute();
    expect(left).toEqual([]);
  });
});
