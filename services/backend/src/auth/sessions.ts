import { createHash, randomBytes } from 'node:crypto';
import { AppError, permissionsOf, type TokenResponse } from '@faraday/contracts';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { DAY_MS, isoNow } from '../shared/time.js';
import { roleOf } from '../users/user-views.js';
import type { UserRow } from '../users/users.repository.js';
import type { AccountRow } from './auth-tokens.repository.js';
import { recordIssuedToken } from './auth-tokens.repository.js';
import {
  extendBrowserSession,
  findBrowserSession,
  insertBrowserSession,
} from './browser-sessions.repository.js';
import type { IdentityContext } from './identity-context.js';
import { TOKEN_LIFETIME_SECONDS } from './tokens.js';

/** A browser session's access token: short, since a page script could read it from memory. */
export const BROWSER_TOKEN_LIFETIME_SECONDS = 15 * 60;
/** A browser session ends after a week without use, and a month after sign-in at the latest. */
export const BROWSER_SESSION_IDLE_MS = 7 * DAY_MS;
export const BROWSER_SESSION_MAX_MS = 30 * DAY_MS;

/** What the session cookie carries: the secret (never stored, only its hash) and when it ends. */
export interface BrowserCookie {
  secret: string;
  expiresAt: Date;
}

/** A started or renewed session: the answer's token, and the cookie to set for a browser session. */
export interface StartedSession {
  token: TokenResponse;
  cookie: BrowserCookie | undefined;
}

type Extra = Pick<TokenResponse, 'username' | 'name' | 'corpchat_user_id'>;

export function hashSessionSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function sessionEnd(createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(createdAt.getTime() + BROWSER_SESSION_MAX_MS, now.getTime() + BROWSER_SESSION_IDLE_MS),
  );
}

async function issueFor(ctx: IdentityContext, user: AccountRow, now: Date, lifetimeSeconds: number) {
  const role = roleOf(user);
  const issued = await ctx.signer.issue(
    { id: user.id, username: user.username, role, permissions: permissionsOf(role) },
    now,
    lifetimeSeconds,
  );
  const token = (extra: Extra): TokenResponse => ({
    access_token: issued.token,
    token_type: 'Bearer',
    expires_in: lifetimeSeconds,
    user_id: user.id,
    role,
    must_change_password: Number(user.must_change_password) === 1,
    password_change_required:
      Number(user.must_change_password) === 1 && !ctx.passwordChangeExempt(user.username),
    ...extra,
  });
  return { issued, token };
}

/**
 * Issues a token for a user who has just proven who they are, records it (so it can be
 * revoked) and stamps last_login, in one transaction. With `browser`, also starts a browser
 * session: the token is short-lived and the cookie's secret renews it (renewBrowserSession).
 */
export async function startSession(
  ctx: IdentityContext,
  user: UserRow,
  extra: Extra,
  browser = false,
): Promise<StartedSession> {
  const now = new Date();
  const lifetime = browser ? BROWSER_TOKEN_LIFETIME_SECONDS : TOKEN_LIFETIME_SECONDS;
  const { issued, token } = await issueFor(ctx, user, now, lifetime);
  const session = browser
    ? { id: newId(), secret: randomBytes(32).toString('base64url'), expiresAt: sessionEnd(now, now) }
    : undefined;
  await ctx.db.transaction().execute(async (trx: Db) => {
    // Users row first: the token insert's foreign key takes a shared lock on it, and taking the
    // exclusive lock after that deadlocks concurrent logins of one user on MySQL/MariaDB.
    await trx.updateTable('users').set({ last_login: isoNow() }).where('id', '=', user.id).execute();
    if (session) {
      await insertBrowserSession(trx, {
        id: session.id,
        userId: user.id,
        secretHash: hashSessionSecret(session.secret),
        createdAt: now,
        expiresAt: session.expiresAt,
      });
    }
    await recordIssuedToken(trx, { ...issued, userId: user.id, sessionId: session?.id });
  });
  return {
    token: token(extra),
    cookie: session ? { secret: session.secret, expiresAt: session.expiresAt } : undefined,
  };
}

/**
 * Trades a session cookie's secret for a fresh short-lived token and moves the session's idle
 * expiry forward. No cookie or an unknown one is UNAUTHORIZED; a session that was ended (sign-out,
 * password change, disabled account…) TOKEN_REVOKED; one past its expiry TOKEN_EXPIRED.
 */
export async function renewBrowserSession(
  ctx: IdentityContext,
  secret: string | undefined,
  now: Date = new Date(),
): Promise<StartedSession> {
  if (!secret) throw new AppError('UNAUTHORIZED', 'No session cookie was sent; sign in first');
  const found = await findBrowserSession(ctx.db, hashSessionSecret(secret));
  if (!found) throw new AppError('UNAUTHORIZED', 'The session cookie is not valid; sign in again');
  const { session, account } = found;
  if (session.revoked_at !== null || Number(account.disabled) === 1) throw new AppError('TOKEN_REVOKED');
  if (new Date(session.expires_at).getTime() <= now.getTime()) throw new AppError('TOKEN_EXPIRED');

  const expiresAt = sessionEnd(new Date(session.created_at), now);
  const { issued, token } = await issueFor(ctx, account, now, BROWSER_TOKEN_LIFETIME_SECONDS);
  await ctx.db.transaction().execute(async (trx: Db) => {
    if (!(await extendBrowserSession(trx, session.id, expiresAt))) throw new AppError('TOKEN_REVOKED');
    await recordIssuedToken(trx, { ...issued, userId: account.id, sessionId: session.id });
  });
  return { token: token({ username: account.username }), cookie: { secret, expiresAt } };
}
