import type { EndReason } from '../../../lib/session';

/**
 * Restores the browser session in a new tab or after a reload (lib/api.ts, restoreSession). The
 * API client is loaded on demand, so the first page's chunk (the router's session guard) stays
 * without it. Resolves with why there is no session when the server ended it, else null.
 */
export function restoreSession(): Promise<EndReason | null> {
  return import('../../../lib/api').then(({ restoreSession }) => restoreSession()).catch(() => null);
}
