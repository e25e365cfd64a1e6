import { sql } from 'kysely';
import { type Connection, createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { isDroppedConnection, survivePoolConnectionDrops } from '../src/db/dropped-connections.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { loginAs } from './support/auth.js';
import { mysqlFactory, postgresFactory, type TestDatabase } from './support/databases.js';

/**
 * PostgreSQL terminating the connection under a statement (a restart, a failover,
 * pg_terminate_backend; MariaDB's KILL CONNECTION): reads outside a transaction run once more on a
 * fresh connection.
 */
describeWith(['postgres'], 'statements on a connection PostgreSQL drops', ({ postgres }) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await postgresFactory(postgres).create();
    t = await buildTestApp(database, { BCRYPT_COST: '4' });
    admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await t?.app.close();
    await database?.drop();
  });

  /** Terminates the backend connection running a statement that contains `marker`, once it runs. */
  async function terminateWhenRunning(marker: string): Promise<void> {
    const running = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where query like $1 and state = 'active' and pid <> pg_backend_pid()",
          [`%${marker}%`],
        )
      ).rows;
    await expect.poll(async () => (await running()).length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [{ pid }] = (await running()) as [{ pid: number }];
    await admin.query('select pg_terminate_backend($1)', [pid]);
  }

  it('answers a read whose connection was terminated under it', async () => {
    const read = sql<{ x: number }>`select 1 as x, pg_sleep(0.5) as read_marker_1`.execute(t.app.db);
    await terminateWhenRunning('read_marker_1');
    expect((await read).rows).toEqual([{ x: 1, read_marker_1: '' }]);
  });

  it('does not run a write again, nor a read inside a transaction', async () => {
    const write =
      sql`update users set name = name where id in (select u.id from users u, pg_sleep(0.5) as write_marker limit 1)`.execute(
        t.app.db,
      );
    const writeFailure = write.then(
      () => undefined,
      (error: unknown) => error,
    );
    await terminateWhenRunning('write_marker');
    expect(await writeFailure).toMatchObject({ code: '57P01' });
    const inTransaction = t.app.db
      .transaction()
      .execute((trx) => sql`select 1 as x, pg_sleep(0.5) as read_marker_2`.execute(trx));
    const transactionFailure = inTransaction.then(
      () => undefined,
      (error: unknown) => error,
    );
    await terminateWhenRunning('read_marker_2');
    // Failed (the statement's 57P01, or the rollback's lost connection), not answered from elsewhere.
    expect(isDroppedConnection(await transactionFailure)).toBe(true);
  });

  it('survives a connection terminated while checked out between statements, and replaces it', async () => {
    const pool = new pg.Pool({
      connectionString: database.target.dialect === 'postgres' ? database.target.url : '',
    });
    survivePoolConnectionDrops(pool);
    try {
      const held = await pool.connect();
      const [{ pid }] = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
        { pid: number },
      ];
      const ended = new Promise((resolve) => held.once('end', resolve));
      // Nothing runs on it when the server ends it: pg emits 'error' on the client itself, which
      // stops the process unless the client has a listener of its own.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await ended;
      held.release();
      const fresh = await pool.connect();
      try {
        expect(fresh).not.toBe(held);
        expect((await fresh.query('select 1 as x')).rows).toEqual([{ x: 1 }]);
      } finally {
        fresh.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('keeps answering over HTTP after every connection of the backend was terminated', async () => {
    const token = await loginAs(t.app, 'teacher');
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const courses = () => fetch(`${base}/api/v1/courses`, { headers: { authorization: `Bearer ${token}` } });
    expect((await courses()).status).toBe(200);
    const url = new URL(database.target.dialect === 'postgres' ? database.target.url : '');
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      url.pathname.slice(1),
    ]);
    const statuses = await Promise.all(Array.from({ length: 5 }, async () => (await courses()).status));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describeWith(['mysql'], 'statements on a connection MariaDB/MySQL drops', ({ mysql }) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: Connection;

  beforeAll(async () => {
    database = await mysqlFactory(mysql).create();
    t = await buildTestApp(database, { BCRYPT_COST: '4' });
    admin = await createConnection({ uri: mysql });
  });

  afterAll(async () => {
    await admin?.end();
    await t?.app.close();
    await database?.drop();
  });

  async function killWhenRunning(marker: string): Promise<void> {
    const running = async () =>
      (
        await admin.query(
          'select id from information_schema.processlist where info like ? and id <> connection_id()',
          [`%${marker}%`],
        )
      )[0] as { id: number }[];
    await expect.poll(async () => (await running()).length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [{ id }] = (await running()) as [{ id: number }];
    await admin.query(`kill connection ${Number(id)}`);
  }

  it('answers a read whose connection was killed under it, and does not run a write again', async () => {
    const read = sql<{ x: number }>`select 1 as x, sleep(0.5) as read_marker_1`.execute(t.app.db);
    await killWhenRunning('read_marker_1');
    expect((await read).rows).toEqual([{ x: 1, read_marker_1: 0 }]);
    const write = sql`update users set name = name where sleep(0.5) = 0 or id = 'write_marker'`.execute(
      t.app.db,
    );
    const writeFailure = write.then(
      () => undefined,
      (error: unknown) => error,
    );
    await killWhenRunning('write_marker');
    expect(await writeFailure).toBeInstanceOf(Error);
  });
});
