import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  MysqlDialect,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import type { DatabaseTarget } from './database-target.js';
import {
  isDroppedConnection,
  isPlainRead,
  mysqlPoolRetryingReads,
  retryReadsOnDroppedConnection,
  runOnFreshConnection,
  survivePoolConnectionDrops,
} from './dropped-connections.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DatabaseTarget['dialect'];
}

/** Per SQLite database, how to read its data version (dataVersionOf, dataVersionAfterThisTurn). */
const dataVersions = new WeakMap<Db, { now: () => number; afterThisTurn: () => Promise<number> }>();

/**
 * A number that grows whenever the database's data may have changed: a write on this process's
 * connection, or a commit by any other connection (SQLite's PRAGMA data_version: another backend
 * process on the same file, the sweep workers). What was read at one version is still true while
 * the version stays, so a cache keyed by it needs no other invalidation. Undefined on MySQL and
 * PostgreSQL, whose other clients' writes cannot be seen without asking: do not cache there.
 */
export function dataVersionOf(db: Db): number | undefined {
  return dataVersions.get(db)?.now();
}

/**
 * dataVersionOf for a request that has arrived, with the other connections' commits asked once
 * for every request of this turn of the event loop (undefined where dataVersionOf is). The PRAGMA
 * is a read transaction on the file, two fcntl locks and a stat: under load it was the largest
 * single cost of an authenticated request. It is read after this turn's requests have
 * all arrived (in the turn's check phase), so a commit that happened before a request arrived
 * still counts for it; this process's own writes count at once, as in dataVersionOf.
 */
export function dataVersionAfterThisTurn(db: Db): Promise<number> | undefined {
  return dataVersions.get(db)?.afterThisTurn();
}

/** `read` run once for every caller of this turn of the event loop, in the turn's check phase. */
function onceThisTurn(read: () => number): () => Promise<number> {
  let pending: Promise<number> | undefined;
  return () => {
    pending ??= new Promise<number>((resolve, reject) =>
      setImmediate(() => {
        pending = undefined;
        try {
          resolve(read());
        } catch (error) {
          reject(error);
        }
      }),
    );
    return pending;
  };
}

/** Distinct SQL texts kept compiled: the backend has a few hundred query shapes at most. */
const STATEMENTS_KEPT = 500;

/**
 * Kysely's SQLite driver prepares every query it runs, and compiling the SQL costs several
 * times what running a short indexed query does. Kysely writes one SQL text per query shape
 * (values are parameters), so compiled statements are kept by their text and reused. A statement
 * still being iterated (a streamed query) is busy; the next caller then gets a fresh one.
 */
function reusingStatements(
  database: SQLite.Database,
  onClose: () => void,
  onWrite: () => void,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose();
      database.close();
    },
    prepare(text) {
      const kept = statements.get(text);
      // Kysely prepares each statement right before running it, and nothing runs in between.
      if (kept !== undefined && !kept.busy) {
        if (!kept.readonly) onWrite();
        return kept;
      }
      const statement = database.prepare(text);
      if (!statement.readonly) onWrite();
      if (kept === undefined) {
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Per PostgreSQL database, how its compiled-once statements run (runCompiled). */
const preparedRunners = new WeakMap<Db, (text: string, values: unknown[]) => Promise<unknown[]>>();

/**
 * Runs a compiled-once statement (db/compiled-once.ts). On PostgreSQL, outside a transaction,
 * it runs as a named statement on connections of its own that plan each statement once for any
 * values (a generic plan): parsing, analysing and planning the course list's text on every call
 * were 58 % of PostgreSQL's CPU under load, and PostgreSQL's own choice kept planning it afresh
 * (its custom plans came out a few per cent cheaper than the generic one, and identical in shape).
 * Every other statement, and every statement in a transaction, runs through Kysely as before.
 */
export async function runCompiled(db: Db, text: string, parameters: unknown[]): Promise<unknown[]> {
  const prepared = preparedRunners.get(db);
  if (prepared !== undefined) return prepared(text, parameters);
  return (await db.executeQuery(CompiledQuery.raw(text, parameters))).rows;
}

/**
 * The pool for runCompiled. Each connection is told once to plan named statements generically
 * (a SET, not a startup option, which PgBouncer would refuse; servers before PostgreSQL 12 lack
 * the setting and keep their own choice). Named statements live per connection, and only
 * compiled-once texts (a few dozen) are named.
 */
function preparedStatementPool(url: string, size: number, onIdleConnectionError: (error: Error) => void) {
  const pool = new pg.Pool({ connectionString: url, max: size });
  pool.on('error', onIdleConnectionError);
  survivePoolConnectionDrops(pool);
  const planningGenerically = new WeakSet<pg.PoolClient>();
  const names = new Map<string, string>();
  const run = async (text: string, values: unknown[]) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `faraday_${names.size + 1}`;
      names.set(text, name);
    }
    const client = await pool.connect();
    try {
      if (!planningGenerically.has(client)) {
        await client.query('set plan_cache_mode = force_generic_plan').catch(() => undefined);
        planningGenerically.add(client);
      }
      return (await client.query({ name, text, values })).rows;
    } catch (error) {
      // A dropped connection under a read: once more on a fresh one (the name is prepared there anew).
      if (!isPlainRead(text) || !isDroppedConnection(error)) throw error;
      return (await runOnFreshConnection(pool, { name, text, values })).rows;
    } finally {
      client.release();
    }
  };
  return { pool, run };
}

