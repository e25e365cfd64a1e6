import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpIdentityTables } from '../src/auth/cleanup.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST_HASHING = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };
const COOKIE = 'faraday_session';
const PATH = '/api/v1/auth/refresh';
/** What the browser sends: the web application is served by the backend, so Origin is its own. */
const HOST = 'faraday.test:8080';
const SAME_ORIGIN = { host: HOST, origin: `http://${HOST}` };

function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === COOKIE);
}

describe.each(testDatabaseFactories())('browser sessions on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST_HASHING);
    adminToken = await loginAs(t.app, 'admin');
    await createUserAs(t.app, adminToken, { username: 'kim', password: 'Kim12345' });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const signIn = (username: string, password: string, headers: Record<string, string> = SAME_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers,
      payload: { username, password, browser_session: true },
    });
  const refresh = (cookie: string | undefined, headers: Record<string, string> = SAME_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: PATH,
      headers: cookie === undefined ? headers : { ...headers, cookie: `${COOKIE}=${cookie}` },
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  /** Signs in as a browser would and gives the token and the cookie's value. */
  async function browserSession(username = 'kim', password = 'Kim12345') {
    const res = await signIn(username, password);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res);
    if (!cookie) throw new Error('no session cookie was set');
    return { token: res.json().data.access_token as string, cookie: cookie.value };
  }

  it('sets an HttpOnly, SameSite=Strict cookie for the refresh path only, and gives a 15-minute token', async () => {
    const res = await signIn('kim', 'Kim12345');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ token_type: 'Bearer', expires_in: 900, username: 'kim', role: 'student' });
    const claims = decodeJwt(data.access_token);
    expect(claims.exp! - claims.iat!).toBe(900);

    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    // Development runs on plain http, where a Secure cookie would never be sent back.
    expect(header).not.toMatch(/Secure/);
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatchObject({ path: PATH, httpOnly: true, sameSite: 'Strict' });
    // A week, less the moments the request took.
    expect(cookie!.maxAge).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(cookie!.maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(cookie!.value).toMatch(/^[\w-]{43}$/);
    // The body carries no trace of the cookie, and the database keeps only its hash.
    expect(res.body).not.toContain(cookie!.value);
    const rows = await t.app.db.selectFrom('auth_sessions').select('secret_hash').execute();
    const hash = createHash('sha256').update(cookie!.value).digest('hex');
    expect(rows.map((r) => r.secret_hash)).toContain(hash);
    expect(rows.map((r) => r.secret_hash)).not.toContain(cookie!.value);
  });

  it('renews by cookie: a fresh working token, the cookie set again, in every tab independently', async () => {
    const session = await browserSession();
    const first = await refresh(session.cookie);
    expect(first.statusCode).toBe(200);
    const tabA = first.json().data;
    expect(tabA).toMatchObject({
      expires_in: 900,
      username: 'kim',
      role: 'student',
      must_change_password: false,
    });
    expect(sessionCookieOf(first)).toMatchObject({ value: session.cookie, path: PATH, httpOnly: true });
    const tabB = (await refresh(session.cookie)).json().data;
    expect(tabB.access_token).not.toBe(tabA.access_token);
    for (const token of [session.token, tabA.access_token, tabB.access_token]) {
      expect((await me(token)).json().data.username).toBe('kim');
    }
  });

  it('moves the idle expiry forward at each renewal', async () => {
    const session = await browserSession();
    const hash = createHash('sha256').update(session.cookie).digest('hex');
    const soon = new Date(Date.now() + 60_000).toISOString();
    await t.app.db
      .updateTable('auth_sessions')
      .set({ expires_at: soon })
      .where('secret_hash', '=', hash)
      .execute();
    expect((await refresh(session.cookie)).statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('auth_sessions')
      .select('expires_at')
      .where('secret_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('refuses a renewal without a cookie, with an unknown one (and clears it), and after expiry', async () => {
    const none = await refresh(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    expect(none.headers['set-cookie']).toBeUndefined();

    const unknown = await refresh('not-a-session-we-issued');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('UNAUTHORIZED');
    expect(sessionCookieOf(unknown)).toMatchObject({ value: '', path: PATH });

    const session = await browserSession();
    const hash = createHash('sha256').update(session.cookie).digest('hex');
    const past = new Date(Date.now() - 1000).toISOString();
    await t.app.db
      .updateTable('auth_sessions')
      .set({ expires_at: past })
      .where('secret_hash', '=', hash)
      .execute();
    const expired = await refresh(session.cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('TOKEN_EXPIRED');
    expect(new Date(sessionCookieOf(expired)!.expires!).getTime()).toBeLessThan(Date.now());
    await cleanUpIdentityTables(t.app.db);
    const left = await t.app.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('secret_hash', '=', hash)
      .execute();
    expect(left).toEqual([]);
  });

  describe('cross-site requests', () => {
    it('refuses the cookie with a foreign Origin or none, and gives nothing away', async () => {
      const session = await browserSession();
      const attempts: Record<string, string>[] = [
        { host: HOST, origin: 'https://evil.example' },
        { host: HOST, origin: `http://${HOST}.evil.example` },
        { host: HOST, origin: 'null' },
        { host: HOST },
      ];
      for (const headers of attempts) {
        const res = await refresh(session.cookie, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
        expect(res.body).not.toContain('access_token');
      }
      // The session itself is untouched: the application's own page still renews it.
      expect((await refresh(session.cookie)).statusCode).toBe(200);
    });

    it("accepts the configured public address's origin behind a proxy that rewrites Host", async () => {
      const session = await browserSession();
      const proxied = await refresh(session.cookie, { host: '10.0.0.5:8080', origin: t.config.publicUrl });
      expect(proxied.statusCode).toBe(200);
    });

    it('starts no browser session for a sign-in from another origin', async () => {
      const before = await t.app.db.selectFrom('auth_sessions').select('id').execute();
      const res = await signIn('kim', 'Kim12345', { host: HOST, origin: 'https://evil.example' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await t.app.db.selectFrom('auth_sessions').select('id').execute()).toHaveLength(before.length);
    });
  });

  it('signs out every tab: the session, each tab’s token and the cookie end together', async () => {
    const session = await browserSession();
    const otherTab = (await refresh(session.cookie)).json().data.access_token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(session.token),
    });
    expect(out.statusCode).toBe(200);
    const cleared = sessionCookieOf(out);
    expect(cleared).toMatchObject({ value: '', path: PATH, httpOnly: true, sameSite: 'Strict' });
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
    expect((await me(session.token)).json().error.code).toBe('TOKEN_REVOKED');
    expect((await me(otherTab)).json().error.code).toBe('TOKEN_REVOKED');
    const again = await refresh(session.cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('TOKEN_REVOKED');
  });

  it('ends the sessions of a user who is disabled, and of one whose password changes elsewhere', async () => {
    const userId = await createUserAs(t.app, adminToken, { username: 'lee', password: 'Lee12345' });
    const disabled = await browserSession('lee', 'Lee12345');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/disable`,
      headers: bearer(adminToken),
    });
    expect((await refresh(disabled.cookie)).json().error.code).toBe('TOKEN_REVOKED');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/enable`,
      headers: bearer(adminToken),
    });

    const browser = await browserSession('lee', 'Lee12345');
    const apiToken = await loginAs(t.app, 'lee', 'Lee12345');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: bearer(apiToken),
      payload: { old_password: 'Lee12345', new_password: 'Lee54321x' },
    });
    expect(changed.statusCode).toBe(200);
    // An API client's change answers a 24-hour token and sets no cookie.
    expect(changed.json().data.expires_in).toBe(86400);
    expect(changed.headers['set-cookie']).toBeUndefined();
    expect((await refresh(browser.cookie)).json().error.code).toBe('TOKEN_REVOKED');
  });

  it('changing the password in the browser starts a new browser session with a new cookie', async () => {
    await createUserAs(t.app, adminToken, { username: 'ming', password: 'Ming1234' });
    const session = await browserSession('ming', 'Ming1234');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: bearer(session.token),
      payload: { old_password: 'Ming1234', new_password: 'Ming5678x' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.expires_in).toBe(900);
    const fresh = sessionCookieOf(changed);
    expect(fresh?.value).toBeTruthy();
    expect(fresh?.value).not.toBe(session.cookie);
    expect((await refresh(session.cookie)).json().error.code).toBe('TOKEN_REVOKED');
    expect((await refresh(fresh!.value)).statusCode).toBe(200);
  });

  it('leaves bearer clients as they were: no cookie, a 24-hour token, logout revokes only that token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'kim', password: 'Kim12345' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json().data.expires_in).toBe(86400);
    const token = res.json().data.access_token as string;
    const browser = await browserSession();
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toBeUndefined();
    expect((await me(token)).json().error.code).toBe('TOKEN_REVOKED');
    // The same user's browser session is another sign-in, and goes on.
    expect((await me(browser.token)).statusCode).toBe(200);
    expect((await refresh(browser.cookie)).statusCode).toBe(200);
    // A cookie is never a credential for the API itself.
    const withCookieOnly = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { ...SAME_ORIGIN, cookie: `${COOKIE}=${browser.cookie}` },
    });
    expect(withCookieOnly.statusCode).toBe(401);
  });

  it('documents the refresh route, its cookie and the browser_session field in the API reference', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: COOKIE,
    });
    const operation = doc.paths[PATH].post;
    expect(operation.security).toEqual([{ sessionCookie: [] }]);
    expect(operation.description).toMatch(/HttpOnly/);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401']));
    const login = doc.paths['/api/v1/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties.browser_session.type).toBe(
      'boolean',
    );
  });
});

describe('the session cookie outside development', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    const [sqlite] = testDatabaseFactories();
    database = await sqlite!.create();
    t = await buildTestApp(database, { ...FAST_HASHING, APP_ENV: 'staging', JWT_SECRET: 'x'.repeat(40) });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  it('is Secure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: SAME_ORIGIN,
      payload: { username: 'student', password: 'student123', browser_session: true },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });
});
