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
 * Whether the server enforces the change: it does for admin-created and reset accounts (and every
 * demo account in production); outside production the demo accounts are only reminded.
 */
async function mustChangeFirst(): Promise<boolean> {
  try {
    await api.me.dueAssignments(1);
    return false;
  } catch (error) {
    return error instanceof ApiError && error.code === 'PASSWORD_CHANGE_REQUIRED';
  }
}

/** Starts the tab's session with a token; with a must-change flag, asks the server whether it insists. */
export async function beginSession(
  token: SessionToken & { must_change_password: boolean },
): Promise<PasswordChange> {
  let change: PasswordChange = 'none';
  if (token.must_change_password) {
    session.start(token, 'reminder');
    change = (await mustChangeFirst()) ? 'required' : 'reminder';
  }
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
    .then(async (token) => {
      await beginSession(token);
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
