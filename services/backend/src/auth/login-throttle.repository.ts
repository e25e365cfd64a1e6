import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** The instant until which a username is locked, if it is locked now. */
export async function lockedUntil(db: Db, username: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row?.locked_until) return undefined;
  const until = new Date(row.locked_until);
  return until > now ? until : undefined;
}

/**
 * Counts one failed login atomically, so concurrent failures can neither be lost nor slip past
 * the lock. One UPDATE does the whole decision; the assignments are ordered so that every
 * expression reads the old row on all three databases (MySQL evaluates SET left to right with
 * the new values, the others with the old ones).
 */
export async function recordLoginFailure(
  db: Db,
  username: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<void> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - policy.windowMs).toISOString();
  const lockEnd = new Date(now.getTime() + policy.lockMs).toISOString();
  const update = () =>
    db
      .updateTable('login_throttle')
      .set({
        locked_until: sql`case when window_start >= ${cutoff} and failures + 1 >= ${policy.maxFailures} then ${lockEnd} else locked_until end`,
        failures: sql`case when window_start >= ${cutoff} then failures + 1 else 1 end`,
        window_start: sql`case when window_start >= ${cutoff} then window_start else ${nowIso} end`,
      })
      .where('username', '=', username)
      .executeTakeFirst();

  if (Number((await update()).numUpdatedRows) > 0) return;
  try {
    await db
      .insertInto('login_throttle')
      .values({
        username,
        failures: 1,
        window_start: nowIso,
        locked_until: policy.maxFailures <= 1 ? lockEnd : null,
      })
      .execute();
  } catch (error) {
    // Another request inserted the row first: count this failure on it.
    if (Number((await update()).numUpdatedRows) === 0) throw error;
  }
}

export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('username', '=', username).execute();
}

/** Forgets throttle rows whose window and lock are both long over. */
export async function deleteStaleThrottleRows(db: Db, olderThan: Date): Promise<void> {
  const before = olderThan.toISOString();
  await db
    .deleteFrom('login_throttle')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
    .execute();
}
