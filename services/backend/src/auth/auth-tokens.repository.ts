import { compiledOnce } from '../db/compiled-once.js';
import type { Db } from '../db/database.js';
import { ReusedWhileUnchanged } from '../db/reused-while-unchanged.js';
import { isoNow } from '../shared/time.js';
import type { UserRow } from '../users/users.repository.js';

/** The caller's user row as every request reads it: everything but the password hash. */
export type AccountRow = Omit<UserRow, 'password_hash'>;

export interface TokenState {
  revoked: boolean;
  account: AccountRow;
}

const ACCOUNT_COLUMNS = [
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
  token: { jti: string; userId: string; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('auth_tokens')
    .values({
      jti: token.jti,
      user_id: token.userId,
      issued_at: token.issuedAt.toISOString(),
      expires_at: token.expiresAt.toISOString(),
      revoked_at: null,
    })
    .execute();
}

const tokenStateQuery = compiledOnce((db: Db, jti: string, userId: string) =>
  db
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.revoked_at', ...ACCOUNT_COLUMNS])
    .where('t.jti', '=', jti)
    .where('t.user_id', '=', userId),
);

/** Token states (undefined: not found), reused while the database is unchanged. */
const recentStates = new ReusedWhileUnchanged<TokenState | undefined>(10_000);

/**
 * The state of a presented token and its user's row in one query: every authenticated request
 * runs it (so its SQL is compiled once), and routes such as /auth/me need nothing more.
 * Undefined when we never issued it to that user or it is gone (its user was deleted, or it
 * expired and was cleaned up). On SQLite a state is reused while the database's data version
 * stays (db/reused-while-unchanged.ts): any write, here or by another process, drops them all,
 * so a revocation or a disabled account counts from the next request as before.
 */
export function findTokenState(db: Db, jti: string, userId: string): Promise<TokenState | undefined> {
  return recentStates.get(db, `${jti}/${userId}`, async () => {
    const [row] = await tokenStateQuery(db, jti, userId);
    if (!row) return undefined;
    const { revoked_at: revokedAt, ...account } = row;
    return Object.freeze({ revoked: revokedAt !== null, account: Object.freeze(account) });
  });
}

export async function revokeToken(db: Db, jti: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: isoNow() })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllTokensOfUser(db: Db, userId: string): Promise<void> {
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
