/**
 * The signed-in session: the token lives in sessionStorage (gone when the tab closes), and a
 * listener hears when it ends so the app can return to sign-in with a reason.
 */
const TOKEN_KEY = 'faraday.token';
const FLAG_KEY = 'faraday.mustChange';
const REMIND_KEY = 'faraday.remindChange';

export type EndReason = 'expired' | 'signed-out';
type Listener = (reason: EndReason | null) => void;

const listeners = new Set<Listener>();

export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  /** The server refuses everything but a password change until it is done. */
  mustChangePassword: (): boolean => sessionStorage.getItem(FLAG_KEY) === '1',
  /** The password is an initial one the server does not enforce (demo accounts outside production). */
  remindToChange: (): boolean => sessionStorage.getItem(REMIND_KEY) === '1',
  dismissReminder() {
    sessionStorage.removeItem(REMIND_KEY);
  },
  start(token: string, change: 'none' | 'required' | 'reminder') {
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(FLAG_KEY, change === 'required' ? '1' : '0');
    sessionStorage.setItem(REMIND_KEY, change === 'reminder' ? '1' : '0');
    for (const listener of listeners) listener(null);
  },
  expire(reason: EndReason) {
    if (!sessionStorage.getItem(TOKEN_KEY)) return;
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(FLAG_KEY);
    sessionStorage.removeItem(REMIND_KEY);
    for (const listener of listeners) listener(reason);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
