import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface ThrottlePolicy {
  /** Failures of one username from one address within the window that lock it there. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  /** Failures of one username from all addresses within the window past which logins are slowed. */
  slowAfterFailures: number;
  /** How long each login of a slowed username waits before its password is checked. */
  slowdownMs: number;
}

/** The address of the row counting a username's failures from every address. */
export const ALL_ADDRESSES = '*';

export interface ThrottleState {
  /** Until when this username is locked for this address, if it is now. */
  lockedUntil: Date | undefined;
  /** Too many failures from all addresses: attempts wait, but are still checked. */
  slowed: boolean;
}

export async function throttleState(
  db: Db,
  username: string,
  address: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<ThrottleState> {
  const rows = await db
    .selectFrom('login_failures')
    .select(['address', 'failures', 'window_start', 'locked_until'])
    .where('username', '=', username)
    .where('address', 'in', [address, ALL_ADDRESSES])
    .execute();
  const own = rows.find((row) => row.address === address);
  const all = rows.find((row) => row.address === ALL_ADDRESSES);
  const until = own?.locked_until ? new Date(own.locked_until) : undefined;
  const windowOpen =
    all !== undefined && new Date(all.window_start).getTime() >= now.getTime() - policy.windowMs;
  return {
    lockedUntil: until && until > now ? until : undefined,
    slowed: windowOpen && Number(all?.failures) >= policy.slowAfterFailures,
  };
}

/**
 * Counts one failed login on the username's row for this address (which may lock it there) and
 * on its row for all addresses (which only ever slows). Each count is atomic, so concurrent
 * failures can neither be lost nor slip past the lock.
 */
export async function recordLoginFailure(
  db: Db,
  username: string,
  address: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<void> {
  await countFailure(db, username, address, now, policy, policy.maxFailures);
  await countFailure(db, username, ALL_ADDRESSES, now, policy, undefined);
}

/**
 * One UPDATE does the whole decision; the assignments are ordered so that every expression
 * reads the old row on all three databases (MySQL evaluates SET left to right with the new
 * values, the others with the old ones).
 */
async function countFailure(
  db: Db,
  username: string,
  address: string,
  now: Date,
  policy: ThrottlePolicy,
  lockAfter: number | undefined,
): Promise<void> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - policy.windowMs).toISOString();
  const lockEnd = new Date(now.getTime() + policy.lockMs).toISOString();
  const update = () =>
    db
      .updateTable('login_failures')
      .set({
        ...(lockAfter === undefined
          ? {}
          : {
              locked_until: sql`case when window_start >= ${cutoff} and failures + 1 >= ${lockAfter} then ${lockEnd} else locked_until end`,
            }),
        failures: sql`case when window_start >= ${cutoff} then failures + 1 else 1 end`,
        window_start: sql`case when window_start >= ${cutoff} then window_start else ${nowIso} end`,
      })
      .where('username', '=', username)
      .where('address', '=', address)
      .executeTakeFirst();

  if (Number((await update()).numUpdatedRows) > 0) return;
  try {
    await db
      .insertInto('login_failures')
      .values({
        username,
        address,
        failures: 1,
        window_start: nowIso,
        locked_until: lockAfter !== undefined && lockAfter <= 1 ? lockEnd : null,
      })
      .execute();
  } catch (error) {
    // Another request inserted the row first: count this failure on it.
    if (Number((await update()).numUpdatedRows) === 0) throw error;
  }
}

/** A successful login forgets the failures from its address; the all-address count runs out by itself. */
export async function clearLoginFailuresFrom(db: Db, username: string, address: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('username', '=', username)
    .where('address', '=', address)
    .execute();
}

/** An admin's unlock or password reset: every lock and count of the username, from every address. */
export async function clearAllLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}

/** Forgets throttle rows whose window and lock are both long over. */
export async function deleteStaleThrottleRows(db: Db, olderThan: Date): Promise<void> {
  const before = olderThan.toISOString();
  await db
    .deleteFrom('login_failures')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
    .execute();
}

/**
 * The latest lock still running for each of these usernames, from any one address (an admin's
 * view: a user locked from one address is "locked" until that lock ends).
 */
export async function activeLocks(db: Db, usernames: string[], now: Date): Promise<Map<string, string>> {
  const locks = new Map<string, string>();
  if (usernames.length === 0) return locks;
  const rows = await db
    .selectFrom('login_failures')
    .select(['username', 'locked_until'])
    .where('username', 'in', usernames)
    .where('address', '<>', ALL_ADDRESSES)
    .where('locked_until', '>', now.toISOString())
    .execute();
  for (const { username, locked_until } of rows) {
    const until = new Date(locked_until as string).toISOString();
    if (until > (locks.get(username) ?? '')) locks.set(username, until);
  }
  return locks;
}
