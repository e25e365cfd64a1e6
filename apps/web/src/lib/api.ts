import { ApiError, createFaradayClient } from '@faraday/client';
import { type EndReason, type PasswordChange, type SessionToken, session } from './session';

/** Asks the server for a fresh token with the session cookie; sends no token of its own. */
const cookieClient = createFaradayClient();
let renewing: Promise<string | null> | null = null;

/** Why a refused renewal ends the session, as the sign-in page words it. */
function endReasonOf(error: unknown): EndReason {
  return error instanceof ApiError && error.code === 'TOKEN_REVOKED' ? 'signed-out' : 'expired';
}

/** The session's token, renewed first when it is about to expire (one renewal for all waiting calls). */
async function freshToken(): Promise<string | null> {
  if (!session.expiresSoon()) return session.token();
  const userId = session.userId();
  renewing ??= cookieClient.auth
    .refresh()
    .then((token) => {
      // The cookie now belongs to whoever signed in last in this browser.
      if (token.user_id !== userId) {
        session.expire('signed-out');
        return null;
      }
      session.renewed(token);
      return token.access_token;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        session.expire(endReasonOf(error));
        return null;
      }
      // The server could not be reached: the token may still have its last minute; try again next call.
      return session.token();
    })
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

/** The one client of the web app: a fresh token from the session, a 401 anywhere signs out. */
export const api = createFaradayClient({
  getToken: freshToken,
  onUnauthorized: (error) => session.expire(error.code === 'TOKEN_EXPIRED' ? 'expired' : 'signed-out'),
});

/**
 * Starts the tab's session with a token. The answer says whether the server enforces a password
 * change (admin-created and reset accounts, demo accounts in production) or only flags it (demo
 * accounts outside production): no call is made just to find out, so none is refused with a 403.
 */
export function beginSession(
  token: SessionToken & { must_change_password: boolean; password_change_required: boolean },
): PasswordChange {
  const change: PasswordChange = token.password_change_required
    ? 'required'
    : token.must_change_password
      ? 'reminder'
      : 'none';
  session.start(token, change);
  return change;
}

let restoring: Promise<EndReason | null> | null = null;

/**
 * A new tab or a reload: the session cookie (if the browser has one) gives this tab a token.
 * Resolves with why there is no session when the server ended it (null: restored, or none to restore).
 */
export function restoreSession(): Promise<EndReason | null> {
  restoring ??= cookieClient.auth
    .refresh()
    .then((token) => {
      beginSession(token);
      return null;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && (error.code === 'TOKEN_REVOKED' || error.code === 'TOKEN_EXPIRED')) {
        return endReasonOf(error);
      }
      return null;
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

export { ApiError };
