/**
 * Redis loss loses no course material (docs/adr/0126-course-material-survives-redis-loss.md). A
 * backend on PostgreSQL and an S3 server, and an AI service whose course documents live in a Redis
 * of the test's own, over real sockets. Text uploads and deletes answer while that Redis hangs or
 * is down; what they could not tell the tutor reaches it once Redis is back, whether Redis comes
 * back with its data (thawed) or empty (killed and started again): then the tutor's course index
 * is rebuilt from the database and the blob store.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { TestRedisServer } from '../../../test/support/redis-server.js';
import { buildTestAi, GATEWAY_TOKEN, retrievalEnv, type TestAi } from '../../ai/test/support/ai-app.js';
import { removeDir, tempDir } from '../../ai/test/support/tutoring-app.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { postgresFactory, type TestDatabase } from './support/databases.js';
import { type CoursePeople, courseWithPeople, upload } from './support/resources.js';
import { startS3, type TestS3 } from './support/s3-server.js';

/** Notes on made-up subjects, so a citation can only come from the uploaded file. */
const NOTES = {
  zorbitron:
    '# Plasma slabs\n\n## Zorbitron cutoff\n\nThe zorbitron cutoff frequency of a plasma slab is the frequency ' +
    'below which the slab reflects every incident wave.\n',
  quexaline:
    '# Crystals\n\n## Quexaline resonance\n\nThe quexaline resonance of a crystal is the frequency at which ' +
    'its quexaline lattice absorbs the most energy.\n',
  plumbrite:
    '# Alloys\n\n## Plumbrite shielding\n\nThe plumbrite shielding factor of an alloy says how strongly ' +
    'plumbrite layers damp a static magnetic field.\n',
} as const;
type Subject = keyof typeof NOTES;

const QUESTIONS: Record<Subject, string> = {
  zorbitron: 'What is the zorbitron cutoff frequency of a plasma slab?',
  quexaline: 'What is the quexaline resonance of a crystal?',
  plumbrite: 'What does the plumbrite shielding factor of an alloy say?',
};

const RAG_PREFIX = 'test:redis-loss:';

/** The course documents the AI service's Redis holds, by source. */
async function documentsInRedis(url: string): Promise<string[]> {
  const client = new Redis(url);
  try {
    const entries = Object.values(await client.hgetall(`${RAG_PREFIX}documents`));
    return entries
      .map((json) => (JSON.parse(json) as { document: { source: string } }).document.source)
      .sort();
  } finally {
    client.disconnect();
  }
}

/** Long enough for a pass to feed a few documents; the sync runs every 300 ms here. */
const SEEN = { timeout: 15_000, interval: 250 };

async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

