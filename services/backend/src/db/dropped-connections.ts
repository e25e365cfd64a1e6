import type pg from 'pg';

/**
 * A connection the server or the network dropped under a statement: a restart or failover
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), pg_terminate_backend,
 * a reset socket. Nothing of the statement took effect that a read could have changed.
 */
export function isDroppedConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'PROTOCOL_CONNECTION_LOST') return true;
  return typeof message === 'string' && /^Connection terminated/.test(message);
}

/** Plain reads only: a SELECT (a WITH that writes nothing) is safe to run twice. */
export function isPlainRead(text: string): boolean {
  if (/^\s*select\b/i.test(text)) return !/\bfor\s+(update|share)\b/i.test(text);
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);
}

type QueryText = string | { text: string; name?: string; values?: unknown[] };
type Query = (text: QueryText, values?: unknown[]) => Promise<pg.QueryResult>;

const originalQueries = new WeakMap<pg.PoolClient, Query>();
/** Clients whose connection is gone: destroyed when released, never handed out again. */
const dropped = new WeakSet<pg.PoolClient>();

/**
 * pg-pool listens for a connection's end only while it is idle; one that ends while checked out
 * (after its statement failed, or handed out just before the server's terminate reached it)
 * emits 'error' with no listener, which would stop the process. So every connection of `pool`
 * gets a listener of its own when it is made, for its whole life.
 */
export function survivePoolConnectionDrops(pool: pg.Pool): void {
  pool.on('connect', (client) => client.on('error', () => dropped.add(client)));
}

/** pg-pool sets `release` anew at each checkout, hence the wrap here, at each checkout. */
function destroyWhenDropped(client: pg.PoolClient): void {
  const release = client.release;
  client.release = (destroy?: boolean | Error) => release(dropped.has(client) ? true : destroy);
}

/**
 * Makes the client's reads outside a transaction run once more, on a fresh connection from
 * `pool` (one survivePoolConnectionDrops watches), when the server dropped the connection under them: a restarted or failed-over
 * database costs the requests in flight a retry, not a 500. Writes and anything in a
 * transaction fail as before (a transaction cannot move to another connection). Idempotent.
 */
export function retryReadsOnDroppedConnection(pool: pg.Pool, client: pg.PoolClient): pg.PoolClient {
  destroyWhenDropped(client);
  if (originalQueries.has(client)) return client;
  const original = client.query.bind(client) as Query;
  originalQueries.set(client, original);
  let inTransaction = false;
  const query: Query = async (text, values) => {
    const sql = typeof text === 'string' ? text : text.text;
    if (/^\s*(begin|start\s+transaction)\b/i.test(sql)) inTransaction = true;
    else if (/^\s*(commit|rollback)\b/i.test(sql)) inTransaction = false;
    try {
      return await original(text, values);
    } catch (error) {
      if (isDroppedConnection(error)) dropped.add(client);
      if (inTransaction || !isPlainRead(sql) || !isDroppedConnection(error)) throw error;
      return runOnFreshConnection(pool, text, values);
    }
  };
  (client as unknown as { query: Query }).query = query;
  return client;
}

/** The one retry: on a connection checked out now, without retrying again. */
export async function runOnFreshConnection(
  pool: pg.Pool,
  text: QueryText,
  values?: unknown[],
): Promise<pg.QueryResult> {
  const fresh = await pool.connect();
  try {
    const run = originalQueries.get(fresh) ?? (fresh.query.bind(fresh) as Query);
    return await run(text, values);
  } finally {
    fresh.release();
  }
}

type MysqlCallback = (error: unknown, result?: unknown) => void;
interface MysqlRawConnection {
  query(sql: string, values: unknown, callback: MysqlCallback): unknown;
  release(): void;
}
interface MysqlRawPool {
  getConnection(callback: (error: unknown, connection: MysqlRawConnection) => void): void;
  end(callback?: (error: unknown) => void): void;
}

const mysqlOriginalQueries = new WeakMap<MysqlRawConnection, MysqlRawConnection['query']>();

/** MySQL/MariaDB: a server that went away (1053 shutdown, 1927 connection killed) or a lost socket. */
function isDroppedMysqlConnection(error: unknown): boolean {
  const { errno } = (error ?? {}) as { errno?: unknown };
  return errno === 1053 || errno === 1927 || isDroppedConnection(error);
}

/**
 * The same for MySQL/MariaDB, as the pool Kysely's dialect takes: each connection it hands out
 * runs a plain read outside a transaction once more on a fresh connection when it was dropped.
 */
export function mysqlPoolRetryingReads<P extends MysqlRawPool>(pool: P): MysqlRawPool {
  const runOnFresh = (sql: string, values: unknown, callback: MysqlCallback) =>
    pool.getConnection((error, fresh) => {
      if (error) return callback(error);
      const run = mysqlOriginalQueries.get(fresh) ?? fresh.query.bind(fresh);
      run(sql, values, (queryError, result) => {
        fresh.release();
        callback(queryError, result);
      });
    });
  const patch = (connection: MysqlRawConnection) => {
    if (mysqlOriginalQueries.has(connection)) return;
    const original = connection.query.bind(connection);
    mysqlOriginalQueries.set(connection, original);
    let inTransaction = false;
    connection.query = (sql: string, values: unknown, callback?: MysqlCallback) => {
      // Streams (no callback) and other forms pass through unchanged.
      if (typeof sql !== 'string' || typeof callback !== 'function') {
        return (original as (...args: unknown[]) => unknown)(
          ...[sql, values, callback].filter((a) => a !== undefined),
        );
      }
      if (/^\s*(begin|start\s+transaction)\b/i.test(sql)) inTransaction = true;
      else if (/^\s*(commit|rollback)\b/i.test(sql)) inTransaction = false;
      return original(sql, values, (error, result) => {
        if (error && !inTransaction && isPlainRead(sql) && isDroppedMysqlConnection(error)) {
          return runOnFresh(sql, values, callback);
        }
        callback(error, result);
      });
    };
  };
  return {
    getConnection(callback) {
      pool.getConnection((error, connection) => {
        if (!error) patch(connection);
        callback(error, connection);
      });
    },
    end: (callback) => pool.end(callback),
  };
}
