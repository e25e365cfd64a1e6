import type { NotificationKind } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';

/** What a request queues: one row, whatever the number of people it concerns (docs/adr/0131). */
export interface NotificationEvent {
  kind: NotificationKind;
  courseId: string;
  subjectId: string;
  /** The one user it concerns (a grade); omitted: whoever the kind names in the course. */
  recipientId?: string;
  actorId?: string;
  detail?: Record<string, unknown>;
  dedupeKey?: string;
}

/** Where a failed queue write is reported, per database (tests run several apps in one process). */
const logs = new WeakMap<Db, FastifyBaseLogger>();

export function reportQueueFailuresTo(db: Db, log: FastifyBaseLogger): void {
  logs.set(db, log);
}

export function eventRow(event: NotificationEvent, now = isoNow()) {
  return {
    id: newId(),
    kind: event.kind,
    course_id: event.courseId,
    subject_id: event.subjectId,
    recipient_id: event.recipientId ?? null,
    actor_id: event.actorId ?? null,
    detail: JSON.stringify(event.detail ?? {}),
    dedupe_key: event.dedupeKey ?? null,
    created_at: now,
    claimed_by: null,
    claimed_at: null,
    dispatched_at: null,
  };
}

/**
 * Queues an event after the change it tells of has been committed. It never throws: the change
 * stands whether or not its notification could be queued, so a failure is logged, not answered.
 */
export async function queueNotification(db: Db, event: NotificationEvent): Promise<void> {
  try {
    await db.insertInto('notification_events').values(eventRow(event)).execute();
  } catch (error) {
    logs
      .get(db)
      ?.error({ err: error, kind: event.kind, subject_id: event.subjectId }, 'notification not queued');
  }
}
