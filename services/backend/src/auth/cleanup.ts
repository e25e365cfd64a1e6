import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { DAY_MS, HOUR_MS } from '../shared/time.js';
import { deleteExpiredTokens } from './auth-tokens.repository.js';
import { deleteExpiredBrowserSessions } from './browser-sessions.repository.js';
import { deleteStaleThrottleRows } from './login-throttle.repository.js';

/**
 * Deletes expired token and browser session rows and day-old throttle rows. Idempotent, so
 * several instances may run it.
 */
export async function cleanUpIdentityTables(db: Db, now: Date = new Date()): Promise<void> {
  await deleteExpiredTokens(db, now);
  await deleteExpiredBrowserSessions(db, now);
  await deleteStaleThrottleRows(db, new Date(now.getTime() - DAY_MS));
}

export function scheduleIdentityCleanup(app: FastifyInstance, db: Db, everyMs = HOUR_MS): void {
  const run = () =>
    cleanUpIdentityTables(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'identity clean-up failed'),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => {
    await run();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
