import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { gatewayHeaders, type TestAi } from './support/ai-app.js';
import { buildTutoringAi, removeDir, tempDir } from './support/tutoring-app.js';

const source = 'resources/r9/plasma-notes.md';
const note =
  '# Plasma slabs\n\n## Zorbitron cutoff\n\nThe zorbitron cutoff frequency of a plasma slab is the ' +
  'frequency below which the slab reflects every incident wave; above it the zorbitron mode propagates.\n';
const question = [{ role: 'user', content: 'What is the zorbitron cutoff frequency of the plasma slab?' }];

async function citesNote(ai: TestAi, course?: string): Promise<boolean> {
  const res = await ai.app.inject({
    method: 'POST',
    url: '/v1/chat',
    payload: { mode: 'tutor_rag', messages: question, ...(course ? { course_id: course } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data.citations as { source: string }[]).some((c) => c.source === source);
}

/** How long an instance may take to see what another did (it checks every GRAPH_RAG_RUNTIME_POLL_MS). */
const SEEN = { timeout: 5000, interval: 100 };

const envFor = (dir: string, extra: Record<string, string>) => ({
  GRAPH_RAG_RUNTIME_PATH: join(dir, 'runtime.json'),
  VECTOR_STORE_PATH: join(dir, 'vectors.json'),
  GRAPH_RAG_RUNTIME_POLL_MS: '200',
  ...extra,
});

// Needs Redis: REDIS_URL (CI sets it).
describeWith(
  ['redis'],
  'course documents shared by two AI instances through Redis',
  ({ redis: redisUrl }) => {
    let dirs: string[];
    let a: TestAi;
    let b: TestAi;
    // A prefix of this run's own, so runs sharing the server never see each other's documents.
    const prefix = `test:${randomBytes(6).toString('hex')}:`;

    beforeAll(async () => {
      dirs = [await tempDir(), await tempDir()];
      const shared = { REDIS_URL: redisUrl, GRAPH_RAG_RUNTIME_REDIS_PREFIX: prefix };
      a = await buildTutoringAi(dirs[0]!, envFor(dirs[0]!, shared));
      b = await buildTutoringAi(dirs[1]!, envFor(dirs[1]!, shared));
    });
    afterAll(async () => {
      await a?.app.close();
      await b?.app.close();
      for (const dir of dirs) await removeDir(dir);
      const redis = new Redis(redisUrl);
      await redis.del(`${prefix}documents`, `${prefix}version`, `${prefix}epoch`);
      await redis.quit();
    });

    it('lets the other instance cite a course document within seconds, for that course only, until it is removed', async () => {
      const added = await a.app.inject({
        method: 'POST',
        headers: gatewayHeaders,
        url: '/v1/index/documents',
        payload: { source, course_id: 'course-a', text: note },
      });
      expect(added.statusCode).toBe(201);
      await expect.poll(() => citesNote(b, 'course-a'), SEEN).toBe(true);
      expect(await citesNote(b, 'course-b')).toBe(false);
      expect(await citesNote(b)).toBe(false);

      const removed = await b.app.inject({
        method: 'DELETE',
        headers: gatewayHeaders,
        url: `/v1/index/documents?source=${encodeURIComponent(source)}&course_id=course-a`,
      });
      expect(removed.statusCode).toBe(200);
      await expect.poll(() => citesNote(a, 'course-a'), SEEN).toBe(false);
    });

    it('removes through an instance that has not yet seen the document another one added', async () => {
      const dir = await tempDir();
      dirs.push(dir);
      // It polls once a minute: it has not seen the new document when the delete reaches it.
      const late = await buildTutoringAi(
        dir,
        envFor(dir, {
          REDIS_URL: redisUrl,
          GRAPH_RAG_RUNTIME_REDIS_PREFIX: prefix,
          GRAPH_RAG_RUNTIME_POLL_MS: '60000',
        }),
      );
      try {
        const lateSource = 'resources/r7/late.md';
        const added = await a.app.inject({
          method: 'POST',
          headers: gatewayHeaders,
          url: '/v1/index/documents',
          payload: { source: lateSource, course_id: 'course-d', text: note },
        });
        expect(added.statusCode).toBe(201);
        const removed = await late.app.inject({
          method: 'DELETE',
          headers: gatewayHeaders,
          url: `/v1/index/documents?source=${encodeURIComponent(lateSource)}&course_id=course-d`,
        });
        expect(removed.statusCode, removed.body).toBe(200);
        const listedByA = async () =>
          (
            await a.app.inject({
              method: 'GET',
              url: '/v1/index/documents?course_id=course-d',
              headers: gatewayHeaders,
            })
          ).json().data.documents as { source: string }[];
        await expect
          .poll(async () => (await listedByA()).some((d) => d.source === lateSource), SEEN)
          .toBe(false);
      } finally {
        await late.app.close();
      }
    });

    it('keeps documents that two instances add at the same time', async () => {
      const add = (ai: TestAi, name: string) =>
        ai.app.inject({
          method: 'POST',
          headers: gatewayHeaders,
          url: '/v1/index/documents',
          payload: {
            source: `resources/${name}.md`,
            course_id: 'course-c',
            text: `# ${name}\n\nNotes on ${name}.\n`,
          },
        });
      const [one, two] = await Promise.all([add(a, 'first'), add(b, 'second')]);
      expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
      const listed = async (ai: TestAi) =>
        (
          await ai.app.inject({
            method: 'GET',
            url: '/v1/index/documents?course_id=course-c',
            headers: gatewayHeaders,
          })
        ).json().data.documents as { source: string; course_id: string | null }[];
      const courseSources = async (ai: TestAi) =>
        (await listed(ai)).filter((d) => d.course_id === 'course-c').map((d) => d.source);
      await expect
        .poll(
          async () => (await courseSources(a)).length === 2 && (await courseSources(b)).length === 2,
          SEEN,
        )
        .toBe(true);
      expect(await courseSources(a)).toEqual(['resources/first.md', 'resources/second.md']);
    });
  },
);

describe('shared course documents while Redis is unreachable', () => {
  let dir: string;
  let ai: TestAi;

  beforeAll(async () => {
    dir = await tempDir();
    // Port 9 (discard) refuses at once: Redis is down from the start.
    ai = await buildTutoringAi(dir, envFor(dir, { REDIS_URL: 'redis://127.0.0.1:9' }));
  });
  afterAll(async () => {
    await ai?.app.close();
    await removeDir(dir);
  });

  it('starts on the prebuilt index, answers from it, and refuses a new document with 503', async () => {
    const res = await ai.app.inject({
      method: 'POST',
      url: '/v1/chat',
      payload: {
        mode: 'tutor_rag',
        messages: [{ role: 'user', content: "What does Gauss's law say about flux?" }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.citations.length).toBeGreaterThan(0);
    const added = await ai.app.inject({
      method: 'POST',
      headers: gatewayHeaders,
      url: '/v1/index/documents',
      payload: { source, course_id: 'course-a', text: note },
    });
    expect(added.statusCode).toBe(503);
    expect(added.json().error.code).toBe('SERVICE_UNAVAILABLE');
  });
});
