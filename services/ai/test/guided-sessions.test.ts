import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { TestRedisServer } from '../../../test/support/redis-server.js';
import { ask } from './support/ai-app.js';
import { currentInstance, rightText } from './support/guided-oracle.js';
import { buildTutoringAi, removeDir, TestClock, tempDir } from './support/tutoring-app.js';

/**
 * Where guided sessions live: a SQLite file that survives a restart of the AI service, or
 * Redis when REDIS_URL is set; both forget a session after GUIDED_SESSION_TTL_MIN of
 * inactivity, measured on the service's clock.
 */

type Ai = Awaited<ReturnType<typeof buildTutoringAi>>;

async function start(ai: Ai, user: string) {
  const res = await ai.app.inject({
    method: 'POST',
    url: '/v1/chat/guided',
    payload: { topic: 'Ampère’s law', user_id: user, course_id: 'em', messages: ask('start') },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function answer(ai: Ai, user: string, sessionId: string, content: string) {
  return ai.app.inject({
    method: 'POST',
    url: '/v1/chat/guided',
    payload: {
      topic: 'Ampère’s law',
      user_id: user,
      course_id: 'em',
      session_id: sessionId,
      messages: ask(content),
    },
  });
}

describe('SQLite session store (the default)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('keeps a session across a restart of the AI service', async () => {
    const first = await buildTutoringAi(dir);
    const opened = await start(first, 'ines');
    const moved = (await answer(first, 'ines', opened.session_id, 'no idea')).json().data;
    expect(moved.weak_points).toHaveLength(1);
    await first.app.close();
    expect(existsSync(join(dir, 'guided-sessions.db'))).toBe(true);

    const second = await buildTutoringAi(dir);
    try {
      // The exercise the first process asked, with its numbers, is the one the second checks.
      const asked = currentInstance(dir, opened.session_id);
      expect(moved.exercise.prompt).toBe(asked.view.prompt.en);
      const res = await answer(second, 'ines', opened.session_id, rightText(asked));
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        session_id: opened.session_id,
        assessment: { understood: true },
        exercise: { number: 2 },
      });
      expect(data.progress_percentage).toBeGreaterThan(0);
      // What the first process noted is still there, and the history kept both processes' turns.
      expect(data.weak_points).toEqual(moved.weak_points);
      const row = new Database(join(dir, 'guided-sessions.db'), { readonly: true })
        .prepare('SELECT user_id, data FROM guided_sessions WHERE id = ?')
        .get(opened.session_id) as { user_id: string; data: string };
      expect(row.user_id).toBe('ines');
      expect(JSON.parse(row.data).history).toHaveLength(6);
    } finally {
      await second.app.close();
    }
  });

  it('treats a session stored by the key-term version (format 1) as expired, not as an error', async () => {
    const ai = await buildTutoringAi(dir);
    try {
      const opened = await start(ai, 'old');
      const db = new Database(join(dir, 'guided-sessions.db'));
      const row = db.prepare('SELECT data FROM guided_sessions WHERE id = ?').get(opened.session_id) as {
        data: string;
      };
      const old = { ...JSON.parse(row.data), format: 1 };
      db.prepare('UPDATE guided_sessions SET data = ? WHERE id = ?').run(
        JSON.stringify(old),
        opened.session_id,
      );
      db.close();
      const res = await answer(ai, 'old', opened.session_id, 'I think it is 3 T');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('SESSION_NOT_FOUND');
      expect(ai.logs.lines.some((l) => /older format/.test(String(l.msg)))).toBe(true);
    } finally {
      await ai.app.close();
    }
  });

  it('expires a session after the inactivity TTL, and each turn renews it', async () => {
    const clock = new TestClock();
    const ai = await buildTutoringAi(dir, { GUIDED_SESSION_TTL_MIN: '30' }, clock);
    try {
      const opened = await start(ai, 'jo');
      expect(opened.expires_at).toBe(new Date(clock.current + 30 * 60_000).toISOString());
      clock.advanceMinutes(29);
      const kept = await answer(ai, 'jo', opened.session_id, 'hmm');
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data.expires_at).toBe(new Date(clock.current + 30 * 60_000).toISOString());
      // 29 + 29 minutes after the start, but only 29 after the last turn: still there.
      clock.advanceMinutes(29);
      expect((await answer(ai, 'jo', opened.session_id, 'hmm')).statusCode).toBe(200);
      clock.advanceMinutes(31);
      const gone = await answer(ai, 'jo', opened.session_id, 'hello?');
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe('SESSION_NOT_FOUND');
    } finally {
      await ai.app.close();
    }
  });

  it('opens no session file until a guided session starts', async () => {
    const empty = await tempDir();
    const ai = await buildTutoringAi(empty);
    await ai.app.inject({ method: 'GET', url: '/healthz' });
    await ai.app.close();
    expect(existsSync(join(empty, 'guided-sessions.db'))).toBe(false);
    await removeDir(empty);
  });
});

