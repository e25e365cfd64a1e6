import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { buildTestAi, GATEWAY_TOKEN, type TestAi } from '../../ai/test/support/ai-app.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { postgresFactory, type TestDatabase } from './support/databases.js';
import { type CoursePeople, courseWithPeople, multipart, sha256 } from './support/resources.js';
import { startS3, type TestS3 } from './support/s3-server.js';

/**
 * Two backends and two AI services, each with its own data folder, sharing one PostgreSQL
 * database, one Redis and one S3 bucket, over real sockets: what a load balancer in front of
 * several machines relies on. Backend A talks to AI instance A, backend B to AI instance B.
 */
const SHARED_SECRET = randomBytes(32).toString('hex');

interface Instance {
  url: string;
  close(): Promise<void>;
}

async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

// Needs PostgreSQL and Redis: TEST_POSTGRES_URL and REDIS_URL (CI sets both).
describeWith(['postgres', 'redis'], 'two of each behind a load balancer', ({ postgres, redis: redisUrl }) => {
  const factory = postgresFactory(postgres);
  const dirs: string[] = [];
  const ragPrefix = `test:${randomBytes(6).toString('hex')}:`;
  let s3: TestS3;
  let database: TestDatabase;
  let ais: TestAi[];
  let backends: TestApp[];
  let A: Instance;
  let B: Instance;
  let c: CoursePeople;

  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'faraday-two-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    s3 = await startS3();
    database = await factory.create();
    ais = [];
    const aiUrls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const dir = folder();
      const ai = await buildTestAi({
        AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
        REDIS_URL: redisUrl,
        GRAPH_RAG_RUNTIME_REDIS_PREFIX: ragPrefix,
        GRAPH_RAG_RUNTIME_POLL_MS: '200',
        GRAPH_RAG_RUNTIME_PATH: join(dir, 'rag-runtime-index.json'),
        VECTOR_STORE_PATH: join(dir, 'vector-store.json'),
        SESSION_STORE_PATH: join(dir, 'guided-sessions.db'),
      });
      ais.push(ai);
      aiUrls.push(await listening(ai.app));
    }
    backends = [];
    for (const aiUrl of aiUrls) {
      backends.push(
        await buildTestApp(database, {
          DATA_DIR: folder(),
          JWT_SECRET: SHARED_SECRET,
          BCRYPT_COST: '4',
          LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
          HISTORY_RATE_LIMIT_PER_MINUTE: '4',
          REDIS_URL: redisUrl,
          AI_SERVICE_URL: aiUrl,
          AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
          ...s3.env,
        }),
      );
    }
    const [a, b] = backends as [TestApp, TestApp];
    A = { url: await listening(a.app), close: () => closeNow(a.app) };
    B = { url: await listening(b.app), close: () => closeNow(b.app) };
    c = await courseWithPeople(a);
  });

  afterAll(async () => {
    await A?.close();
    await B?.close();
    for (const ai of ais ?? []) await closeNow(ai.app);
    await database?.drop();
    await s3?.stop();
    const redis = new Redis(redisUrl);
    await redis.del(`${ragPrefix}documents`, `${ragPrefix}version`, `${ragPrefix}epoch`);
    await redis.quit();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const call = (at: Instance, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${at.url}${path}`, init);
  const json = (at: Instance, method: string, path: string, headers: Record<string, string>, body?: object) =>
    call(at, path, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const uploadAt = async (at: Instance, name: string, data: Buffer, contentType: string) => {
    const body = multipart([
      { name: 'name', value: name },
      { name: 'category', value: 'lecture' },
      { name: 'file', filename: name, data, contentType },
    ]);
    const res = await call(at, `/api/v1/courses/${c.courseId}/resources`, {
      method: 'POST',
      headers: { ...c.as.teacher, ...body.headers },
      body: body.payload,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string; download_url: string } }).data;
  };

  it('serves through B the exact bytes uploaded through A, and a delete through B removes them for A', async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024)]);
    const before = await s3.keys();
    const created = await uploadAt(A, 'week1.pdf', data, 'application/pdf');
    const throughB = await call(B, created.download_url, { headers: c.as.student });
    expect(throughB.status).toBe(200);
    expect(sha256(Buffer.from(await throughB.arrayBuffer()))).toBe(sha256(data));
    const range = await call(B, created.download_url, {
      headers: { ...c.as.student, range: 'bytes=1000-1999' },
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(data.subarray(1000, 2000));

    const removed = await json(B, 'DELETE', `/api/v1/resources/${created.id}`, c.as.teacher);
    expect(removed.status).toBe(200);
    expect((await call(A, created.download_url, { headers: c.as.student })).status).toBe(404);
    expect(await s3.keys()).toEqual(before);
  });

  it('lets a tutor_rag answer served by AI instance B cite course notes uploaded through A', async () => {
    const notes =
      '# Plasma slabs\n\n## Zorbitron cutoff\n\nThe zorbitron cutoff frequency of a plasma slab is the frequency ' +
      'below which the slab reflects every incident wave; above it the zorbitron mode propagates through the slab.\n';
    await uploadAt(A, 'plasma-notes.md', Buffer.from(notes), 'text/markdown');
    const ask = async () => {
      const res = await json(B, 'POST', '/api/v1/ai/chat', c.as.student, {
        mode: 'tutor_rag',
        course_id: c.courseId,
        messages: [{ role: 'user', content: 'What is the zorbitron cutoff frequency of a plasma slab?' }],
      });
      expect(res.status).toBe(200);
      const citations = ((await res.json()) as { data: { citations: { text: string }[] } }).data.citations;
      return citations.some((cite) => /zorbitron/i.test(cite.text));
    };
    // Instance B picks the notes up from Redis within a few of its checks (every 200 ms here).
    await expect.poll(ask, { timeout: 5000, interval: 200 }).toBe(true);
  });

  it('continues on B a guided session started on A', async () => {
    const ask = (content: string) => [{ role: 'user', content }];
    const started = await json(A, 'POST', '/api/v1/ai/chat/guided', c.as.student, {
      topic: "Gauss's law",
      course_id: c.courseId,
      messages: ask('teach me'),
    });
    expect(started.status).toBe(200);
    const session = ((await started.json()) as { data: { session_id: string } }).data;
    const next = await json(B, 'POST', '/api/v1/ai/chat/guided', c.as.student, {
      topic: "Gauss's law",
      course_id: c.courseId,
      session_id: session.session_id,
      messages: ask('The flux through a closed surface equals the enclosed charge over epsilon zero.'),
    });
    expect(next.status).toBe(200);
    expect(((await next.json()) as { data: { session_id: string } }).data.session_id).toBe(
      session.session_id,
    );
    // Another user cannot take it over on either instance.
    const stolen = await json(B, 'POST', '/api/v1/ai/chat/guided', c.as.outsider, {
      topic: "Gauss's law",
      session_id: session.session_id,
      messages: ask('mine now'),
    });
    expect(stolen.status).toBe(404);
  });

  it('counts one rate limit across both backends', async () => {
    const history = (at: Instance) => call(at, '/api/v1/sim/history', { headers: c.as.assistant });
    const statuses = [];
    for (const at of [A, B, A, B, A]) statuses.push((await history(at)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await history(B)).status).toBe(429);
  });

  it('locks a login after failures spread over both backends, on both', async () => {
    // The demo student, whom no later test here needs.
    const username = 'student';
    const login = (at: Instance, password: string) =>
      json(at, 'POST', '/api/v1/auth/login', {}, { username, password });
    for (const at of [A, B, A, B, A]) expect((await login(at, 'wrong-password-1')).status).toBe(401);
    for (const at of [A, B]) {
      const locked = await login(at, 'student123');
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { error: { code: string } }).error.code).toBe('ACCOUNT_LOCKED');
    }
  });
});
