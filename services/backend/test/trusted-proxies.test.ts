import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

/**
 * The client address behind reverse proxies, over real sockets: the test is the proxy (its
 * socket is 127.0.0.1) and writes the X-Forwarded-For a proxy chain would send on, with the
 * client-written entries an attacker puts in front.
 */

const ATTACKER = '198.51.100.9';
const VICTIM = '203.0.113.7';

interface Served {
  t: TestApp;
  url: string;
  adminToken: string;
}

async function serve(database: TestDatabase, env: Record<string, string>): Promise<Served> {
  const t = await buildTestApp(database, { BCRYPT_COST: '4', ...env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}`, adminToken: await loginAs(t.app, 'admin') };
}

async function login(s: Served, username: string, password: string, forwardedFor?: string) {
  const response = await fetch(`${s.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { success: boolean; error?: { code: string } };
  return { status: response.status, code: body.error?.code ?? 'OK' };
}

let users = 0;
async function freshUser(s: Served): Promise<string> {
  users += 1;
  const username = `proxied${users}`;
  await createUserAs(s.t.app, s.adminToken, { username, password: 'Right1234' });
  return username;
}

describe.each(testDatabaseFactories())('login locks behind proxies on $name', (factory) => {
  let database: TestDatabase;
  const servers: Served[] = [];

  beforeAll(async () => {
    database = await factory.create();
  });

  afterAll(async () => {
    for (const s of servers) await s.t.app.close();
    await database?.drop();
  });

  async function started(env: Record<string, string>): Promise<Served> {
    const s = await serve(database, { LOGIN_RATE_LIMIT_PER_MINUTE: '10000', ...env });
    servers.push(s);
    return s;
  }

  it('TRUST_PROXY=true: a spoofed left end locks the attacker, not the victim it names', async () => {
    const s = await started({ TRUST_PROXY: 'true' });
    const username = await freshUser(s);
    // The attacker writes the victim's address; the one proxy appends the attacker's real one.
    for (let i = 0; i < 5; i++) {
      expect((await login(s, username, 'Wrong1234', `${VICTIM}, ${ATTACKER}`)).code).toBe(
        'INVALID_CREDENTIALS',
      );
    }
    expect(await login(s, username, 'Right1234', `${VICTIM}, ${ATTACKER}`)).toEqual({
      status: 429,
      code: 'ACCOUNT_LOCKED',
    });
    expect(await login(s, username, 'Right1234', `10.9.9.9, ${ATTACKER}`)).toEqual({
      status: 429,
      code: 'ACCOUNT_LOCKED',
    });
    // The victim, through the same proxy, is not locked out.
    expect(await login(s, username, 'Right1234', VICTIM)).toEqual({ status: 200, code: 'OK' });
  });

  it('a list of proxies: the client is the nearest address that is not one of them', async () => {
    const s = await started({ TRUST_PROXY: '127.0.0.1, 10.20.0.0/16' });
    const username = await freshUser(s);
    // Two trusted hops (the socket and 10.20.3.4) in front of the attacker; spoofed entries before it.
    for (let i = 0; i < 5; i++) {
      await login(s, username, 'Wrong1234', `${VICTIM}, 10.20.0.1, ${ATTACKER}, 10.20.3.4`);
    }
    expect((await login(s, username, 'Right1234', `${ATTACKER}, 10.20.3.4`)).code).toBe('ACCOUNT_LOCKED');
    expect(await login(s, username, 'Right1234', `${VICTIM}, 10.20.3.4`)).toEqual({
      status: 200,
      code: 'OK',
    });
  });

  it('a hop count: that many proxies are believed, and no more', async () => {
    const s = await started({ TRUST_PROXY: '2' });
    const username = await freshUser(s);
    for (let i = 0; i < 5; i++) await login(s, username, 'Wrong1234', `${VICTIM}, ${ATTACKER}, 10.0.0.2`);
    expect((await login(s, username, 'Right1234', `${ATTACKER}, 10.0.0.2`)).code).toBe('ACCOUNT_LOCKED');
    expect((await login(s, username, 'Right1234', `${VICTIM}, 10.0.0.2`)).code).toBe('OK');
  });

  it('TRUST_PROXY unset: the header is ignored and the socket peer is the client', async () => {
    const s = await started({});
    const username = await freshUser(s);
    for (let i = 0; i < 5; i++) await login(s, username, 'Wrong1234', ATTACKER);
    // Every request came from 127.0.0.1, whatever the header said.
    expect((await login(s, username, 'Right1234', VICTIM)).code).toBe('ACCOUNT_LOCKED');
  });
});

describe('rate limits behind a proxy', () => {
  let database: TestDatabase;
  let s: Served;

  beforeAll(async () => {
    database = await testDatabaseFactories()[0]!.create();
    s = await serve(database, { TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '5' });
  });

  afterAll(async () => {
    await s?.t.app.close();
    await database?.drop();
  });

  it('rotating the spoofed left end does not escape the limit, and other clients keep theirs', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await login(s, 'nobody', 'Wrong1234', `192.0.2.${i + 1}, ${ATTACKER}`)).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // The victim behind the same proxy still has its own allowance.
    expect((await login(s, 'nobody', 'Wrong1234', `${ATTACKER}, ${VICTIM}`)).code).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});
