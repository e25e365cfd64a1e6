import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const CALLBACK = 'https://app.example/login/callback?from=corpchat';

describe.each(testDatabaseFactories())('corporate chat development provider on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await factory.create();
    // The web app's address is the backend's public one: the provider sends codes only there.
    t = await buildTestApp(database, { BCRYPT_COST: '4', PUBLIC_URL: 'https://app.example' });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  async function authorize(): Promise<URL> {
    const res = await get(`/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(CALLBACK)}`);
    expect(res.statusCode).toBe(200);
    return new URL(res.json().data.oauth_url);
  }

  it('signs a made-up member in through the whole OAuth flow, creating a student account', async () => {
    const url = await authorize();
    expect(url.pathname).toBe('/api/v1/auth/corpchat/dev/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'snsapi_base',
      state: expect.stringMatching(/^[0-9a-f]{96}$/),
    });
    const page = await get(`${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('张伟');
    expect(page.body).toContain('never used in production');

    const state = url.searchParams.get('state')!;
    const approve = new URLSearchParams({ redirect_uri: CALLBACK, state, userid: 'zhangwei', name: '张伟' });
    const back = await get(`/api/v1/auth/corpchat/dev/approve?${approve}`);
    expect(back.statusCode).toBe(302);
    const location = new URL(back.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example/login/callback');
    expect(location.searchParams.get('from')).toBe('corpchat');
    expect(location.searchParams.get('state')).toBe(state);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/corpchat',
      payload: { code: location.searchParams.get('code'), state },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data).toMatchObject({ name: '张伟', corpchat_user_id: 'zhangwei', role: 'student' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(login.json().data.access_token),
    });
    expect(me.json().data).toMatchObject({ username: 'cc_zhangwei', name: '张伟', role: 'student' });
  });

  it('refuses codes it did not issue and states it did not sign', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/corpchat',
      payload: {
        code: `dev.${Buffer.from('{"userid":"admin","exp":9e15}').toString('base64url')}.${'0'.repeat(64)}`,
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('UNAUTHORIZED');
    const badState = new URLSearchParams({ redirect_uri: CALLBACK, state: 'f'.repeat(96), userid: 'x' });
    const res = await get(`/api/v1/auth/corpchat/dev/approve?${badState}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: 'state' });
    const state = (await authorize()).searchParams.get('state')!;
    const badUser = new URLSearchParams({ redirect_uri: CALLBACK, state, userid: 'no spaces <b>' });
    const refused = await get(`/api/v1/auth/corpchat/dev/approve?${badUser}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toMatch(/userid/);
  });

  it('sends a code only back to this platform or the user own machine, never to another site', async () => {
    const state = (await authorize()).searchParams.get('state')!;
    for (const path of ['authorize', 'approve']) {
      const elsewhere = new URLSearchParams({
        redirect_uri: 'https://evil.example/grab',
        state,
        userid: 'x',
      });
      const res = await get(`/api/v1/auth/corpchat/dev/${path}?${elsewhere}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: "redirect_uri: https://evil.example is not this backend's origin nor a loopback address",
      });
    }
    const devServer = new URLSearchParams({
      redirect_uri: 'http://localhost:5173/login',
      state,
      userid: 'x',
    });
    const back = await get(`/api/v1/auth/corpchat/dev/approve?${devServer}`);
    expect(back.statusCode).toBe(302);
    expect(new URL(back.headers.location as string).origin).toBe('http://localhost:5173');
  });
});

describe('corporate chat not configured in production', () => {
  it('answers 503 naming every missing setting and serves no development provider', async () => {
    const database = await testDatabaseFactories()[0]!.create();
    const t = await buildTestApp(database, {
      APP_ENV: 'prod',
      JWT_SECRET: 'p'.repeat(40),
      BCRYPT_COST: '4',
      AI_GATEWAY_SHARED_TOKEN: 'g'.repeat(32),
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(CALLBACK)}`,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toMatch(/CORPCHAT_CORP_ID, CORPCHAT_AGENT_ID, CORPCHAT_SECRET/);
      const page = await t.app.inject({ method: 'GET', url: '/api/v1/auth/corpchat/dev/authorize' });
      expect(page.statusCode).toBe(404);
    } finally {
      await t.app.close();
      await database.drop();
    }
  });
});
