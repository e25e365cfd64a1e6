import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

describeWith(['redis'], 'Redis keys of two environments sharing one Redis', ({ redis: redisUrl }) => {
  // Unique names, so runs of this suite on one Redis do not meet either.
  const suffix = randomBytes(4).toString('hex');
  const envs = [`staging${suffix}`, `training${suffix}`] as const;
  const databases: TestDatabase[] = [];
  const apps: TestApp[] = [];
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl);
    for (const env of envs) {
      const database = await testDatabaseFactories()[0]!.create();
      databases.push(database);
      apps.push(
        await buildTestApp(database, {
          APP_ENV: env,
          REDIS_URL: redisUrl,
          BCRYPT_COST: '4',
          LOGIN_RATE_LIMIT_PER_MINUTE: '3',
        }),
      );
    }
  });

  afterAll(async () => {
    for (const t of apps) await t.app.close();
    for (const database of databases) await database.drop();
    for (const env of envs) {
      const keys = await redis.keys(`faraday-${env}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis?.disconnect();
  });

  const login = (t: TestApp) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '192.0.2.44',
      payload: { username: 'nobody', password: 'Wrong1234' },
    });

  it('counts rate limits apart per APP_ENV, under keys that name it', async () => {
    const [staging, training] = apps as [TestApp, TestApp];
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(staging)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The same address in the other environment has its whole allowance.
    expect((await login(training)).statusCode).toBe(401);
    expect(await redis.keys(`faraday-${envs[0]}:rl:*`)).toHaveLength(1);
    expect(await redis.keys(`faraday-${envs[1]}:rl:*`)).toHaveLength(1);
  });
});
