import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, type CurrentUser } from '@faraday/contracts';
import type { Db } from '../db/database.js';
import { isoNow } from '../shared/time.js';
import { toCurrentUser } from '../users/user-views.js';
import { findUserById, findUserByUsername, normaliseUsername } from '../users/users.repository.js';
import { revokeAllTokensOfUser, revokeToken } from './auth-tokens.repository.js';
import { revokeBrowserSession, sessionOfToken } from './browser-sessions.repository.js';
import type { IdentityContext } from './identity-context.js';
import { clearLoginFailuresFrom, recordLoginFailure, throttleState } from './login-throttle.repository.js';
import { assertStrongPassword } from './passwords.js';
import type { Principal } from './principal.js';
import { type StartedSession, startSession } from './sessions.js';

function accountLocked(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    'ACCOUNT_LOCKED',
    `Too many failed logins; try again in ${Math.ceil(seconds / 60)} minutes`,
    {
      headers: { 'retry-after': String(seconds) },
    },
  );
}

/**
 * Refuses a username locked for this address; makes a username that failed too often from all
 * addresses wait before its password is checked (slowed, never refused: the owner still gets in).
 */
async function passThrottle(
  ctx: IdentityContext,
  username: string,
  address: string,
  now: Date,
): Promise<void> {
  const state = await throttleState(ctx.db, username, address, now, ctx.throttle);
  if (state.lockedUntil) throw accountLocked(state.lockedUntil, now);
  if (state.slowed) await sleep(ctx.throttle.slowdownMs);
}

/**
 * Password login. The same bcrypt work is done whether or not the user exists, every failure
 * counts toward the username's lock for the client's address, and a username locked for that
 * address is refused before any password check.
 */
export async function loginWithPassword(
  ctx: IdentityContext,
  credentials: { username: string; password: string; browser_session?: boolean },
  address: string,
): Promise<StartedSession> {
  const now = new Date();
  const username = normaliseUsername(credentials.username);
  await passThrottle(ctx, username, address, now);

  const user = await findUserByUsername(ctx.db, username);
  const passwordMatches = await ctx.hasher.verify(credentials.password, user?.password_hash);
  if (!user || !passwordMatches || Number(user.disabled) === 1) {
    await recordLoginFailure(ctx.db, username, address, now, ctx.throttle);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearLoginFailuresFrom(ctx.db, username, address);
  return startSession(ctx, user, { username: user.username }, credentials.browser_session === true);
}

export function currentUser(principal: Principal): CurrentUser {
  return toCurrentUser(principal.account);
}

/**
 * Revokes the presented token; a token of a browser session ends the whole session (every tab's
 * token, and its cookie no longer renews). True when a browser session was ended.
 */
export async function logout(db: Db, principal: Principal): Promise<boolean> {
  const sessionId = await sessionOfToken(db, principal.jti);
  if (sessionId === null) {
    await revokeToken(db, principal.jti);
    return false;
  }
  await revokeBrowserSession(db, sessionId);
  return true;
}

/**
 * Changes one's own password. A wrong old password counts as a failed login, so a stolen token
 * cannot be used to guess it. Every earlier token and browser session is revoked; the caller gets
 * a fresh token, in a new browser session when the one used belonged to one.
 */
export async function changeOwnPassword(
  ctx: IdentityContext,
  principal: Principal,
  passwords: { old_password: string; new_password: string },
  address: string,
): Promise<StartedSession> {
  const now = new Date();
  const user = await findUserById(ctx.db, principal.userId);
  if (!user) throw new AppError('TOKEN_REVOKED');
  await passThrottle(ctx, user.username, address, now);
  if (!(await ctx.hasher.verify(passwords.old_password, user.password_hash))) {
    await recordLoginFailure(ctx.db, user.username, address, now, ctx.throttle);
    throw new AppError('VALIDATION_ERROR', 'The current password is wrong', { details: 'old_password' });
  }
  assertStrongPassword(passwords.new_password, user.username);
  if (passwords.new_password === passwords.old_password) {
    throw new AppError('WEAK_PASSWORD', 'The new password must differ from the current one');
  }
  const passwordHash = await ctx.hasher.hash(passwords.new_password);
  const inBrowserSession = (await sessionOfToken(ctx.db, principal.jti)) !== null;
  await ctx.db.transaction().execute(async (trx: Db) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 0, updated_at: isoNow() })
      .where('id', '=', user.id)
      .execute();
    await revokeAllTokensOfUser(trx, user.id);
  });
  return startSession(
    ctx,
    { ...user, must_change_password: 0 },
    { username: user.username },
    inBrowserSession,
  );
}
