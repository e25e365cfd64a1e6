import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import { type Db, isPostgres, isSqlite } from '../db/database.js';
import { ReusedWhileUnchanged } from '../db/reused-while-unchanged.js';
import { isoNow } from '../shared/time.js';
import type { UserRow } from '../users/users.repository.js';

/** The caller's user row as every request reads it: everything but the password hash. */
export type AccountRow = Omit<UserRow, 'password_hash'>;

export interface TokenState {
  revoked: boolean;
  account: AccountRow;
}

/** The columns of AccountRow, from `users as u`. */
export const ACCOUNT_COLUMNS = [
  'u.id',
  'u.username',
  'u.name',
  'u.email',
  'u.role',
  'u.must_change_password',
  'u.disabled',
  'u.created_at',
  'u.updated_at',
  'u.last_login',
  'u.corpchat_user_id',
] as const;

export async function recordIssuedToken(
  db: Db,
  token: { jti: string; userId: string; issuedAt: Date; expiresAt: Date; sessionId?: string | undefined },
): Promise<void> {
  await db
    .insertInto('auth_tokens')
    .values({
      jti: token.jti,
      user_id: token.userId,
      issued_at: token.issuedAt.toISOString(),
      expires_at: token.expiresAt.toISOString(),
      revoked_at: null,
      session_id: token.sessionId ?? null,
    })
    .execute();
}

const tokensWithUsers = (db: Db) =>
  db.selectFrom('auth_tokens as t').innerJoin('users as u', 'u.id', 't.user_id');

const tokenStateQuery = compiledOnce((db: Db, jti: string, userId: string) =>
  tokensWithUsers(db)
    .select(['t.revoked_at', ...ACCOUNT_COLUMNS])
    .where('t.jti', '=', jti)
    .where('t.user_id', '=', userId),
);

/** Several tokens' states (PostgreSQL): one text for any number, so it is compiled once. */
const tokenStatesQuery = compiledOnce((db: Db, jtis: string[]) =>
  tokensWithUsers(db)
    .select(['t.jti', 't.revoked_at', ...ACCOUNT_COLUMNS])
    .where(sql<boolean>`${sql.ref('t.jti')} = any(${jtis})`),
);

type TokenStateRow = Awaited<ReturnType<typeof tokenStateQuery>>[number];

function stateOf({ revoked_at: revokedAt, ...account }: TokenStateRow): TokenState {
  return Object.freeze({ revoked: revokedAt !== null, account: Object.freeze(account) });
}

/** Token states (undefined: not found), reused while the database is unchanged. */
const recentStates = new ReusedWhileUnchanged<TokenState | undefined>(10_000);

/**
 * The state of a presented token and its user's row in one query: every authenticated request
 * runs it (so its SQL is compiled once), and routes such as /auth/me need nothing more.
 * Undefined when we never issued it to that user or it is gone (its user was deleted, or it
 * expired and was cleaned up). On SQLite a state is reused while the database's data version
 * stays (db/reused-while-unchanged.ts): any write, here or by another process, drops them all,
 * so a revocation or a disabled account counts for every request that arrives after it (the
 * version is read once per turn of the event loop, after the turn's requests arrived). On MySQL and
 * PostgreSQL every request reads its token's state, but the requests of one turn of the event
 * loop read theirs in one query (readTogether).
 */
export function findTokenState(db: Db, jti: string, userId: string): Promise<TokenState | undefined> {
  if (!isSqlite(db)) return readTogether(db, jti, userId);
  return recentStates.get(db, `${jti}/${userId}`, async () => {
    const [row] = await tokenStateQuery(db, jti, userId);
    return row ? stateOf(row) : undefined;
  });
}

interface Asked {
  jti: string;
  userId: string;
  resolve: (state: TokenState | undefined) => void;
  reject: (error: unknown) => void;
}

/** Token checks asked during this turn of the event loop, per database, not yet read. */
const askedThisTurn = new WeakMap<Db, Asked[]>();

/**
 * Reads a token's state together with the others asked during the same turn of the event loop,
 * in one query when there are several: under load a round trip to the database (a socket write
 * each way, the database's own work) serves many requests. Each state is still read after its
 * request arrived, so a revocation counts from the next request as before.
 */
function readTogether(db: Db, jti: string, userId: string): Promise<TokenState | undefined> {
  return new Promise((resolve, reject) => {
    let asked = askedThisTurn.get(db);
    if (!asked) {
      const batch: Asked[] = [];
      askedThisTurn.set(db, batch);
      setImmediate(() => {
        askedThisTurn.delete(db);
        void readBatch(db, batch);
      });
      asked = batch;
    }
    asked.push({ jti, userId, resolve, reject });
  });
}

async function readBatch(db: Db, batch: Asked[]): Promise<void> {
  try {
    const [only] = batch;
    if (batch.length === 1 && only) {
      const [row] = await tokenStateQuery(db, only.jti, only.userId);
      return only.resolve(row ? stateOf(row) : undefined);
    }
    const jtis = batch.map((a) => a.jti);
    const rows = isPostgres(db)
      ? await tokenStatesQuery(db, jtis)
      : await tokensWithUsers(db)
          .select(['t.jti', 't.revoked_at', ...ACCOUNT_COLUMNS])
          .where('t.jti', 'in', jtis)
          .execute();
    const byJti = new Map(rows.map(({ jti, ...row }) => [jti, row]));
    for (const asked of batch) {
      const row = byJti.get(asked.jti);
      asked.resolve(row && row.id === asked.userId ? stateOf(row) : undefined);
    }
  } catch (error) {
    for (const asked of batch) asked.reject(error);
  }
}

export async function revokeToken(db: Db, jti: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: isoNow() })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every token of the user and every browser session, so no tab can renew one either. */
export async function revokeAllTokensOfUser(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: isoNow() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: isoNow() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Rows of expired tokens are useless (the signature check already refuses them). */
export async function deleteExpiredTokens(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('auth_tokens')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
