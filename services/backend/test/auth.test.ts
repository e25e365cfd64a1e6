import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpIdentityTables } from '../src/auth/cleanup.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST_HASHING = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

describe.each(testDatabaseFactories())('authentication on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST_HASHING);
    adminToken = await loginAs(t.app, 'admin');
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
  const sign = (claims: Record<string, unknown>, secret = t.app.config.jwtSecret, alg = 'HS256') =>
    new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));

  describe('login', () => {
    it('returns the token response of the API contract', async () => {
      const res = await login('Teacher', 'teacher123');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 86400,
        user_id: expect.any(String),
        username: 'teacher',
        role: 'teacher',
        // Demo accounts keep their initial password until changed; the flag tells the client.
        must_change_password: true,
        // Outside production a demo account is only reminded: nothing is refused until it changes.
        password_change_required: false,
      });
    });

    it("issues HS256 tokens with the contract's claims, a jti and a 24 h lifetime", async () => {
      const token = (await login('student', 'student123')).json().data.access_token;
      expect(decodeProtectedHeader(token).alg).toBe('HS256');
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        username: 'student',
        role: 'student',
        permissions: ['course:read', 'ai:use', 'sim:use'],
      });
      expect(claims.user_id).toEqual(expect.any(String));
      expect(claims.jti).toEqual(expect.any(String));
      expect(claims.exp! - claims.iat!).toBe(86400);
    });

    it('answers a wrong password and an unknown user identically', async () => {
      const wrong = await login('teacher', 'nope12345');
      const unknown = await login('nobody-here', 'nope12345');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('treats SQL-looking usernames as plain text and refuses oversized ones', async () => {
      const injected = await login("admin' OR '1'='1' --", 'x');
      expect(injected.statusCode).toBe(401);
      expect(injected.json().error.code).toBe('INVALID_CREDENTIALS');
      const huge = await login('a'.repeat(10_000), 'x');
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error.code).toBe('VALIDATION_ERROR');
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'x' },
      });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('current user', () => {
    it('returns every field of the current user in the API contract', async () => {
      const res = await me(adminToken);
      expect(res.statusCode).toBe(200);
      const user = res.json().data;
      for (const field of [
        'id',
        'username',
        'name',
        'email',
        'role',
        'permissions',
        'created_at',
        'last_login',
      ]) {
        expect(user).toHaveProperty(field);
      }
      expect(user.role).toBe('admin');
      expect(user.permissions).toEqual(['course:read', 'course:write', 'ai:use', 'sim:use', 'user:manage']);
      expect(user.last_login).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });
  });

  describe('hostile tokens', () => {
    it('refuses a missing, malformed, or foreign token with 401 UNAUTHORIZED', async () => {
      const claims = decodeJwt(adminToken);
      const cases: Record<string, string | undefined> = {
        missing: undefined,
        malformed: 'Bearer not.a.jwt',
        wrongScheme: `Basic ${adminToken}`,
        foreignSecret: `Bearer ${await sign(claims, 'another-secret-that-is-long-enough-123')}`,
        otherAlgorithm: `Bearer ${await sign(claims, t.app.config.jwtSecret, 'HS512')}`,
      };
      for (const [name, authorization] of Object.entries(cases)) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, name).toBe(401);
        expect(res.json().error.code, name).toBe('UNAUTHORIZED');
      }
    });

    it('refuses alg:none and a tampered payload', async () => {
      const [header, payload, signature] = adminToken.split('.');
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const tamperedClaims = { ...decodeJwt(adminToken), role: 'admin', username: 'root' };
      const tampered = `${header}.${Buffer.from(JSON.stringify(tamperedClaims)).toString('base64url')}.${signature}`;
      for (const token of [none, tampered]) {
        const res = await me(token);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      }
    });

    it('answers an expired token with TOKEN_EXPIRED', async () => {
      const past = Math.floor(Date.now() / 1000) - 90_000;
      const expired = await sign({ ...decodeJwt(adminToken), iat: past, exp: past + 86_400 });
      const res = await me(expired);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('TOKEN_EXPIRED');
    });

    it('refuses a token it accepted before once that token has expired', async () => {
      const token = await loginAs(t.app, 'student');
      expect((await me(token)).statusCode).toBe(200);
      // Only Date moves: the server's timers and sockets run as usual.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 86_401_000);
        const res = await me(token);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('TOKEN_EXPIRED');
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses a well-signed token we never issued, and the token of a deleted user', async () => {
      const invented = await sign({ ...decodeJwt(adminToken), jti: '00000000-0000-7000-8000-000000000000' });
      expect((await me(invented)).json().error.code).toBe('TOKEN_REVOKED');
      await createUserAs(t.app, adminToken, { username: 'doomed', password: 'Doomed123' });
      const doomedToken = await loginAs(t.app, 'doomed', 'Doomed123');
      await t.app.db.deleteFrom('users').where('username', '=', 'doomed').execute();
      const res = await me(doomedToken);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('TOKEN_REVOKED');
    });
  });

  describe('check order and permissions', () => {
    it('checks the token before the permission and the permission before the body', async () => {
      const unauthenticated = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        payload: { bad: true },
      });
      expect(unauthenticated.statusCode).toBe(401);
      const studentToken = await loginAs(t.app, 'student');
      const forbidden = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: bearer(studentToken),
        payload: { bad: true },
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error).toMatchObject({
        code: 'INSUFFICIENT_PERMISSIONS',
        required_permission: 'user:manage',
      });
    });
  });

  describe('logout', () => {
    it('revokes the presented token on every endpoint and leaves other tokens alone', async () => {
      const first = await loginAs(t.app, 'teacher');
      const second = await loginAs(t.app, 'teacher');
      const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(first) });
      expect(out.statusCode).toBe(200);
      for (const url of ['/api/v1/auth/me', '/api/v1/users']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(first) });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('TOKEN_REVOKED');
      }
      expect((await me(second)).statusCode).toBe(200);
    });
  });

  describe('password change', () => {
    it('enforces the complexity rule, saying what is missing', async () => {
      await createUserAs(t.app, adminToken, { username: 'pwuser', password: 'Initial123' });
      const token = await loginAs(t.app, 'pwuser', 'Initial123');
      const change = (new_password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password',
          headers: bearer(token),
          payload: { old_password: 'Initial123', new_password },
        });
      const noDigit = await change('abcdefghij');
      expect(noDigit.statusCode).toBe(400);
      expect(noDigit.json().error.code).toBe('WEAK_PASSWORD');
      expect(noDigit.json().error.message).toContain('a digit');
      expect((await change('ab1')).json().error.message).toContain('at least 8 characters');
      expect((await change('pwuser')).json().error.message).toMatch(/differ from the username/);
    });

    it('needs the old password, revokes earlier tokens and returns a new one', async () => {
      await createUserAs(t.app, adminToken, { username: 'changer', password: 'Before123' });
      const old = await loginAs(t.app, 'changer', 'Before123');
      const wrongOld = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: bearer(old),
        payload: { old_password: 'Wrong1234', new_password: 'After12345' },
      });
      expect(wrongOld.statusCode).toBe(400);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: bearer(old),
        payload: { old_password: 'Before123', new_password: 'After12345' },
      });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().data.access_token;
      expect((await me(old)).json().error.code).toBe('TOKEN_REVOKED');
      expect((await me(fresh)).json().data.must_change_password).toBe(false);
      expect((await login('changer', 'Before123')).statusCode).toBe(401);
      expect((await login('changer', 'After12345')).statusCode).toBe(200);
    });
  });

  describe('expired rows', () => {
    it('deletes expired token rows and keeps live ones', async () => {
      const userId = decodeJwt(adminToken).user_id as string;
      await t.app.db
        .insertInto('auth_tokens')
        .values({
          jti: '00000000-0000-7000-8000-0000000000ee',
          user_id: userId,
          issued_at: '2020-01-01T00:00:00.000Z',
          expires_at: '2020-01-02T00:00:00.000Z',
          revoked_at: '2020-01-01T12:00:00.000Z',
          session_id: null,
        })
        .execute();
      await cleanUpIdentityTables(t.app.db);
      const left = await t.app.db.selectFrom('auth_tokens').select('jti').execute();
      expect(left.map((r) => r.jti)).not.toContain('00000000-0000-7000-8000-0000000000ee');
      expect((await me(adminToken)).statusCode).toBe(200);
    });
  });
});