describeWith(
  ['postgres', 'redisServer'],
  'course material while the AI service’s Redis hangs, stops, and comes back empty',
  ({ postgres, redisServer }) => {
    const redis = new TestRedisServer(redisServer);
    let s3: TestS3;
    let database: TestDatabase;
    let aiDir: string;
    let ai: TestAi;
    let t: TestApp;
    let c: CoursePeople;
    const ids: Partial<Record<Subject, string>> = {};

    beforeAll(async () => {
      await redis.start();
      s3 = await startS3();
      database = await postgresFactory(postgres).create();
      aiDir = await tempDir('faraday-redis-loss-');
      ai = await buildTestAi({
        ...retrievalEnv(aiDir),
        SESSION_STORE_PATH: `${aiDir}/guided-sessions.db`,
        AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
        REDIS_URL: redis.url,
        GRAPH_RAG_RUNTIME_POLL_MS: '200',
        GRAPH_RAG_RUNTIME_REDIS_PREFIX: RAG_PREFIX,
      });
      const aiUrl = await ai.app.listen({ host: '127.0.0.1', port: 0 });
      t = await buildTestApp(database, {
        BCRYPT_COST: '4',
        REDIS_URL: redis.url,
        APP_ENV: `redis-loss-${process.pid}`,
        AI_SERVICE_URL: aiUrl,
        AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
        AI_RATE_LIMIT_PER_MINUTE: '10000',
        COURSE_MATERIAL_SYNC_MS: '300',
        ...s3.env,
      });
      await t.app.ready();
      c = await courseWithPeople(t);
    });

    afterAll(async () => {
      // Redis first: a test that failed with Redis frozen must not leave the server behind.
      await redis.stop();
      if (t) await closeNow(t.app);
      if (ai) await closeNow(ai.app);
      await database?.drop();
      await s3?.stop();
      if (aiDir) await removeDir(aiDir);
    });

    /** A teacher's Markdown upload; it must succeed whatever the tutor's state. */
    async function uploadNotes(subject: Subject): Promise<void> {
      const res = await upload(t.app, c.courseId, c.as.teacher, {
        file: { filename: `${subject}.md`, data: Buffer.from(NOTES[subject]), contentType: 'text/markdown' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[subject] = res.json().data.id;
    }

    async function deleteNotes(subject: Subject): Promise<void> {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/resources/${ids[subject]}`,
        headers: c.as.teacher,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    /** Whether a member's tutor_rag question on the subject cites the uploaded notes. */
    async function cited(subject: Subject): Promise<boolean> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ai/chat',
        headers: c.as.student,
        payload: {
          mode: 'tutor_rag',
          course_id: c.courseId,
          messages: [{ role: 'user', content: QUESTIONS[subject] }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const citations = res.json().data.citations as { source: string }[];
      return citations.some((cite) => cite.source === `resources/${ids[subject]}/${subject}.md`);
    }

    const waiting = async () =>
      (
        await t.app.db
          .selectFrom('resources')
          .select('id')
          .where('course_id', '=', c.courseId)
          .where('fed_epoch', '=', '')
          .execute()
      ).map((r) => r.id);

    const removalsLeft = async () =>
      (await t.app.db.selectFrom('course_material_removals').select('resource_id').execute()).length;

    it('feeds an upload to the tutor at once while Redis answers', async () => {
      await uploadNotes('zorbitron');
      expect(await cited('zorbitron')).toBe(true);
      expect(await waiting()).toEqual([]);
    });

    it('takes uploads and deletes while Redis hangs, and the tutor has them once it answers again', async () => {
      redis.freeze();
      // Redis answers nothing until it is thawed below: these answered without it.
      await uploadNotes('quexaline');
      await deleteNotes('zorbitron');
      expect(await waiting()).toEqual([ids.quexaline]);
      expect(await removalsLeft()).toBe(1);

      redis.thaw();
      // Back with its data: the upload is fed and the delete reaches the tutor.
      await expect.poll(() => cited('quexaline'), SEEN).toBe(true);
      await expect.poll(() => cited('zorbitron'), SEEN).toBe(false);
      await expect.poll(removalsLeft, SEEN).toBe(0);
      // The pass confirms removals before it feeds what waits, and Redis may already hold the upload
      // (the frozen server ran the write it had been sent): wait for the pass to record it fed.
      await expect.poll(waiting, SEEN).toEqual([]);
    });

    it('takes an upload while Redis is down, and rebuilds the course index after Redis restarts empty', async () => {
      await redis.stop();
      await uploadNotes('plumbrite');
      expect(await waiting()).toEqual([ids.plumbrite]);

      await redis.start();
      // The new Redis holds none of the course documents: both come from the database and S3.
      await expect.poll(() => cited('plumbrite'), SEEN).toBe(true);
      await expect.poll(() => cited('quexaline'), SEEN).toBe(true);
      expect(await cited('zorbitron')).toBe(false);
      expect(await waiting()).toEqual([]);
      // Rebuilt in Redis, not merely kept in the AI instance's memory.
      expect(await documentsInRedis(redis.url)).toEqual(
        [`resources/${ids.plumbrite}/plumbrite.md`, `resources/${ids.quexaline}/quexaline.md`].sort(),
      );
      expect(t.logs.lines.some((l) => l.msg === 'the tutor lost course material; feeding it again')).toBe(
        true,
      );
    });
  },
);
