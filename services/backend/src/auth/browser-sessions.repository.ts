import type { Db } from '../db/database.js';
import { isoNow } from '../shared/time.js';
import { ACCOUNT_COLUMNS, type AccountRow } from './auth-tokens.repository.js';

export interface BrowserSessionRow {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export async function insertBrowserSession(
  db: Db,
  session: { id: string; userId: string; secretHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('auth_sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      secret_hash: session.secretHash,
      created_at: session.createdAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      revoked_at: null,
    })
    .execute();
}

/** The session a cookie's secret hash names, with its user's row (everything but the password hash). */
export async function findBrowserSession(
  db: Db,
  secretHash: string,
): Promise<{ session: BrowserSessionRow; account: AccountRow } | undefined> {
  const row = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.created_at as session_created_at',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      ...ACCOUNT_COLUMNS,
    ])
    .where('s.secret_hash', '=', secretHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_created_at, session_expires_at, session_revoked_at, ...account } = row;
  return {
    session: {
      id: session_id,
      user_id: account.id,
      created_at: session_created_at,
      expires_at: session_expires_at,
      revoked_at: session_revoked_at,
    },
    account,
  };
}

/**
 * Moves a live session's expiry; false when it was revoked meanwhile. On MySQL and PostgreSQL
 * the update waits for a concurrent sign-out's lock on the row and then sees its revocation, so
 * a renewal racing a sign-out cannot leave a token behind.
 */
export async function extendBrowserSession(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .updateTable('auth_sessions')
    .set({ expires_at: expiresAt.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The browser session a token was issued in (null: an API client's token, or unknown). */
export async function sessionOfToken(db: Db, jti: string): Promise<string | null> {
  const row = await db
    .selectFrom('auth_tokens')
    .select('session_id')
    .where('jti', '=', jti)
    .executeTakeFirst();
  return row?.session_id ?? null;
}

/** Ends a browser session: the session first (renewals stop), then every token it issued. */
export async function revokeBrowserSession(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx: Db) => {
    const now = isoNow();
    await trx
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('auth_tokens')
      .set({ revoked_at: now })
      .where('session_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

/** Rows of sessions past their expiry: their cookie is refused anyway. */
export async function deleteExpiredBrowserSessions(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('auth_sessions')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
