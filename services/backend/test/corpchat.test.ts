import { describe, expect, it, vi } from 'vitest';
import { bearer, loginAs } from './support/auth.js';
import { AGENT_ID, corpchatLogin, corpchatSuite, OAUTH_BASE, sha1 } from './support/corpchat.js';
import { testDatabaseFactories } from './support/databases.js';

describe.each(testDatabaseFactories())('corporate chat login on $name', (factory) => {
  const suite = corpchatSuite(factory);

  it('builds the authorization address with every parameter and a state the login accepts', async () => {
    const callback = 'https://app.example.edu/corpchat/callback?next=/courses&x=1';
    const res = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(callback)}`,
    });
    expect(res.statusCode).toBe(200);
    const oauthUrl: string = res.json().data.oauth_url;
    expect(oauthUrl.startsWith(`${OAUTH_BASE}/connect/oauth2/authorize?appid=${suite.fake.corpId}&`)).toBe(
      true,
    );
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

    const again = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(callback)}`,
    });
    expect(new URL(again.json().data.oauth_url).searchParams.get('state')).not.toBe(state);

    suite.fake.setMember({ userid: 'state.user', name: 'State User' });
    const login = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('state.user'), state });
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
      const res = await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/corpchat/oauth-url?redirect_uri=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const missing = await suite.t.app.inject({ method: 'GET', url: '/api/v1/auth/corpchat/oauth-url' });
    expect(missing.statusCode).toBe(400);
  });

  it('creates a student account at the first login; its token works on /auth/me', async () => {
    suite.fake.setMember({ userid: 'ZhangSan', name: '张三', email: 'zhangsan@corp.example' });
    const res = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('ZhangSan') });
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

    const me = await suite.t.app.inject({
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

    const [row, ...others] = await suite.accountsOf('ZhangSan');
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ id: data.user_id, role: 'student', disabled: 0 });
    expect(Number(row!.must_change_password)).toBe(0);
    expect(row!.password_hash).toMatch(/^\$2[aby]\$/);
  });

  it('finds the same account at later logins and refreshes its name from the provider', async () => {
    suite.fake.setMember({ userid: 'li.si', name: '李四', biz_mail: 'lisi@mail.corp.example' });
    const first = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('li.si') });
    expect(first.statusCode).toBe(200);

    suite.fake.setMember({ userid: 'li.si', name: '李四（物理系）' });
    const second = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('li.si') });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user_id).toBe(first.json().data.user_id);
    expect(second.json().data.name).toBe('李四（物理系）');

    const me = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(second.json().data.access_token),
    });
    expect(me.json().data).toMatchObject({
      username: 'cc_li.si',
      name: '李四（物理系）',
      email: 'lisi@mail.corp.example',
    });
    expect(await suite.accountsOf('li.si')).toHaveLength(1);
  });

  it('gives an account a distinct username when the derived one is taken', async () => {
    const admin = await loginAs(suite.t.app, 'admin');
    const taken = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(admin),
      payload: { username: 'cc_taken', password: 'Passw0rd!x', name: 'Someone Else', role: 'teacher' },
    });
    expect(taken.statusCode).toBe(201);
    suite.fake.setMember({ userid: 'Taken', name: 'Second Taken' });
    const res = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('Taken') });
    expect(res.statusCode).toBe(200);
    const [row] = await suite.accountsOf('Taken');
    expect(row!.username).toMatch(/^cc_taken_[0-9a-f]{6}$/);
    expect(row!.role).toBe('student');
  });

  it('reuses the cached provider token across logins and refetches it once when it has expired', async () => {
    suite.fake.setMember({ userid: 'cache.user', name: 'Cache User' });
    expect((await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('cache.user') })).statusCode).toBe(
      200,
    );
    const tokens = suite.fake.calls.gettoken;
    for (let i = 0; i < 3; i++) {
      expect((await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('cache.user') })).statusCode).toBe(
        200,
      );
    }
    expect(suite.fake.calls.gettoken).toBe(tokens);

    suite.fake.expireTokens();
    const exchanges = suite.fake.calls['auth/getuserinfo'];
    expect((await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('cache.user') })).statusCode).toBe(
      200,
    );
    expect(suite.fake.calls.gettoken).toBe(tokens + 1);
    expect(suite.fake.calls['auth/getuserinfo']).toBe(exchanges + 2);
    expect((await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('cache.user') })).statusCode).toBe(
      200,
    );
    expect(suite.fake.calls.gettoken).toBe(tokens + 1);
  });

  it('signs a JS-SDK configuration for the page without its fragment, with a cached ticket', async () => {
    const page = 'https://app.example.edu/lab/maxwell?course=7&x=%E4%B8%AD';
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/corpchat/jsconfig',
      payload: { url: page },
    });
    expect(anonymous.statusCode).toBe(401);

    const token = await loginAs(suite.t.app, 'student');
    const ask = () =>
      suite.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/corpchat/jsconfig',
        headers: bearer(token),
        payload: { url: `${page}#/section/2` },
      });
    const tickets = suite.fake.calls.get_jsapi_ticket;
    // Only Date stands still (timers and sockets run as usual): the timestamp is the signing's moment.
    vi.useFakeTimers({ toFake: ['Date'] });
    const signedAt = Date.now();
    const res = await ask().finally(() => vi.useRealTimers());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.appId).toBe(suite.fake.corpId);
    expect(data.timestamp).toBe(Math.floor(signedAt / 1000));
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(data.signature).toBe(
      sha1(
        `jsapi_ticket=${suite.fake.lastTicket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${page}`,
      ),
    );

    const second = await ask();
    expect(second.statusCode).toBe(200);
    expect(second.json().data.nonceStr).not.toBe(data.nonceStr);
    expect(second.json().data.signature).toBe(
      sha1(
        `jsapi_ticket=${suite.fake.lastTicket}&noncestr=${second.json().data.nonceStr}&timestamp=${second.json().data.timestamp}&url=${page}`,
      ),
    );
    expect(suite.fake.calls.get_jsapi_ticket).toBe(tickets + 1);

    for (const url of ['/lab', 'not a url', 'file:///etc/passwd']) {
      const bad = await suite.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/corpchat/jsconfig',
        headers: bearer(token),
        payload: { url },
      });
      expect(bad.statusCode, url).toBe(400);
    }
  });
});
