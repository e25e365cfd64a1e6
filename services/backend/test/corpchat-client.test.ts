import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CorpchatClient } from '../src/auth/corpchat/corpchat.client.js';
import { jsApiSignature } from '../src/auth/corpchat/js-signature.js';
import { OAUTH_STATE_LIFETIME_MS, OAuthStateSigner } from '../src/auth/corpchat/oauth-state.js';
import { clientConfig, closedPort, JWT_SECRET, sha1 } from './support/corpchat.js';
import { FakeCorpchat } from './support/fake-corpchat.js';

describe('JS-SDK signature', () => {
  it('reproduces the published example', () => {
    expect(
      jsApiSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its #fragment', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1 };
    const signed = jsApiSignature({ ...base, url: 'https://a.example/p?q=1#part/two' });
    expect(signed).toBe(sha1('jsapi_ticket=t&noncestr=n&timestamp=1&url=https://a.example/p?q=1'));
    expect(signed).toBe(jsApiSignature({ ...base, url: 'https://a.example/p?q=1' }));
  });
});

describe('OAuth state', () => {
  const signer = new OAuthStateSigner(JWT_SECRET);

  it('is letters and digits only, at most 128 characters, and verifies for 10 minutes', () => {
    const now = Date.now();
    const state = signer.issue(now);
    expect(state).toMatch(/^[A-Za-z0-9]{1,128}$/);
    expect(signer.issue(now)).not.toBe(state);
    expect(signer.check(state, now)).toBe('valid');
    expect(signer.check(state, now + OAUTH_STATE_LIFETIME_MS - 1000)).toBe('valid');
    expect(signer.check(state, now + OAUTH_STATE_LIFETIME_MS + 1000)).toBe('expired');
  });

  it('refuses tampered, foreign and malformed states', () => {
    const state = signer.issue();
    const flipped = (i: number) => state.slice(0, i) + (state[i] === '0' ? '1' : '0') + state.slice(i + 1);
    expect(signer.check(flipped(0))).toBe('invalid'); // nonce
    expect(signer.check(flipped(30))).toBe('invalid'); // expiry
    expect(signer.check(flipped(95))).toBe('invalid'); // mac
    expect(signer.check(new OAuthStateSigner(`${JWT_SECRET}-other`).issue())).toBe('invalid');
    for (const bad of ['', 'abc', state.toUpperCase(), `${state}0`, state.slice(1), `${'z'.repeat(96)}`]) {
      expect(signer.check(bad)).toBe('invalid');
    }
  });
});

describe('corporate chat client', () => {
  let fake: FakeCorpchat;

  beforeAll(async () => {
    fake = await FakeCorpchat.start();
    fake.setMember({ userid: 'client.probe', name: 'Probe' });
  });

  afterEach(() => {
    fake.heal();
    fake.tokenExpiresIn = 7200;
  });

  afterAll(async () => {
    await fake?.close();
  });

  it('fetches the access token once and reuses it, also for concurrent callers', async () => {
    const client = new CorpchatClient(clientConfig(fake));
    const before = fake.calls.gettoken;
    await Promise.all([1, 2, 3].map(() => client.identify(fake.codeFor('client.probe'))));
    await client.identify(fake.codeFor('client.probe'));
    await client.profile('client.probe');
    expect(fake.calls.gettoken - before).toBe(1);
  });

  it('refetches the token shortly before it expires, not earlier', async () => {
    let now = 1_700_000_000_000;
    const client = new CorpchatClient(clientConfig(fake), () => now);
    const before = fake.calls.gettoken;
    await client.profile('client.probe');
    now += (7200 - 6 * 60) * 1000; // 6 minutes left: still used
    await client.profile('client.probe');
    expect(fake.calls.gettoken - before).toBe(1);
    now += 2 * 60 * 1000; // 4 minutes left: replaced
    await client.profile('client.probe');
    expect(fake.calls.gettoken - before).toBe(2);
  });

  it('refetches the token once on an expired-token answer, and gives up after a second one', async () => {
    const client = new CorpchatClient(clientConfig(fake));
    await client.profile('client.probe');
    fake.expireTokens();
    const tokens = fake.calls.gettoken;
    const lookups = fake.calls['user/get'];
    await expect(client.profile('client.probe')).resolves.toMatchObject({ name: 'Probe' });
    expect(fake.calls.gettoken - tokens).toBe(1);
    expect(fake.calls['user/get'] - lookups).toBe(2);

    fake.fail('user/get', { errcode: 42001, errmsg: 'access_token expired' });
    await expect(client.profile('client.probe')).rejects.toMatchObject({
      code: 'UPSTREAM_BAD_RESPONSE',
      errcode: 42001,
    });
    expect(fake.calls.gettoken - tokens).toBe(2);
    expect(fake.calls['user/get'] - lookups).toBe(4);
  });

  it('caches the JS-SDK ticket', async () => {
    const client = new CorpchatClient(clientConfig(fake));
    const before = fake.calls.get_jsapi_ticket;
    const first = await client.jsapiTicket();
    expect(first).toBe(fake.lastTicket);
    await expect(client.jsapiTicket()).resolves.toBe(first);
    expect(fake.calls.get_jsapi_ticket - before).toBe(1);
  });

  it('turns transport failures into UPSTREAM errors', async () => {
    const client = new CorpchatClient(clientConfig(fake, 300));
    await client.profile('client.probe'); // token cached; the failures below hit user/get itself
    // The fake never answers a hanging call: only the client's own time limit ends the wait.
    fake.fail('user/get', 'hang', 1);
    await expect(client.profile('client.probe')).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      status: 504,
    });
    fake.fail('user/get', 'http500', 1);
    await expect(client.profile('client.probe')).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      status: 503,
    });
    fake.fail('user/get', 'not-json', 1);
    await expect(client.profile('client.probe')).rejects.toMatchObject({
      code: 'UPSTREAM_BAD_RESPONSE',
      status: 502,
    });
    const down = new CorpchatClient({
      ...clientConfig(fake),
      apiBaseUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    await expect(down.jsapiTicket()).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
  });

  it('says which settings to check when the provider refuses the app credentials', async () => {
    const client = new CorpchatClient({ ...clientConfig(fake), secret: 'wrong' });
    const error = await client.jsapiTicket().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', details: 'invalid credential' });
    expect((error as Error).message).toContain('CORPCHAT_SECRET');
  });
});
