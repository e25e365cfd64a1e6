import { describe, expect, it } from 'vitest';
import { OAUTH_STATE_LIFETIME_MS, OAuthStateSigner } from '../src/auth/corpchat/oauth-state.js';
import { bearer, loginAs } from './support/auth.js';
import { closedPort, corpchatLogin, corpchatSuite, JWT_SECRET, providerEnv } from './support/corpchat.js';
import { testDatabaseFactories } from './support/databases.js';

describe.each(testDatabaseFactories())('corporate chat failures on $name', (factory) => {
  const suite = corpchatSuite(factory);

  it('answers 503 naming the missing settings when corporate chat is not configured', async () => {
    const app = await suite.otherApp({ JWT_SECRET, BCRYPT_COST: '4', CORPCHAT_CORP_ID: 'wwsomething' });
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
    const unknown = await corpchatLogin(suite.t.app, { code: 'no-such-code' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('UNAUTHORIZED');
    expect(unknown.json().error.message).toMatch(/invalid or expired/);

    suite.fake.setMember({ userid: 'once.user', name: 'Once' });
    const code = suite.fake.codeFor('once.user');
    expect((await corpchatLogin(suite.t.app, { code })).statusCode).toBe(200);
    const reused = await corpchatLogin(suite.t.app, { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('UNAUTHORIZED');

    const usersBefore = await suite.t.app.db.selectFrom('users').select('id').execute();
    const outsider = await corpchatLogin(suite.t.app, { code: suite.fake.outsiderCode() });
    expect(outsider.statusCode).toBe(401);
    expect(outsider.json().error.code).toBe('UNAUTHORIZED');
    expect(outsider.json().error.message).toMatch(/members of the organisation/);
    expect(await suite.t.app.db.selectFrom('users').select('id').execute()).toHaveLength(usersBefore.length);
  });

  it('refuses a forged, tampered or expired state with 400 without spending the code', async () => {
    suite.fake.setMember({ userid: 'state.check', name: 'State Check' });
    const code = suite.fake.codeFor('state.check');
    const valid = new OAuthStateSigner(JWT_SECRET).issue();
    const tampered = valid.slice(0, -1) + (valid.endsWith('0') ? '1' : '0');
    const expired = new OAuthStateSigner(JWT_SECRET).issue(Date.now() - OAUTH_STATE_LIFETIME_MS - 60_000);
    const foreign = new OAuthStateSigner('another-secret-another-secret-0123456789').issue();
    const exchanges = suite.fake.calls['auth/getuserinfo'];
    for (const state of ['forged', tampered, expired, foreign]) {
      const res = await corpchatLogin(suite.t.app, { code, state });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const stale = await corpchatLogin(suite.t.app, { code, state: expired });
    expect(stale.json().error.message).toMatch(/expired/);
    expect(suite.fake.calls['auth/getuserinfo']).toBe(exchanges);
    expect((await corpchatLogin(suite.t.app, { code, state: valid })).statusCode).toBe(200);
  });

  it('refuses a disabled account', async () => {
    suite.fake.setMember({ userid: 'disabled.user', name: 'Soon Disabled' });
    const first = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('disabled.user') });
    expect(first.statusCode).toBe(200);
    const admin = await loginAs(suite.t.app, 'admin');
    const disable = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${first.json().data.user_id}/disable`,
      headers: bearer(admin),
    });
    expect(disable.statusCode).toBe(200);
    const again = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('disabled.user') });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(again.json()).not.toHaveProperty('data');
  });

  it('signs in without the profile when the provider refuses the member lookup', async () => {
    suite.fake.fail('user/get', {
      errcode: 60011,
      errmsg: 'no privilege to access/modify contact/party/agent',
    });
    const res = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('Hidden.Member') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Hidden.Member', corpchat_user_id: 'Hidden.Member' });
    const [row] = await suite.accountsOf('Hidden.Member');
    expect(row).toMatchObject({ username: 'cc_hidden.member', email: '' });
  });

  it('answers 504 when the provider does not answer in time', async () => {
    const app = await suite.otherApp(providerEnv(suite.fake, { CORPCHAT_TIMEOUT_SEC: '0.3' }));
    suite.fake.setMember({ userid: 'slow.user' });
    // The fake never answers a hanging call: only the backend's CORPCHAT_TIMEOUT_SEC ends the wait.
    suite.fake.fail('auth/getuserinfo', 'hang');
    const res = await corpchatLogin(app, { code: suite.fake.codeFor('slow.user') });
    expect(res.statusCode).toBe(504);
    expect(res.json().error.code).toBe('UPSTREAM_TIMEOUT');
  });

  it('answers 503 when the provider is down or failing and 502 when it answers nonsense', async () => {
    const down = await suite.otherApp(
      providerEnv(suite.fake, { CORPCHAT_API_BASE_URL: `http://127.0.0.1:${await closedPort()}` }),
    );
    const refused = await corpchatLogin(down, { code: 'some-code' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(refused.body).not.toContain(suite.fake.secret);

    suite.fake.setMember({ userid: 'flaky.user' });
    suite.fake.fail('auth/getuserinfo', 'http500');
    const failing = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('flaky.user') });
    expect(failing.statusCode).toBe(503);
    expect(failing.json().error.code).toBe('UPSTREAM_UNAVAILABLE');

    suite.fake.fail('auth/getuserinfo', 'not-json');
    const html = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('flaky.user') });
    expect(html.statusCode).toBe(502);
    expect(html.json().error.code).toBe('UPSTREAM_BAD_RESPONSE');

    suite.fake.fail('auth/getuserinfo', { errcode: 50001, errmsg: 'redirect_url not trusted' });
    const refusedByProvider = await corpchatLogin(suite.t.app, { code: suite.fake.codeFor('flaky.user') });
    expect(refusedByProvider.statusCode).toBe(502);
    expect(refusedByProvider.json().error).toMatchObject({
      code: 'UPSTREAM_BAD_RESPONSE',
      details: 'redirect_url not trusted',
    });

    suite.fake.heal();
    const wrongSecret = await suite.otherApp(providerEnv(suite.fake, { CORPCHAT_SECRET: 'not-the-secret' }));
    const credentials = await corpchatLogin(wrongSecret, { code: suite.fake.codeFor('flaky.user') });
    expect(credentials.statusCode).toBe(502);
    expect(credentials.json().error.message).toContain('CORPCHAT_SECRET');
    expect(credentials.json().error.details).toBe('invalid credential');
  });

  it('creates one account when first logins of one member race each other', async () => {
    suite.fake.setMember({ userid: 'WangWu', name: '王五' });
    const codes = Array.from({ length: 6 }, () => suite.fake.codeFor('WangWu'));
    const answers = await Promise.all(codes.map((code) => corpchatLogin(suite.t.app, { code })));
    expect(answers.map((a) => a.statusCode)).toEqual(codes.map(() => 200));
    const ids = new Set(answers.map((a) => a.json().data.user_id));
    expect(ids.size).toBe(1);
    const rows = await suite.accountsOf('WangWu');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe('cc_wangwu');
  });

  it('refuses hostile input with 400 and never answers 500', async () => {
    const exchanges = suite.fake.calls['auth/getuserinfo'];
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
      const res = await corpchatLogin(suite.t.app, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const notJson = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/corpchat',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(suite.fake.calls['auth/getuserinfo']).toBe(exchanges);

    // Passes our shape check, so the provider judges it: an unknown code, not an error of ours.
    const sqlish = await corpchatLogin(suite.t.app, { code: "'OR'1'='1';DROP/**/TABLE/**/users;--" });
    expect(sqlish.statusCode).toBe(401);
    expect(await suite.t.app.db.selectFrom('users').select('id').execute()).not.toHaveLength(0);
  });

  it('rate limits corporate chat logins per IP', async () => {
    const app = await suite.otherApp(providerEnv(suite.fake, { LOGIN_RATE_LIMIT_PER_MINUTE: '2' }));
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await corpchatLogin(app, { code: 'unknown-code' })).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    const limited = await corpchatLogin(app, { code: 'unknown-code' });
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});
