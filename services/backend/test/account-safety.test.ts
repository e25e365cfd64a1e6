import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginWithPassword } from '../src/auth/auth.service.js';
import { LOGIN_THROTTLE } from '../src/auth/identity-context.js';
import { PasswordHasher } from '../src/auth/passwords.js';
import { TokenSigner } from '../src/auth/tokens.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST_HASHING = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

/** The pauses the backend starts (node:timers/promises' setTimeout: the login slowdown), in ms. */
const pauses = vi.hoisted(() => [] as (number | undefined)[]);
vi.mock('node:timers/promises', async (importOriginal) => {
  const timers = await importOriginal<typeof import('node:timers/promises')>();
  const setTimeout: typeof timers.setTimeout = (delay, ...rest) => {
    pauses.push(delay);
    return timers.setTimeout(delay, ...rest);
  };
  return { ...timers, setTimeout };
});

/** A login from `address` (the default is inject's own 127.0.0.1). */
const loginRequest = (t: TestApp, username: string, password: string, address = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: address,
    payload: { username, password },
  });

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

  it('locks a username after 5 failures in 15 minutes from one address, even against the right password', async () => {
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

  it('does not lock the account for other addresses: an attacker cannot lock its owner out', async () => {
    const username = await freshUser();
    for (let i = 0; i < 6; i++) await loginRequest(t, username, 'Wrong1234', '203.0.113.7');
    expect((await loginRequest(t, username, 'Right1234', '203.0.113.7')).json().error.code).toBe(
      'ACCOUNT_LOCKED',
    );
    // The owner, elsewhere: a wrong guess is just wrong, the right password gets in.
    expect((await loginRequest(t, username, 'Wrong1234', '198.51.100.2')).json().error.code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await loginRequest(t, username, 'Right1234', '198.51.100.2')).statusCode).toBe(200);
    // Which does not lift the lock of the attacker's address.
    expect((await loginRequest(t, username, 'Right1234', '203.0.113.7')).statusCode).toBe(429);
  });

  it('slows, never blocks, a username that failed too often from many addresses', async () => {
    const username = await freshUser();
    const policy = LOGIN_THROTTLE;
    const addresses = Math.ceil(policy.slowAfterFailures / policy.maxFailures);
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < policy.maxFailures; i++) {
        await loginRequest(t, username, 'Wrong1234', `192.0.2.${a + 1}`);
      }
    }
    const rows = await t.app.db
      .selectFrom('login_failures')
      .select(['address', 'failures'])
      .where('username', '=', username)
      .where('address', '=', '*')
      .execute();
    expect(rows.map((row) => ({ ...row, failures: Number(row.failures) }))).toEqual([
      { address: '*', failures: addresses * policy.maxFailures },
    ]);
    // The issue asks that further attempts be slowed: the backend pauses slowdownMs before it
    // checks the password (a real pause, seen as it starts rather than timed), and the right
    // password still gets in.
    pauses.length = 0;
    const owner = await loginRequest(t, username, 'Right1234', '192.0.2.200');
    expect(pauses).toEqual([policy.slowdownMs]);
    expect(owner.statusCode).toBe(200);
  });

  it('lets an admin lift a lock, by the unlock endpoint or by resetting the password', async () => {
    const username = await freshUser();
    const { id: userId } = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const lock = async () => {
      for (let i = 0; i < 5; i++) await loginRequest(t, username, 'Wrong1234');
      expect((await loginRequest(t, username, 'Right1234')).statusCode).toBe(429);
    };
    await lock();
    const listed = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/users?search=${username}`,
          headers: bearer(adminToken),
        })
      ).json().data.users[0].locked_until as string | null;
    const until = await listed();
    // The admin sees the lock and when it ends (the policy's lock is in the future).
    expect(until).not.toBeNull();
    expect(new Date(until ?? 0).getTime()).toBeGreaterThan(Date.now());
    const unlocked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/unlock`,
      headers: bearer(adminToken),
    });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().data).toMatchObject({ id: userId, username, locked_until: null });
    expect(await listed()).toBeNull();
    expect((await loginRequest(t, username, 'Right1234')).statusCode).toBe(200);

    await lock();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/reset-password`,
      headers: bearer(adminToken),
      payload: { new_password: 'Fresh5678x' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginRequest(t, username, 'Fresh5678x')).statusCode).toBe(200);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/no-such-user/unlock',
      headers: bearer(adminToken),
    });
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
    const student = await loginAs(t.app, 'student');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/unlock`,
      headers: bearer(student),
    });
    expect(forbidden.statusCode).toBe(403);
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
      expect((await loginRequest(t, username, 'Right1234')).json().error.code).toBe('ACCOUNT_LOCKED');
    } finally {
      await second.app.close();
    }
    const restarted = await buildTestApp(database, FAST_HASHING);
    try {
      expect((await loginRequest(restarted, username, 'Right1234')).json().error.code).toBe('ACCOUNT_LOCKED');
      expect((await loginRequest(restarted, username, 'Right1234', '10.9.8.7')).statusCode).toBe(200);
    } finally {
      await restarted.app.close();
    }
  });

  it('lifts the lock when the 15 minutes are over', async () => {
    const username = await freshUser();
    for (let i = 0; i < 5; i++) await loginRequest(t, username, 'Wrong1234');
    // Move the lock into the past instead of waiting 15 minutes.
    await t.app.db
      .updateTable('login_failures')
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
      await expect(
        loginWithPassword(ctx, { username: 'teacher', password: 'bad' }, '127.0.0.1'),
      ).rejects.toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
      await expect(
        loginWithPassword(ctx, { username: 'nobody', password: 'bad' }, '127.0.0.1'),
      ).rejects.toMatchObject({
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
