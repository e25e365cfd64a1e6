import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAi, GATEWAY_TOKEN, type TestAi } from '../../ai/test/support/ai-app.js';
import { parseSse } from '../../ai/test/support/sse.js';
import { removeDir, tempDir } from '../../ai/test/support/tutoring-app.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { type CoursePeople, courseWithPeople, upload } from './support/resources.js';

/**
 * End to end over real sockets: a teacher's Markdown upload is fed by the backend into the real
 * AI service's retrieval index, and a member's `tutor_rag` chat with that course cites it.
 */

const sqlite = testDatabaseFactories()[0]!;
const QUESTION = [{ role: 'user', content: 'What is the zorbitron cutoff frequency of a plasma slab?' }];
const NOTES =
  '# Plasma slabs\n\n## Zorbitron cutoff\n\nThe zorbitron cutoff frequency of a plasma slab is the frequency ' +
  'below which the slab reflects every incident wave; above it the zorbitron mode propagates through the slab.\n';

let ai: TestAi;
let aiDir: string;
let database: TestDatabase;
let t: TestApp;
let backendUrl: string;
let c: CoursePeople;

async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

beforeAll(async () => {
  aiDir = await tempDir('faraday-rag-e2e-');
  ai = await buildTestAi({
    AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    GRAPH_RAG_RUNTIME_PATH: `${aiDir}/rag-runtime-index.json`,
    VECTOR_STORE_PATH: `${aiDir}/vector-store.json`,
  });
  const aiUrl = await ai.app.listen({ port: 0, host: '127.0.0.1' });
  database = await sqlite.create();
  t = await buildTestApp(database, {
    AI_SERVICE_URL: aiUrl,
    AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    AI_RATE_LIMIT_PER_MINUTE: '1000',
  });
  backendUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  c = await courseWithPeople(t);
});

afterAll(async () => {
  if (t) await closeNow(t.app);
  if (ai) await closeNow(ai.app);
  await database?.drop();
  if (aiDir) await removeDir(aiDir);
});

interface Citation {
  n: number;
  source: string;
  section: string;
  text: string;
  score: number;
}

const chat = (path: string, auth: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/ai/${path}`, headers: auth, payload });

describe('course material in the AI tutor’s retrieval', () => {
  let resourceId: string;
  let source: string;

  it('a teacher’s Markdown upload is cited in a member’s tutor_rag chat with that course', async () => {
    const uploaded = await upload(t.app, c.courseId, c.as.teacher, {
      fields: { name: 'Week 3: zorbitron notes', category: 'lecture' },
      file: {
        filename: 'zorbitron-notes.md',
        data: Buffer.from(NOTES, 'utf8'),
        contentType: 'text/markdown',
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    resourceId = uploaded.json().data.id;
    source = `resources/${resourceId}/zorbitron-notes.md`;

    const res = await chat('chat', c.as.student, {
      mode: 'tutor_rag',
      messages: QUESTION,
      course_id: c.courseId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ model: 'simulated', mode: 'tutor_rag' });
    expect(data.citations[0]).toEqual({
      n: 1,
      source,
      // Shown by the resource's title, not by its file or resources/<uuid>/….
      title: 'Week 3: zorbitron notes',
      section: expect.stringMatching(/Zorbitron cutoff/),
      text: expect.stringMatching(/zorbitron cutoff frequency/),
      score: expect.any(Number),
    });
    expect(data.reply).toMatch(/zorbitron cutoff frequency[^\n]*\[1\]/);
    // The reply carries the [n] marks only; the sources are the citations, listed once by clients.
    expect(data.reply).not.toMatch(/zorbitron-notes\.md|Sources:/);
    expect(data.reply).not.toContain(resourceId);
  });

  it('hybrid chat through the gateway cites it too, streamed with a citations event', async () => {
    const res = await chat('chat/hybrid', c.as.student, {
      mode: 'tutor',
      messages: QUESTION,
      course_id: c.courseId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.citations[0].source).toBe(source);

    const streamed = await fetch(`${backendUrl}/api/v1/ai/chat/hybrid`, {
      method: 'POST',
      headers: { ...c.as.student, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'tutor_rag', messages: QUESTION, course_id: c.courseId, stream: true }),
    });
    expect(streamed.status).toBe(200);
    const events = parseSse(await streamed.text());
    expect(events.map((e) => e.event).slice(0, 2)).toEqual(['start', 'citations']);
    expect((events[1]!.data.citations as Citation[])[0]!.source).toBe(source);
    expect(events.at(-1)?.event).toBe('done');
  });

  it('a chat without the course, or by a non-member, does not see it', async () => {
    const noCourse = await chat('chat', c.as.student, { mode: 'tutor_rag', messages: QUESTION });
    expect(noCourse.statusCode).toBe(200);
    expect((noCourse.json().data.citations as Citation[]).map((x) => x.source)).not.toContain(source);

    for (const path of ['chat', 'chat/hybrid']) {
      const outsider = await chat(path, c.as.outsider, {
        mode: 'tutor_rag',
        messages: QUESTION,
        course_id: c.courseId,
      });
      expect(outsider.statusCode, path).toBe(404);
      expect(outsider.json().error.code).toBe('COURSE_NOT_FOUND');
      const unknown = await chat(path, c.as.student, {
        mode: 'tutor',
        messages: QUESTION,
        course_id: 'no-such-course',
      });
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json().error.code).toBe('COURSE_NOT_FOUND');
    }
    // A member's plain chat with the course passes the check.
    const plain = await chat('chat', c.as.student, {
      mode: 'tutor',
      messages: QUESTION,
      course_id: c.courseId,
    });
    expect(plain.statusCode).toBe(200);
  });

  it('after the resource is deleted it is no longer cited', async () => {
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/resources/${resourceId}`,
      headers: c.as.teacher,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const path of ['chat', 'chat/hybrid']) {
      const res = await chat(path, c.as.student, {
        mode: 'tutor_rag',
        messages: QUESTION,
        course_id: c.courseId,
      });
      expect(res.statusCode, path).toBe(200);
      expect(
        (res.json().data.citations as Citation[]).map((x) => x.source),
        path,
      ).not.toContain(source);
    }
  });
});
