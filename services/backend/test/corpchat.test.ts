import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_STATE_LIFETIME_MS, OAuthStateSigner } from '../src/auth/corpchat/oauth-state.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import {
  AGENT_ID,
  closedPort,
  corpchatLogin,
  JWT_SECRET,
  OAUTH_BASE,
  providerEnv,
  sha1,
} from './support/corpchat.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { FakeCorpchat } from './support/fake-corpchat.js';

describe.each(testDatabaseFactories())('corporate chat login on $name', (factory) => {
  let database: TestDatabase;
  let fake: FakeCorpchat;
  let t: TestApp;
  const extraApps: FastifyInstance[] = [];

  /** Another backend on the same database and fake provider, with other settings. */
  async function otherApp(env: Record<string, string>): Promise<FastifyInstance> {
    const other = await buildTestApp(database, env);
    extraApps.push(other.app);
    return other.app;
  }

  async function accountsOf(userid: string) {
    return t.app.db.selectFrom('users').selectAll().where('corpchat_user_id', '=', userid).execute();
  }

  beforeAll(async () => {
    database = await factory.create();
    fake = await FakeCorpchat.start();
    t = await buildTestApp(database, providerEnv(fake));
  });

  afterEach(async () => {
    fake.heal();
    await Promise.all(extraApps.splice(0).map((app) => app.close()));
  });

  afterAll(async () => {
    await t?.app.close();
    await fake?.close();
    await database?.drop();
  });

  it('builds the authorization address with every parameter and a state the login accepts', async () => {
    const callback = 'https://app.example.edu/corpchat/callback?next=/courses&x=1';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(callback)}`,
    });
    expect(res.statusCode).toBe(200);
    const oauthUrl: string = res.json().data.oauth_url;
    expect(oauthUrl.startsWith(`${OAUTH_BASE}/connect/oauth2/authorize?appid=${fake.corpId}&`)).toBe(true);
    expect(oauthUrl).toContain(`&redirect_uri=${encodeURIComponent(callback)}&`);
    expect(oauthUrl.endsWith(`&agentid=${AGENT_ID}#wechat_redirect`)).toBe(true);
    const parsed = new URL(oauthUrl);
    expect([...parsed.searchParams.keys()]).toEqual([
      'appid',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'agentid',
    ]);
    expect(parsed.searchParams.get('redirect_uri')).toBe(callback);
    expect(parsed.searchParams.get('response_type')).toBe('code');
    expect(parsed.searchParams.get('scope')).toBe('snsapi_base');
    expect(parsed.hash).toBe('#wechat_redirect');
    const state = parsed.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9]{1,128}$/);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(callback)}`,
    });
    expect(new URL(again.json().data.oauth_url).searchParams.get('state')).not.toBe(state);

    fake.setMember({ userid: 'state.user', name: 'State User' });
    const login = await corpchatLogin(t.app, { code: fake.codeFor('state.user'), state });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a redirect_uri that is not an absolute http(s) URL', async () => {
    for (const bad of [
      '/relative/callback',
      'javascript:alert(1)',
      'ftp://files.example.edu/cb',
      'app.example.edu/cb',
      '',
      `https://app.example.edu/${'a'.repeat(3000)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/auth/corpchat/oauth-url' });
    expect(missing.statusCode).toBe(400);
  });

  it('creates a student account at the first login; its token works on /auth/me', async () => {
    fake.setMember({ userid: 'ZhangSan', name: '张三', email: 'zhangsan@corp.example' });
    const res = await corpchatLogin(t.app, { code: fake.codeFor('ZhangSan') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      token_type: 'Bearer',
      expires_in: 86400,
      role: 'student',
      name: '张三',
      corpchat_user_id: 'ZhangSan',
    });
    expect(data).not.toHaveProperty('username');
    expect(typeof data.access_token).toBe('string');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(data.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      id: data.user_id,
      username: 'cc_zhangsan',
      name: '张三',
      email: 'zhangsan@corp.example',
      role: 'student',
      permissions: ['course:read', 'ai:use', 'sim:use'],
      must_change_password: false,
    });
    expect(me.json().data.last_login).not.toBeNull();

    const [row, ...others] = await accountsOf('ZhangSan');
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ id: data.user_id, role: 'student', disabled: 0 });
    expect(Number(row!.must_change_password)).toBe(0);
    expect(row!.password_hash).toMatch(/^\$2[aby]\$/);
  });

  it('finds the same account at later logins and refreshes its name from the provider', async () => {
    fake.setMember({ userid: 'li.si', name: '李四', biz_mail: 'lisi@mail.corp.example' });
    const first = await corpchatLogin(t.app, { code: fake.codeFor('li.si') });
    expect(first.statusCode).toBe(200);

    fake.setMember({ userid: 'li.si', name: '李四（物理系）' });
    const second = await corpchatLogin(t.app, { code: fake.codeFor('li.si') });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user_id).toBe(first.json().data.user_id);
    expect(second.json().data.name).toBe('李四（物理系）');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(second.json().data.access_token),
    });
    expect(me.json().data).toMatchObject({
      username: 'cc_li.si',
      name: '李四（物理系）',
      email: 'lisi@mail.corp.example',
    });
    expect(await accountsOf('li.si')).toHaveLength(1);
  });

  it('gives an account a distinct username when the derived one is taken', async () => {
    const admin = await loginAs(t.app, 'admin');
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(admin),
      payload: { username: 'cc_taken', password: 'Passw0rd!x', name: 'Someone Else', role: 'teacher' },
    });
    expect(taken.statusCode).toBe(201);
    fake.setMember({ userid: 'Taken', name: 'Second Taken' });
    const res = await corpchatLogin(t.app, { code: fake.codeFor('Taken') });
    expect(res.statusCode).toBe(200);
    const [row] = await accountsOf('Taken');
    expect(row!.username).toMatch(/^cc_taken_[0-9a-f]{6}$/);
    expect(row!.role).toBe('student');
  });

  it('reuses the cached provider token across logins and refetches it once when it has expired', async () => {
    fake.setMember({ userid: 'cache.user', name: 'Cache User' });
    expect((await corpchatLogin(t.app, { code: fake.codeFor('cache.user') })).statusCode).toBe(200);
    const tokens = fake.calls.gettoken;
    for (let i = 0; i < 3; i++) {
      expect((await corpchatLogin(t.app, { code: fake.codeFor('cache.user') })).statusCode).toBe(200);
    }
    expect(fake.calls.gettoken).toBe(tokens);

    fake.expireTokens();
    const exchanges = fake.calls['auth/getuserinfo'];
    expect((await corpchatLogin(t.app, { code: fake.codeFor('cache.user') })).statusCode).toBe(200);
    expect(fake.calls.gettoken).toBe(tokens + 1);
    expect(fake.calls['auth/getuserinfo']).toBe(exchanges + 2);
    expect((await corpchatLogin(t.app, { code: fake.codeFor('cache.user') })).statusCode).toBe(200);
    expect(fake.calls.gettoken).toBe(tokens + 1);
  });

  it('signs a JS-SDK configuration for the page without its fragment, with a cached ticket', async () => {
    const page = 'https://app.example.edu/lab/maxwell?course=7&x=%E4%B8%AD';
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/corpchat/jsconfig',
      payload: { url: page },
    });
    expect(anonymous.statusCode).toBe(401);

    const token = await loginAs(t.app, 'student');
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/corpchat/jsconfig',
        headers: bearer(token),
        payload: { url: `${page}#/section/2` },
      });
    const tickets = fake.calls.get_jsapi_ticket;
    const res = await ask();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.appId).toBe(fake.corpId);
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(data.signature).toBe(
      sha1(
        `jsapi_ticket=${fake.lastTicket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${page}`,
      ),
    );

    const second = await ask();
    expect(second.statusCode).toBe(200);
    expect(second.json().data.nonceStr).not.toBe(data.nonceStr);
    expect(second.json().data.signature).toBe(
      sha1(
        `jsapi_ticket=${fake.lastTicket}&noncestr=${second.json().data.nonceStr}&timestamp=${second.json().data.timestamp}&url=${page}`,
      ),
    );
    expect(fake.calls.get_jsapi_ticket).toBe(tickets + 1);

    for (const url of ['/lab', 'not a url', 'file:///etc/passwd']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/corpchat/jsconfig',
        headers: bearer(token),
        payload: { url },
      });
      expect(bad.statusCode, url).toBe(400);
    }
  });

  it('answers 503 naming the missing settings when corporate chat is not configured', async () => {
    const app = await otherApp({ JWT_SECRET, BCRYPT_COST: '4', CORPCHAT_CORP_ID: 'wwsomething' });
    const oauth = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent('https://a.example/cb')}`,
    });
    expect(oauth.statusCode).toBe(503);
    const error = oauth.json().error;
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(error.message).toContain('CORPCHAT_AGENT_ID');
    expect(error.message).toContain('CORPCHAT_SECRET');
    expect(error.message).not.toContain('CORPCHAT_CORP_ID');

    const login = await corpchatLogin(app, { code: 'anything' });
    expect(login.statusCode).toBe(503);
    expect(login.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
    const jsconfig = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/corpchat/jsconfig',
      headers: bearer(await loginAs(app, 'student')),
      payload: { url: 'https://a.example/page' },
    });
    expect(jsconfig.statusCode).toBe(503);
    expect(jsconfig.json().error.message).toContain('CORPCHAT_SECRET');
  });

  it('refuses an unknown, reused or outsider code with 401 and creates no account', async () => {
    const unknown = await corpchatLogin(t.app, { code: 'no-such-code' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('UNAUTHORIZED');
    expect(unknown.json().error.message).toMatch(/invalid or expired/);

    fake.setMember({ userid: 'once.user', name: 'Once' });
    const code = fake.codeFor('once.user');
    expect((await corpchatLogin(t.app, { code })).statusCode).toBe(200);
    const reused = await corpchatLogin(t.app, { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('UNAUTHORIZED');

    const usersBefore = await t.app.db.selectFrom('users').select('id').execute();
    const outsider = await corpchatLogin(t.app, { code: fake.outsiderCode() });
    expect(outsider.statusCode).toBe(401);
    expect(outsider.json().error.code).toBe('UNAUTHORIZED');
    expect(outsider.json().error.message).toMatch(/members of the organisation/);
    expect(await t.app.db.selectFrom('users').select('id').execute()).toHaveLength(usersBefore.length);
  });

  it('refuses a forged, tampered or expired state with 400 without spending the code', async () => {
    fake.setMember({ userid: 'state.check', name: 'State Check' });
    const code = fake.codeFor('state.check');
    const valid = new OAuthStateSigner(JWT_SECRET).issue();
    const tampered = valid.slice(0, -1) + (valid.endsWith('0') ? '1' : '0');
    const expired = new OAuthStateSigner(JWT_SECRET).issue(Date.now() - OAUTH_STATE_LIFETIME_MS - 60_000);
    const foreign = new OAuthStateSigner('another-secret-another-secret-0123456789').issue();
    const exchanges = fake.calls['auth/getuserinfo'];
    for (const state of ['forged', tampered, expired, foreign]) {
      const res = await corpchatLogin(t.app, { code, state });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const stale = await corpchatLogin(t.app, { code, state: expired });
    expect(stale.json().error.message).toMatch(/expired/);
    expect(fake.calls['auth/getuserinfo']).toBe(exchanges);
    expect((await corpchatLogin(t.app, { code, state: valid })).statusCode).toBe(200);
  });

  it('refuses a disabled account', async () => {
    fake.setMember({ userid: 'disabled.user', name: 'Soon Disabled' });
    const first = await corpchatLogin(t.app, { code: fake.codeFor('disabled.user') });
    expect(first.statusCode).toBe(200);
    const admin = await loginAs(t.app, 'admin');
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${first.json().data.user_id}/disable`,
      headers: bearer(admin),
    });
    expect(disable.statusCode).toBe(200);
    const again = await corpchatLogin(t.app, { code: fake.codeFor('disabled.user') });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(again.json()).not.toHaveProperty('data');
  });

  it('signs in without the profile when the provider refuses the member lookup', async () => {
    fake.fail('user/get', { errcode: 60011, errmsg: 'no privilege to access/modify contact/party/agent' });
    const res = await corpchatLogin(t.app, { code: fake.codeFor('Hidden.Member') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Hidden.Member', corpchat_user_id: 'Hidden.Member' });
    const [row] = await accountsOf('Hidden.Member');
    expect(row).toMatchObject({ username: 'cc_hidden.member', email: '' });
  });

  it('answers 504 when the provider does not answer in time', async () => {
    const app = await otherApp(providerEnv(fake, { CORPCHAT_TIMEOUT_SEC: '0.3' }));
    fake.setMember({ userid: 'slow.user' });
    fake.fail('auth/getuserinfo', 'hang');
    const started = Date.now();
    const res = await corpchatLogin(app, { code: fake.codeFor('slow.user') });
    expect(res.statusCode).toBe(504);
    expect(res.json().error.code).toBe('UPSTREAM_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 503 when the provider is down or failing and 502 when it answers nonsense', async () => {
    const down = await otherApp(
      providerEnv(fake, { CORPCHAT_API_BASE_URL: `http://127.0.0.1:${await closedPort()}` }),
    );
    const refused = await corpchatLogin(down, { code: 'some-code' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(refused.body).not.toContain(fake.secret);

    fake.setMember({ userid: 'flaky.user' });
    fake.fail('auth/getuserinfo', 'http500');
    const failing = await corpchatLogin(t.app, { code: fake.codeFor('flaky.user') });
    expect(failing.statusCode).toBe(503);
    expect(failing.json().error.code).toBe('UPSTREAM_UNAVAILABLE');

    fake.fail('auth/getuserinfo', 'not-json');
    const html = await corpchatLogin(t.app, { code: fake.codeFor('flaky.user') });
    expect(html.statusCode).toBe(502);
    expect(html.json().error.code).toBe('UPSTREAM_BAD_RESPONSE');

    fake.fail('auth/getuserinfo', { errcode: 50001, errmsg: 'redirect_url not trusted' });
    const refusedByProvider = await corpchatLogin(t.app, { code: fake.codeFor('flaky.user') });
    expect(refusedByProvider.statusCode).toBe(502);
    expect(refusedByProvider.json().error).toMatchObject({
      code: 'UPSTREAM_BAD_RESPONSE',
      details: 'redirect_url not trusted',
    });

    fake.heal();
    const wrongSecret = await otherApp(providerEnv(fake, { CORPCHAT_SECRET: 'not-the-secret' }));
    const credentials = await corpchatLogin(wrongSecret, { code: fake.codeFor('flaky.user') });
    expect(credentials.statusCode).toBe(502);
    expect(credentials.json().error.message).toContain('CORPCHAT_SECRET');
    expect(credentials.json().error.details).toBe('invalid credential');
  });

  it('creates one account when first logins of one member race each other', async () => {
    fake.setMember({ userid: 'WangWu', name: '王五' });
    const codes = Array.from({ length: 6 }, () => fake.codeFor('WangWu'));
    const answers = await Promise.all(codes.map((code) => corpchatLogin(t.app, { code })));
    expect(answers.map((a) => a.statusCode)).toEqual(codes.map(() => 200));
    const ids = new Set(answers.map((a) => a.json().data.user_id));
    expect(ids.size).toBe(1);
    const rows = await accountsOf('WangWu');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe('cc_wangwu');
  });

  it('refuses hostile input with 400 and never answers 500', async () => {
    const exchanges = fake.calls['auth/getuserinfo'];
    for (const payload of [
      {},
      { code: '' },
      { code: 12345 },
      { code: null },
      { code: ['a', 'b'] },
      { code: 'x'.repeat(10_000) },
      { code: "' OR 1=1 --" },
      { code: 'valid-looking', state: 's'.repeat(1000) },
      { state: 'only-a-state' },
    ]) {
      const res = await corpchatLogin(t.app, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/corpchat',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(fake.calls['auth/getuserinfo']).toBe(exchanges);

    // Passes our shape check, so the provider judges it: an unknown code, not an error of ours.
    const sqlish = await corpchatLogin(t.app, { code: "'OR'1'='1';DROP/**/TABLE/**/users;--" });
    expect(sqlish.statusCode).toBe(401);
    expect(await t.app.db.selectFrom('users').select('id').execute()).not.toHaveLength(0);
  });

  it('rate limits corporate chat logins per IP', async () => {
    const app = await otherApp(providerEnv(fake, { LOGIN_RATE_LIMIT_PER_MINUTE: '2' }));
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await corpchatLogin(app, { code: 'unknown-code' })).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    const limited = await corpchatLogin(app, { code: 'unknown-code' });
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});
