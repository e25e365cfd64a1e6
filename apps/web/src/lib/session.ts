/**
 * The signed-in session of this tab. The access token lives only in this module's memory: no
 * storage a page script could read it from. The server's HttpOnly session cookie renews it
 * (lib/api.ts: restoreSession on a new tab or a reload, freshToken before it expires). Tabs tell
 * each other on a BroadcastChannel, so signing out in one ends them all. A listener hears when
 * the session starts or ends, so the app can return to sign-in with a reason.
 */
export type EndReason = 'expired' | 'signed-out';
/** What the new session asks of the user first: nothing, a password change, or a reminder to make one. */
export type PasswordChange = 'none' | 'required' | 'reminder';
type Listener = (reason: EndReason | null) => void;

/** The parts of the server's token answer the session keeps. */
export interface SessionToken {
  access_token: string;
  expires_in: number;
  user_id: string;
}

interface Current {
  token: string;
  userId: string;
  /** When to renew: a minute before the token's end, by this browser's clock. */
  renewAt: number;
  change: PasswordChange;
}

type TabMessage = { type: 'signed-in'; userId: string } | { type: 'signed-out' };

const RENEW_MARGIN_MS = 60_000;
/** A dismissed reminder stays dismissed in this tab (not a credential, so storage is fine). */
const REMINDER_DISMISSED_KEY = 'faraday.reminderDismissed';

let current: Current | null = null;
const listeners = new Set<Listener>();

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('faraday.session');
// Outside a browser (unit tests under Node) an open channel would keep the process alive.
(channel as { unref?: () => void } | null)?.unref?.();
channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
  const message = event.data;
  if (message.type === 'signed-out') end('signed-out');
  // Another tab signed in as someone else: the cookie is theirs now, so this tab's session is over.
  if (message.type === 'signed-in' && current && current.userId !== message.userId) end('signed-out');
});

function notify(reason: EndReason | null): void {
  for (const listener of listeners) listener(reason);
}

function end(reason: EndReason): void {
  if (!current) return;
  current = null;
  notify(reason);
}

function held(token: SessionToken, change: PasswordChange): Current {
  return {
    token: token.access_token,
    userId: token.user_id,
    renewAt: Date.now() + token.expires_in * 1000 - RENEW_MARGIN_MS,
    change,
  };
}

export const session = {
  token: (): string | null => current?.token ?? null,
  userId: (): string | null => current?.userId ?? null,
  /** The token is near its end (or past it): renew before sending it. */
  expiresSoon: (): boolean => current !== null && Date.now() >= current.renewAt,
  /** The server refuses everything but a password change until it is done. */
  mustChangePassword: (): boolean => current?.change === 'required',
  /** The password is an initial one the server does not enforce (demo accounts outside production). */
  remindToChange: (): boolean =>
    current?.change === 'reminder' && sessionStorage.getItem(REMINDER_DISMISSED_KEY) !== '1',
  dismissReminder() {
    sessionStorage.setItem(REMINDER_DISMISSED_KEY, '1');
  },
  /** A session begins in this tab (sign-in, a restored session, a changed password). */
  start(token: SessionToken, change: PasswordChange) {
    current = held(token, change);
    channel?.postMessage({ type: 'signed-in', userId: token.user_id } satisfies TabMessage);
    notify(null);
  },
  /** A renewed token for the same session. */
  renewed(token: SessionToken) {
    if (current) current = held(token, current.change);
  },
  /** The server ended the session (a 401, a renewal refused): this tab returns to sign-in. */
  expire(reason: EndReason) {
    end(reason);
  },
  /** The user signed out here: every other tab of this browser signs out too. */
  signedOut() {
    channel?.postMessage({ type: 'signed-out' } satisfies TabMessage);
    end('signed-out');
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
