import type { NotificationKind } from '@faraday/contracts';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/transient-errors.js';
import { newId } from '../shared/ids.js';
import { DAY_MS, isoAfter, isoNow } from '../shared/time.js';
import { eventRow } from './outbox.js';
import { choicesFor } from './preferences.repository.js';
import { resolveFanOut } from './recipients.js';

/** How long a claimed event stays with its claimer before another instance may take it over. */
export const CLAIM_LEASE_MS = 60_000;
const BATCH = 50;

/**
 * Claims one event for `worker`: the conditional update succeeds for one instance only, as a
 * sweep run's claim does; a claim older than the lease (its instance died) may be taken over.
 */
async function claimEvent(db: Db, id: string, worker: string, now: string): Promise<boolean> {
  const staleBefore = isoAfter(-CLAIM_LEASE_MS, new Date(now));
  const result = await db
    .updateTable('notification_events')
    .set({ claimed_by: worker, claimed_at: now })
    .where('id', '=', id)
    .where('dispatched_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Fans one claimed event out to its recipients' notifications, respecting their choices, and
 * marks it dispatched in the same transaction; (event, user) is unique, so a takeover after a
 * crash mid-way adds only the notifications still missing.
 */
async function fanOut(db: Db, eventId: string, worker: string, emailEnabled: boolean): Promise<number> {
  const event = await db
    .selectFrom('notification_events')
    .selectAll()
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) return 0;
  const target = await resolveFanOut(db, event);
  const choices = target ? await choicesFor(db, event.kind as NotificationKind, target.userIds) : new Map();
  const now = isoNow();
  return db.transaction().execute(async (trx: Db) => {
    let written = 0;
    if (target) {
      const existing = await trx
        .selectFrom('notifications')
        .select('user_id')
        .where('event_id', '=', event.id)
        .execute();
      const done = new Set(existing.map((row) => row.user_id));
      const rows = target.userIds.flatMap((userId) => {
        const choice = choices.get(userId);
        if (!choice || done.has(userId)) return [];
        const email = emailEnabled && choice.email;
        if (!choice.in_app && !email) return [];
        return [
          {
            id: newId(),
            event_id: event.id,
            user_id: userId,
            kind: event.kind,
            course_id: event.course_id,
            subject_title: target.subjectTitle,
            detail: JSON.stringify(target.detail),
            link: target.link,
            in_app: choice.in_app ? 1 : 0,
            created_at: event.created_at,
            read_at: null,
            email_state: email ? 'pending' : 'none',
            email_claim: null,
            email_claimed_at: null,
          },
        ];
      });
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('notifications')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      written = rows.length;
    }
    await trx
      .updateTable('notification_events')
      .set({ dispatched_at: now })
      .where('id', '=', event.id)
      .where('claimed_by', '=', worker)
      .execute();
    return written;
  });
}

/** One pass over the outbox: every event not yet dispatched that this instance can claim. */
export async function dispatchPending(db: Db, worker: string, emailEnabled: boolean): Promise<number> {
  const now = isoNow();
  const staleBefore = isoAfter(-CLAIM_LEASE_MS, new Date(now));
  const pending = await db
    .selectFrom('notification_events')
    .select('id')
    .where('dispatched_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  let written = 0;
  for (const { id } of pending) {
    if (await claimEvent(db, id, worker, now)) written += await fanOut(db, id, worker, emailEnabled);
  }
  return written;
}

/**
 * Queues a reminder for each published assignment due within 24 hours. The event's dedupe key
 * names the assignment and its due date, so the scan may run on every instance, every minute:
 * each (assignment, due date) is reminded of once, and a moved due date is reminded of again.
 */
export async function scanDueSoon(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .select(['a.id', 'a.course_id', 'a.due_date'])
    .where('a.status', '=', 'published')
    .where('c.deleted_at', 'is', null)
    .where('a.due_date', '>', isoNow(now))
    .where('a.due_date', '<=', isoAfter(DAY_MS, now))
    .execute();
  if (due.length === 0) return 0;
  const keyOf = (row: (typeof due)[number]) => `due_soon:${row.id}:${row.due_date}`;
  const known = await db
    .selectFrom('notification_events')
    .select('dedupe_key')
    .where('dedupe_key', 'in', due.map(keyOf))
    .execute();
  const seen = new Set(known.map((row) => row.dedupe_key));
  let queued = 0;
  for (const row of due.filter((r) => !seen.has(keyOf(r)))) {
    try {
      await db
        .insertInto('notification_events')
        .values(
          eventRow({
            kind: 'due_soon',
            courseId: row.course_id,
            subjectId: row.id,
            detail: { due_date: row.due_date },
            dedupeKey: keyOf(row),
          }),
        )
        .execute();
      queued++;
    } catch (error) {
      // Another instance's scan queued it first.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return queued;
}
