/**
 * With REDIS_URL set and Redis stopped, nothing waits for it. Solver runs, history
 * and the AI gateway answer as usual (their rate limits counted in this instance, logged once,
 * reported by /readyz), sweep creation answers 503 at once, and everything is shared through
 * Redis again when it is back. The Redis is the test's own, on a free port.
 */
import { solverExamples } from '@faraday/physics/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { TestRedisServer } from '../../../test/support/redis-server.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startSimService } from './support/sim-service.js';
import { type Auth, gaussFluxSweep, waitFor } from './support/sweeps.js';

const sqlite = testDatabaseFactories().find((f) => f.name === 'sqlite')!;
const HISTORY_LIMIT = 6;
const FRESNEL = solverExamples.fresnel;

describeWith(['redisServer'], 'the backend with its Redis stopped', ({ redisServer }) => {
  const redis = new TestRedisServer(redisServer);
  let database: TestDatabase;
  let sim: { app: FastifyInstance; url: string };
  let t: TestApp;
  let student: Auth;

  /**
   * One request while Redis hangs or is down. Redis answers nothing until a later step brings it
   * back, so these answers came without Redis: a request that waited for a frozen Redis would
   * hang, and requests that each sat out the client's reconnection retries (10 s or more) would
   * run the test past its time limit. No clock is read, so a slow machine cannot fail it.
   */
  const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: student, ...(payload ? { payload } : {}) });

  const readiness = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).json().data;
  const outageLogs = () => t.logs.lines.filter((l) => String(l.msg).startsWith('redis unreachable'));

  beforeAll(async () => {
    await redis.start();
    database = await sqlite.create();
    sim = await startSimService();
    t = await buildTestApp(database, {
      BCRYPT_COST: '4',
      REDIS_URL: redis.url,
      APP_ENV: `redis-outage-${process.pid}`,
      SIM_SERVICE_URL: sim.url,
      HISTORY_RATE_LIMIT_PER_MINUTE: String(HISTORY_LIMIT),
    });
    await t.app.ready();
    student = bearer(await loginAs(t.app, 'student'));
  });

  afterAll(async () => {
    // Redis first: a test that failed with Redis frozen must not leave the server behind.
    await redis.stop();
    await t?.app.close();
    await sim?.app.close();
    await database?.drop();
  });

  it('counts limits in Redis while it is up', async () => {
    expect(await readiness()).toMatchObject({ redis: 'ok', rate_limits: 'shared' });
    const res = await request('POST', '/api/v1/sim/fresnel', FRESNEL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
  });

  /** Every Redis-backed request answers without Redis; a new sweep is refused with 503. */
  async function expectNoWaiting() {
    const solver = await request('POST', '/api/v1/sim/fresnel', FRESNEL);
    expect(solver.statusCode, solver.body).toBe(200);

    const sweep = await request(
      'POST',
      '/api/v1/sim/parameter_sweep',
      gaussFluxSweep({ 'charges[0].q': { start: 1e-9, end: 2e-9, steps: 3 } }),
    );
    expect(sweep.statusCode, sweep.body).toBe(503);
    expect(sweep.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(sweep.headers['retry-after']).toBeDefined();
    // Nothing half-made is left behind.
    expect(await t.app.db.selectFrom('sweep_tasks').select('id').execute()).toEqual([]);

    // The AI service is not running here: the gateway answers 503, not after Redis comes back.
    const chat = await request('POST', '/api/v1/ai/chat', {
      mode: 'tutor',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(chat.statusCode).toBe(503);
  }

  it('answers at once while Redis hangs (frozen), with per-instance limits', async () => {
    redis.freeze();
    await expectNoWaiting();
    // The history limit still holds, counted by this instance.
    for (let i = 0; i < HISTORY_LIMIT; i++) {
      const history = await request('GET', '/api/v1/sim/history');
      expect(history.statusCode, history.body).toBe(200);
    }
    const over = await request('GET', '/api/v1/sim/history');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');

    expect(await readiness()).toMatchObject({
      status: 'ok',
      redis: 'unreachable',
      rate_limits: 'per-instance',
    });
    // Many requests, one line in the log.
    expect(outageLogs()).toHaveLength(1);
  });

  it('shares the limits through Redis again once it answers', async () => {
    redis.thaw();
    await waitFor(readiness, (r) => r.redis === 'ok', 'the backend to see Redis again', 20_000, 200);
    expect(await readiness()).toMatchObject({ rate_limits: 'shared' });
    // Redis counted none of the history requests made during the outage.
    const history = await request('GET', '/api/v1/sim/history');
    expect(history.statusCode, history.body).toBe(200);
    expect(Number(history.headers['x-ratelimit-remaining'])).toBe(HISTORY_LIMIT - 1);
    expect(t.logs.lines.filter((l) => l.msg === 'redis reachable again')).toHaveLength(1);
  });

  it('answers at once while Redis is stopped (connections refused), and recovers when it restarts', async () => {
    await redis.stop();
    await expectNoWaiting();
    // Counted here again, where the first outage's requests still fill this minute's window.
    expect((await request('GET', '/api/v1/sim/history')).statusCode).toBe(429);
    expect(await readiness()).toMatchObject({ redis: 'unreachable', rate_limits: 'per-instance' });
    expect(outageLogs()).toHaveLength(2);

    await redis.start();
    await waitFor(readiness, (r) => r.redis === 'ok', 'the backend to reconnect', 20_000, 200);
    // A new, empty Redis: its counter starts again.
    const history = await request('GET', '/api/v1/sim/history');
    expect(history.statusCode, history.body).toBe(200);
    expect(Number(history.headers['x-ratelimit-remaining'])).toBe(HISTORY_LIMIT - 1);
  });
});
