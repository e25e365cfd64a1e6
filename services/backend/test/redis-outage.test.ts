/**
 * With REDIS_URL set and Redis stopped, nothing waits for it. Solver runs, history
 * and the AI gateway answer as usual (their rate limits counted in this instance, logged once,
 * reported by /readyz), sweep creation answers 503 at once, and everything is shared through
 * Redis again when it is back. The Redis is the test's own, on a free port.
 */
import { solverExamples } from '@faraday/physics/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRedisServer } from '../../../test/support/redis-server.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startSimService } from './support/sim-service.js';
import { type Auth, gaussFluxSweep, waitFor } from './support/sweeps.js';

const sqlite = testDatabaseFactories().find((f) => f.name === 'sqlite')!;
const HISTORY_LIMIT = 6;
const FRESNEL = solverExamples.fresnel;

describe('the backend with its Redis stopped', () => {
  const redis = new TestRedisServer();
  let database: TestDatabase;
  let sim: { app: FastifyInstance; url: string };
  let t: TestApp;
  let student: Auth;

  /** Status and seconds taken of one request. */
  async function timed(method: 'GET' | 'POST', url: string, payload?: object) {
    const started = performance.now();
    const res = await t.app.inject({ method, url, headers: student, ...(payload ? { payload } : {}) });
    return { res, seconds: (performance.now() - started) / 1000 };
  }

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
    const { res } = await timed('POST', '/api/v1/sim/fresnel', FRESNEL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
  });

  /** Every Redis-backed request answers within 2 s; a new sweep is refused with 503. */
  async function expectNoWaiting() {
    const solver = await timed('POST', '/api/v1/sim/fresnel', FRESNEL);
    expect(solver.res.statusCode, solver.res.body).toBe(200);
    expect(solver.seconds).toBeLessThan(2);

    const sweep = await timed(
      'POST',
      '/api/v1/sim/parameter_sweep',
      gaussFluxSweep({ 'charges[0].q': { start: 1e-9, end: 2e-9, steps: 3 } }),
    );
    expect(sweep.seconds).toBeLessThan(2);
    expect(sweep.res.statusCode, sweep.res.body).toBe(503);
    expect(sweep.res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(sweep.res.headers['retry-after']).toBeDefined();
    // Nothing half-made is left behind.
    expect(await t.app.db.selectFrom('sweep_tasks').select('id').execute()).toEqual([]);

    // The AI service is not running here: the gateway answers 503 at once, not after Redis retries.
    const chat = await timed('POST', '/api/v1/ai/chat', {
      mode: 'tutor',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(chat.seconds).toBeLessThan(2);
    expect(chat.res.statusCode).toBe(503);
  }

  it('answers at once while Redis hangs (frozen), with per-instance limits', async () => {
    redis.freeze();
    await expectNoWaiting();
    // The history limit still holds, counted by this instance.
    for (let i = 0; i < HISTORY_LIMIT; i++) {
      const history = await timed('GET', '/api/v1/sim/history');
      expect(history.res.statusCode, history.res.body).toBe(200);
      expect(history.seconds).toBeLessThan(2);
    }
    const over = await timed('GET', '/api/v1/sim/history');
    expect(over.res.statusCode).toBe(429);
    expect(over.res.json().error.code).toBe('RATE_LIMITED');

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
    const history = await timed('GET', '/api/v1/sim/history');
    expect(history.res.statusCode, history.res.body).toBe(200);
    expect(Number(history.res.headers['x-ratelimit-remaining'])).toBe(HISTORY_LIMIT - 1);
    expect(t.logs.lines.filter((l) => l.msg === 'redis reachable again')).toHaveLength(1);
  });

  it('answers at once while Redis is stopped (connections refused), and recovers when it restarts', async () => {
    await redis.stop();
    await expectNoWaiting();
    // Counted here again, where the first outage's requests still fill this minute's window.
    expect((await timed('GET', '/api/v1/sim/history')).res.statusCode).toBe(429);
    expect(await readiness()).toMatchObject({ redis: 'unreachable', rate_limits: 'per-instance' });
    expect(outageLogs()).toHaveLength(2);

    await redis.start();
    await waitFor(readiness, (r) => r.redis === 'ok', 'the backend to reconnect', 20_000, 200);
    // A new, empty Redis: its counter starts again.
    const history = await timed('GET', '/api/v1/sim/history');
    expect(history.res.statusCode, history.res.body).toBe(200);
    expect(Number(history.res.headers['x-ratelimit-remaining'])).toBe(HISTORY_LIMIT - 1);
  });
});