// Needs Redis: REDIS_URL (CI sets it).
describeWith(['redis'], 'Redis session store', ({ redis: redisUrl }) => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('shares sessions between AI service instances and keeps them across restarts, not on disk', async () => {
    const a = await buildTutoringAi(dir, { REDIS_URL: redisUrl });
    const b = await buildTutoringAi(dir, { REDIS_URL: redisUrl });
    try {
      const opened = await start(a, 'kim');
      // The other instance reads the session: the miss is noted on the exercise the first one asked.
      const res = await answer(b, 'kim', opened.session_id, 'I don’t know');
      expect(res.json().data).toMatchObject({
        exercise: { number: 1, prompt: opened.exercise.prompt },
        assessment: { understood: false },
      });
      expect(res.json().data.reply).toMatch(/\*Hint:\*/);
      const again = await answer(a, 'kim', opened.session_id, 'still no idea');
      expect(again.json().data.reply).toMatch(/Worked solution/);
      const other = await answer(b, 'lee', opened.session_id, 'mine now?');
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('SESSION_NOT_FOUND');
    } finally {
      await a.app.close();
      await b.app.close();
    }
    expect(existsSync(join(dir, 'guided-sessions.db'))).toBe(false);
  });

  it('expires a session after the inactivity TTL', async () => {
    const clock = new TestClock();
    const ai = await buildTutoringAi(dir, { REDIS_URL: redisUrl, GUIDED_SESSION_TTL_MIN: '10' }, clock);
    try {
      const opened = await start(ai, 'max');
      clock.advanceMinutes(11);
      const gone = await answer(ai, 'max', opened.session_id, 'still there?');
      expect(gone.statusCode).toBe(404);
    } finally {
      await ai.app.close();
    }
  });
});

// A Redis of the test's own that hangs mid-session (frozen), then is replaced.
describeWith(['redisServer'], 'Redis session store while Redis is down', ({ redisServer }) => {
  const redis = new TestRedisServer(redisServer);
  let dir: string;
  let ai: Ai;
  beforeAll(async () => {
    await redis.start();
    dir = await tempDir();
    ai = await buildTutoringAi(dir, { REDIS_URL: redis.url });
  });
  afterAll(async () => {
    // Redis first: a test that failed with Redis frozen must not leave the server behind.
    await redis.stop();
    await ai?.app.close();
    await removeDir(dir);
  });

  it('answers 503 instead of waiting for Redis, and carries on when it is back', async () => {
    const opened = await start(ai, 'noa');
    const startAnother = () =>
      ai.app.inject({
        method: 'POST',
        url: '/v1/chat/guided',
        payload: { topic: 'Ampère’s law', user_id: 'noa', course_id: 'em', messages: ask('start') },
      });
    redis.freeze();
    // Redis answers nothing until it is replaced below: an answer here did not wait for it (a
    // request that did would hang until the test's time limit).
    for (const request of [() => answer(ai, 'noa', opened.session_id, 'still there?'), startAnother]) {
      const res = await request();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    }
    // A fresh (empty) Redis: new sessions work again; the old one is gone with the old Redis.
    await redis.stop();
    await redis.start();
    await vi.waitFor(
      async () => {
        const again = await startAnother();
        expect(again.statusCode, again.body).toBe(200);
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});
