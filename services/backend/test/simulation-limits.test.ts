import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

// The simulation API's answers without a sim service, and its per-user rate limits (in one
// process and shared through Redis); the records themselves are in simulations.test.ts.
describe('simulation API when the sim service is down, and rate limits', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await testDatabaseFactories()[0]!.create();
    t = await buildTestApp(database, {
      BCRYPT_COST: '4',
      SIM_SERVICE_URL: 'http://127.0.0.1:9',
      SIM_RATE_LIMIT_PER_MINUTE: '3',
      HISTORY_RATE_LIMIT_PER_MINUTE: '2',
    });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when the sim service cannot be reached', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sim/fresnel',
      headers: bearer(await loginAs(t.app, 'teacher')),
      payload: { n1: 1, n2: 1.5, theta_i: 0 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('limits solver calls and history per user with 429, Retry-After and X-RateLimit headers', async () => {
    const student = bearer(await loginAs(t.app, 'student'));
    const admin = bearer(await loginAs(t.app, 'admin'));
    const statuses: number[] = [];
    for (const type of ['fresnel', 'laplace2d', 'solenoid', 'wave_1d']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/sim/${type}`,
        headers: student,
        payload: {},
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error.code).toBe('RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.headers['x-ratelimit-limit']).toBe('3');
      }
    }
    expect(statuses).toEqual([503, 503, 503, 429]);
    // Another user has a counter of their own.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sim/fresnel',
      headers: admin,
      payload: {},
    });
    expect(other.statusCode).toBe(503);
    const history = [];
    for (let i = 0; i < 3; i++) {
      history.push(
        (await t.app.inject({ method: 'GET', url: '/api/v1/sim/history', headers: student })).statusCode,
      );
    }
    expect(history).toEqual([200, 200, 429]);
  });
});

// With REDIS_URL (CI sets it) the per-user counters are shared by every backend instance.
describeWith(['redis'], 'rate limits shared through Redis', ({ redis: redisUrl }) => {
  it('counts one user across two backend instances', async () => {
    const database = await testDatabaseFactories()[0]!.create();
    const env = {
      BCRYPT_COST: '4',
      SIM_SERVICE_URL: 'http://127.0.0.1:9',
      HISTORY_RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL: redisUrl,
    };
    const first = await buildTestApp(database, env);
    const second = await buildTestApp(database, env);
    try {
      const student = bearer(await loginAs(first.app, 'student'));
      const statuses = [];
      for (const app of [first.app, second.app, first.app, second.app]) {
        statuses.push(
          (await app.inject({ method: 'GET', url: '/api/v1/sim/history', headers: student })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await first.app.close();
      await second.app.close();
      await database.drop();
    }
  });
});
