import { permissionsOf, type TokenResponse } from '@faraday/contracts';
import type { Db } from '../db/database.js';
import { isoNow } from '../shared/time.js';
import { roleOf } from '../users/user-views.js';
import type { UserRow } from '../users/users.repository.js';
import { recordIssuedToken } from './auth-tokens.repository.js';
import type { IdentityContext } from './identity-context.js';
import { TOKEN_LIFETIME_SECONDS } from './tokens.js';

/**
 * Issues a token for a user who has just proven who they are, records it (so it can be
 * revoked) and stamps last_login, in one transaction.
 */
export async function startSession(
  ctx: IdentityContext,
  user: UserRow,
  extra: Pick<TokenResponse, 'username' | 'name' | 'corpchat_user_id'>,
): Promise<TokenResponse> {
  const role = roleOf(user);
  const issued = await ctx.signer.issue({
    id: user.id,
    username: user.username,
    role,
    permissions: permissionsOf(role),
  });
  await ctx.db.transaction().execute(async (trx: Db) => {
    // Users row first: the token insert's foreign key takes a shared lock on it, and taking the
    // exclusive lock after that deadlocks concurrent logins of one user on MySQL/MariaDB.
    await trx.updateTable('users').set({ last_login: isoNow() }).where('id', '=', user.id).execute();
    await recordIssuedToken(trx, { ...issued, userId: user.id });
  });
  return {
    access_token: issued.token,
    token_type: 'Bearer',
    expires_in: TOKEN_LIFETIME_SECONDS,
    user_id: user.id,
    role,
    must_change_password: Number(user.must_change_password) === 1,
    ...extra,
  };
}
