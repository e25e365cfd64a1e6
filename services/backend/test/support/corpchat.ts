import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ReadyCorpchatConfig } from '../../src/auth/corpchat/corpchat.settings.js';
import type { UserRow } from '../../src/users/users.repository.js';
import { buildTestApp, type TestApp } from './app.js';
import type { TestDatabase, TestDatabaseFactory } from './databases.js';
import { FakeCorpchat } from './fake-corpchat.js';

export const JWT_SECRET = 'corpchat-tests-jwt-secret-0123456789abcdef';
export const AGENT_ID = '1000002';
export const OAUTH_BASE = 'https://sso.example.test';

export function providerEnv(fake: FakeCorpchat, extra: Record<string, string> = {}): Record<string, string> {
  return {
    JWT_SECRET,
    BCRYPT_COST: '4',
    CORPCHAT_CORP_ID: fake.corpId,
    CORPCHAT_AGENT_ID: AGENT_ID,
    CORPCHAT_SECRET: fake.secret,
    CORPCHAT_API_BASE_URL: fake.url,
    CORPCHAT_OAUTH_BASE_URL: OAUTH_BASE,
    CORPCHAT_TIMEOUT_SEC: '5',
    // Many logins from one test IP; the limit itself is tested with its own app.
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    ...extra,
  };
}

export function clientConfig(fake: FakeCorpchat, timeoutMs = 5000): ReadyCorpchatConfig {
  return {
    corpId: fake.corpId,
    agentId: AGENT_ID,
    secret: fake.secret,
    oauthBaseUrl: OAUTH_BASE,
    apiBaseUrl: fake.url,
    scope: 'snsapi_base',
    timeoutMs,
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

export function corpchatLogin(app: FastifyInstance, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/corpchat', payload: payload as object });
}

export interface CorpchatSuite {
  database: TestDatabase;
  fake: FakeCorpchat;
  t: TestApp;
  /** Another backend on the same database and fake provider, with other settings. */
  otherApp(env: Record<string, string>): Promise<FastifyInstance>;
  accountsOf(userid: string): Promise<UserRow[]>;
}

/**
 * One database, one fake provider and one backend per suite; apps made with otherApp are closed
 * and the fake healed after each test.
 */
export function corpchatSuite(factory: TestDatabaseFactory): CorpchatSuite {
  const extraApps: FastifyInstance[] = [];
  const suite = {
    async otherApp(env: Record<string, string>) {
      const other = await buildTestApp(suite.database, env);
      extraApps.push(other.app);
      return other.app;
    },
    accountsOf(userid: string) {
      return suite.t.app.db.selectFrom('users').selectAll().where('corpchat_user_id', '=', userid).execute();
    },
  } as unknown as CorpchatSuite;
  beforeAll(async () => {
    suite.database = await factory.create();
    suite.fake = await FakeCorpchat.start();
    suite.t = await buildTestApp(suite.database, providerEnv(suite.fake));
  });
  afterEach(async () => {
    suite.fake.heal();
    await Promise.all(extraApps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await suite.t?.app.close();
    await suite.fake?.close();
    await suite.database?.drop();
  });
  return suite;
}
