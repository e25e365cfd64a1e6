import SQLite from 'better-sqlite3';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataVersionAfterThisTurn, dataVersionOf } from '../src/db/database.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

// On SQLite a token's state is reused while the database's data version stays
// (auth-tokens.repository.ts). These writes come from another connection to the same file, as
// another backend process or a sweep worker would make them: the next request must see them.
const sqlite = testDatabaseFactories().find((factory) => factory.name === 'sqlite');

describe('token states reused on SQLite', () => {
  let database: TestDatabase;
  let t: TestApp;
  let other: SQLite.Database;
  let adminToken: string;

  beforeAll(async () => {
    database = await (sqlite as NonNullable<typeof sqlite>).create();
    t = await buildTestApp(database, { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
    adminToken = await loginAs(t.app, 'admin');
    if (database.target.dialect !== 'sqlite') throw new Error('expected SQLite');
    other = new SQLite(database.target.file);
    other.pragma('busy_timeout = 5000');
  });

  afterAll(async () => {
    other?.close();
    await t?.app.close();
    await database?.drop();
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  async function signedInUser(username: string): Promise<string> {
    await createUserAs(t.app, adminToken, { username, password: 'Passw0rd!x', role: 'student' });
    return loginAs(t.app, username, 'Passw0rd!x');
  }

  it('rejects a token revoked by another process at the next request', async () => {
    const token = await signedInUser('reuse_revoked');
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    other
      .prepare('update auth_tokens set revoked_at = ? where jti = ?')
      .run(new Date().toISOString(), decodeJwt(token).jti);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_REVOKED');
  });

  it('rejects a user disabled by another process at the next request', async () => {
    const token = await signedInUser('reuse_disabled');
    expect((await me(token)).statusCode).toBe(200);
    other.prepare('update users set disabled = 1 where username = ?').run('reuse_disabled');
    expect((await me(token)).statusCode).toBe(401);
  });

  it('answers with the account as it is now, after a change made elsewhere', async () => {
    const token = await signedInUser('reuse_renamed');
    expect((await me(token)).json().data.name).not.toBe('Renamed Elsewhere');
    other.prepare('update users set name = ? where username = ?').run('Renamed Elsewhere', 'reuse_renamed');
    expect((await me(token)).json().data.name).toBe('Renamed Elsewhere');
  });

  it('rejects a token revoked through the API at once (a write on its own connection)', async () => {
    const token = await signedInUser('reuse_logout');
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("reads other connections' commits once per turn, after that turn's requests asked", async () => {
    const before = dataVersionOf(t.app.db) as number;
    const asked = dataVersionAfterThisTurn(t.app.db);
    // A commit by another process after a request asked, in the same turn: it must still count.
    other
      .prepare('update users set updated_at = ? where username = ?')
      .run(new Date().toISOString(), 'admin');
    const askedLater = dataVersionAfterThisTurn(t.app.db);
    const seen = await asked;
    expect(seen).toBeGreaterThan(before);
    expect(seen).toBe(dataVersionOf(t.app.db));
    expect(await askedLater).toBe(seen);
  });
});