const PLANNER_STATISTICS_EVERY_MS = 60 * 60 * 1000;

/**
 * SQLite plans queries from the statistics ANALYZE gathers; without them it assumes an index
 * equality matches ten rows and, for example, walks every course to list a student's few.
 * SQLite's advice for long-lived connections: `PRAGMA optimize=0x10002` when opening (analyses
 * tables whose statistics are missing or stale, bounded by analysis_limit) and `PRAGMA optimize`
 * periodically. Returns the stop for the periodic run.
 */
function keepPlannerStatistics(database: SQLite.Database): () => void {
  database.pragma('analysis_limit = 1000');
  database.pragma('optimize = 0x10002');
  const timer = setInterval(() => {
    try {
      database.pragma('optimize');
    } catch {
      // Busy with another process's write: the statistics only guide plans; next hour will do.
    }
  }, PLANNER_STATISTICS_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * One Kysely instance over whichever database the config selects. Every query in the backend
 * goes through it, so SQLite, MySQL/MariaDB and PostgreSQL share one code path.
 */
export function openDatabase(
  target: DatabaseTarget,
  poolSize = 10,
  onIdleConnectionError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  switch (target.dialect) {
    case 'sqlite': {
      if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
      const database = new SQLite(target.file);
      // WAL lets readers run beside the single writer; the busy timeout queues concurrent writers
      // (several backend processes on one file) instead of failing them at once.
      database.pragma('journal_mode = WAL');
      database.pragma('foreign_keys = ON');
      database.pragma('busy_timeout = 5000');
      let ownWrites = 0;
      const db = new Kysely<Database>({
        dialect: new SqliteDialect({
          database: reusingStatements(database, keepPlannerStatistics(database), () => {
            ownWrites++;
          }),
        }),
      });
      // Both counts only grow, so their sum changes whenever either does.
      const othersCommits = database.prepare('PRAGMA data_version').pluck();
      const readOthersCommits = () => othersCommits.get() as number;
      const othersCommitsThisTurn = onceThisTurn(readOthersCommits);
      dataVersions.set(db, {
        now: () => ownWrites + readOthersCommits(),
        afterThisTurn: async () => {
          const commits = await othersCommitsThisTurn();
          return ownWrites + commits;
        },
      });
      return { dialect: 'sqlite', db };
    }
    case 'mysql': {
      const pool = createPool({
        uri: target.url,
        connectionLimit: poolSize,
        timezone: 'Z',
        charset: 'utf8mb4',
      });
      const retrying = mysqlPoolRetryingReads(pool) as unknown as typeof pool;
      return {
        dialect: 'mysql',
        db: new Kysely<Database>({ dialect: new MysqlDialect({ pool: retrying }) }),
      };
    }
    case 'postgres': {
      const pool = new pg.Pool({ connectionString: target.url, max: poolSize });
      // An idle connection dropped by the server (restart, failover) must not crash the process;
      // the pool replaces it on the next checkout.
      pool.on('error', onIdleConnectionError);
      survivePoolConnectionDrops(pool);
      // Behind PgBouncer in transaction mode before 1.21 named statements fail: the operator turns them off.
      const prepared =
        target.preparedStatements === false
          ? undefined
          : preparedStatementPool(target.url, Math.ceil(poolSize / 2), onIdleConnectionError);
      const pools = prepared ? [pool, prepared.pool] : [pool];
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: {
            connect: async () => retryReadsOnDroppedConnection(pool, await pool.connect()),
            end: async () => {
              await Promise.all(pools.map((p) => p.end()));
            },
          },
        }),
      });
      if (prepared) preparedRunners.set(db, prepared.run);
      return { dialect: 'postgres', db };
    }
  }
}

/** True on the embedded SQLite database, whose queries run on (and block) the event loop. */
export function isSqlite(db: Kysely<unknown> | Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** True on PostgreSQL. */
export function isPostgres(db: Kysely<unknown> | Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
