import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DatabaseTarget['dialect'];
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
      return { dialect: 'sqlite', db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }) };
    }
    case 'mysql': {
      const pool = createPool({
        uri: target.url,
        connectionLimit: poolSize,
        timezone: 'Z',
        charset: 'utf8mb4',
      });
      return { dialect: 'mysql', db: new Kysely<Database>({ dialect: new MysqlDialect({ pool }) }) };
    }
    case 'postgres': {
      const pool = new pg.Pool({ connectionString: target.url, max: poolSize });
      // An idle connection dropped by the server (restart, failover) must not crash the process;
      // the pool replaces it on the next checkout.
      pool.on('error', onIdleConnectionError);
      return { dialect: 'postgres', db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
    }
  }
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
