import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword } from '../src/auth/auth.service.js';
import { LOGIN_THROTTLE } from '../src/auth/identity-context.js';
import { PasswordHasher } from '../src/auth/passwords.js';
import { TokenSigner } from '../src/auth/tokens.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST_HASHING = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

const loginRequest = (t: TestApp, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

describe.each(testDatabaseFactories())('account safety on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let adminToken: string;
  let userCount = 0;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST_HASHING);
    adminToken = await loginAs(t.app, 'admin');
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  async function freshUser(): Promise<string> {
    userCount += 1;
    const username = `locky${userCount}`;
    await createUserAs(t.app, adminToken, { username, password: 'Right1234' });
    return username;
  }

  it('locks a username after 5 failures in 15 minutes, even against the right password', async () => {
    const username = await freshUser();
    for (let i = 0; i < 5; i++) {
      expect((await loginRequest(t, username, 'Wrong1234')).json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await loginRequest(t, username, 'Right1234');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('resets the count on a successful login', async () => {
    const username = await freshUser();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) await loginRequest(t, username, 'Wrong1234');
      expect((await loginRequest(t, username, 'Right1234')).statusCode).toBe(200);
    }
  });

  it('locks names that do not exist the same way (the lock reveals nothing)', async () => {
    for (let i = 0; i < 5; i++) await loginRequest(t, 'ghost-user', 'Wrong1234');
    expect((await loginRequest(t, 'ghost-user', 'Wrong1234')).json().error.code).toBe('ACCOUNT_LOCKED');
  });

  it('counts concurrent failures exactly: none lost, none invented', async () => {
    const racing = await freshUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => loginRequest(t, racing, 'Wrong1234')));
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect((await loginRequest(t, racing, 'Right1234')).json().error.code).toBe('ACCOUNT_LOCKED');

    const fourRacing = await freshUser();
    await Promise.all(Array.from({ length: 4 }, () => loginRequest(t, fourRacing, 'Wrong1234')));
    expect((await loginRequest(t, fourRacing, 'Right1234')).statusCode).toBe(200);
  });

  it('keeps the lock across a restart and across several instances on one database', async () => {
    const username = await freshUser();
    const second = await buildTestApp(database, FAST_HASHING);
    try {
      for (let i = 0; i < 5; i++) await loginRequest(i % 2 === 0 ? t : second, username, 'Wrong1234');
      expect((await loginRequest(second, username, 'Right1234')).json().error.code).toBe('ACCOUNT_LOCKED');
    } finally {
      await second.app.close();
    }
    const restarted = await buildTestApp(database, FAST_HASHING);
    try {
      expect((await loginRequest(restarted, username, 'Right1234')).json().error.code).toBe('ACCOUNT_LOCKED');
    } finally {
      await restarted.app.close();
    }
  });

  it('lifts the lock when the 15 minutes are over', async () => {
    const username = await freshUser();
    for (let i = 0; i < 5; i++) await loginRequest(t, username, 'Wrong1234');
    // Move the lock into the past instead of waiting 15 minutes.
    await t.app.db
      .updateTable('login_throttle')
      .set({ locked_until: '2000-01-01T00:00:00.000Z', window_start: '2000-01-01T00:00:00.000Z' })
      .where('username', '=', username)
      .execute();
    expect((await loginRequest(t, username, 'Right1234')).statusCode).toBe(200);
  });

  it('refuses a disabled user and revokes their tokens', async () => {
    const username = await freshUser();
    const token = await loginAs(t.app, username, 'Right1234');
    const userId = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })
    ).json().data.id;
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/disable`,
      headers: bearer(adminToken),
    });
    expect(disabled.json().data.disabled).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json().error.code).toBe('TOKEN_REVOKED');
    expect((await loginRequest(t, username, 'Right1234')).json().error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('login rate limit per IP', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await testDatabaseFactories()[0]!.create();
    t = await buildTestApp(database, { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  it('answers 429 RATE_LIMITED with Retry-After once an address exceeds the limit', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await loginRequest(t, `u${i}`, 'x')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await loginRequest(t, 'u9', 'x');
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.1.2.3',
      payload: { username: 'u1', password: 'x' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('no user enumeration by timing', () => {
  class CountingHasher extends PasswordHasher {
    verifiedAgainst: (string | undefined)[] = [];
    override async verify(password: string, storedHash: string | undefined): Promise<boolean> {
      this.verifiedAgainst.push(storedHash);
      return super.verify(password, storedHash);
    }
  }

  it('does one bcrypt comparison of the same cost whether or not the user exists', async () => {
    const database = await testDatabaseFactories()[0]!.create();
    const t = await buildTestApp(database, { BCRYPT_COST: '6' });
    try {
      const hasher = new CountingHasher(6);
      const ctx = {
        db: t.app.db,
        signer: new TokenSigner('x'.repeat(40)),
        hasher,
        throttle: LOGIN_THROTTLE,
        passwordChangeExempt: () => false,
      };
      await expect(loginWithPassword(ctx, { username: 'teacher', password: 'bad' })).rejects.toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
      await expect(loginWithPassword(ctx, { username: 'nobody', password: 'bad' })).rejects.toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
      expect(hasher.verifiedAgainst).toHaveLength(2);
      expect(hasher.verifiedAgainst[0]).toMatch(/^\$2b\$06\$/);
      expect(hasher.verifiedAgainst[1]).toBeUndefined();
      // The decoy the unknown user is checked against is a real hash of the same cost.
      const decoy = await (hasher as unknown as { decoy: Promise<string> }).decoy;
      expect(decoy).toMatch(/^\$2b\$06\$/);
    } finally {
      await t.app.close();
      await database.drop();
    }
  });
});
