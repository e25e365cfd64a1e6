import { AppError } from '@faraday/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** How much one person may store and how fast (config.uploads.limits). */
export interface UploadLimitSettings {
  /** Bytes of files one user may have stored (their submission attachments and uploaded resources). */
  userQuotaBytes: number;
  /** Bytes of files one course may hold (its resources and every submission attachment). */
  courseQuotaBytes: number;
  /** Attempts one student may hand in at one assignment within an hour. */
  attemptsPerHour: number;
  /** Uploads of one user being received at once by this instance. */
  inFlightPerUser: number;
}

/**
 * The room an upload has: the smaller of what is left of the uploader's and of the course's
 * quota, and which of the two that is, so a refusal can name it.
 */
export interface StorageRoom {
  bytes: number;
  quota: 'user' | 'course';
  quotaBytes: number;
}

const sumOf = (rows: { bytes: number | string | null } | undefined): number => Number(rows?.bytes ?? 0);

/** Bytes stored for the user: attachments of their submissions and resources they uploaded. */
async function userBytes(db: Db, userId: string): Promise<number> {
  const submitted = await db
    .selectFrom('stored_files as f')
    .innerJoin('submission_files as sf', 'sf.file_id', 'f.id')
    .innerJoin('submissions as s', 's.id', 'sf.submission_id')
    .where('s.student_id', '=', userId)
    .select(sql<number | string | null>`sum(f.size)`.as('bytes'))
    .executeTakeFirst();
  const uploaded = await db
    .selectFrom('stored_files as f')
    .innerJoin('resources as r', 'r.file_id', 'f.id')
    .where('r.uploaded_by', '=', userId)
    .select(sql<number | string | null>`sum(f.size)`.as('bytes'))
    .executeTakeFirst();
  return sumOf(submitted) + sumOf(uploaded);
}

/** Bytes stored in the course: its resources and the attachments of every submission to it. */
async function courseBytes(db: Db, courseId: string): Promise<number> {
  const submitted = await db
    .selectFrom('stored_files as f')
    .innerJoin('submission_files as sf', 'sf.file_id', 'f.id')
    .innerJoin('submissions as s', 's.id', 'sf.submission_id')
    .innerJoin('assignments as a', 'a.id', 's.assignment_id')
    .where('a.course_id', '=', courseId)
    .select(sql<number | string | null>`sum(f.size)`.as('bytes'))
    .executeTakeFirst();
  const resources = await db
    .selectFrom('stored_files as f')
    .innerJoin('resources as r', 'r.file_id', 'f.id')
    .where('r.course_id', '=', courseId)
    .select(sql<number | string | null>`sum(f.size)`.as('bytes'))
    .executeTakeFirst();
  return sumOf(submitted) + sumOf(resources);
}

export function quotaExceeded(room: StorageRoom): AppError {
  const whose = room.quota === 'user' ? 'your' : "the course's";
  const variable = room.quota === 'user' ? 'STORAGE_QUOTA_USER_BYTES' : 'STORAGE_QUOTA_COURSE_BYTES';
  return new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `The upload would go past ${whose} storage quota of ${room.quotaBytes} bytes`,
    {
      details: `quota: ${room.quota} (${variable}) ${room.quotaBytes} bytes; left: ${room.bytes} bytes`,
    },
  );
}

/**
 * What is left to store for this uploader in this course (at least 0). A full quota still lets a
 * form without files through; the first byte of a file past it is refused.
 */
export async function storageRoom(
  db: Db,
  limits: UploadLimitSettings,
  userId: string,
  courseId: string,
): Promise<StorageRoom> {
  const [byUser, byCourse] = await Promise.all([userBytes(db, userId), courseBytes(db, courseId)]);
  const userLeft = limits.userQuotaBytes - byUser;
  const courseLeft = limits.courseQuotaBytes - byCourse;
  const room: StorageRoom =
    userLeft <= courseLeft
      ? { bytes: Math.max(0, userLeft), quota: 'user', quotaBytes: limits.userQuotaBytes }
      : { bytes: Math.max(0, courseLeft), quota: 'course', quotaBytes: limits.courseQuotaBytes };
  return room;
}

/**
 * Refuses a new attempt once the student has handed in `attemptsPerHour` at this assignment in
 * the last hour, with Retry-After: when the oldest of them leaves the window.
 */
export async function assertAttemptsLeft(
  db: Db,
  limits: UploadLimitSettings,
  assignmentId: string,
  studentId: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - 3_600_000).toISOString();
  const recent = await db
    .selectFrom('submission_attempts as sa')
    .innerJoin('submissions as s', 's.id', 'sa.submission_id')
    .where('s.assignment_id', '=', assignmentId)
    .where('s.student_id', '=', studentId)
    .where('sa.submitted_at', '>', since)
    .select('sa.submitted_at')
    .orderBy('sa.submitted_at', 'desc')
    .limit(limits.attemptsPerHour)
    .execute();
  if (recent.length < limits.attemptsPerHour) return;
  const oldest = Date.parse(recent[recent.length - 1]!.submitted_at);
  const seconds = Math.max(1, Math.ceil((oldest + 3_600_000 - now.getTime()) / 1000));
  throw new AppError('ATTEMPT_LIMIT_REACHED', undefined, {
    details: `limit: ${limits.attemptsPerHour} attempts per assignment per hour (SUBMISSION_ATTEMPTS_PER_HOUR)`,
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Uploads of each user being received by this instance. A user at the cap is refused before
 * their body is read, so stalled uploads cannot pile up connections and temporary files.
 */
export class UploadSlots {
  readonly #inFlight = new Map<string, number>();

  constructor(private readonly perUser: number) {}

  /** Takes a slot for the user; call the answer once the upload is stored or refused. */
  acquire(userId: string): () => void {
    const held = this.#inFlight.get(userId) ?? 0;
    if (held >= this.perUser) {
      throw new AppError('UPLOADS_IN_PROGRESS', undefined, {
        details: `limit: ${this.perUser} uploads at once per user (UPLOADS_PER_USER)`,
        headers: { 'retry-after': '10' },
      });
    }
    this.#inFlight.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#inFlight.get(userId) ?? 1) - 1;
      if (left <= 0) this.#inFlight.delete(userId);
      else this.#inFlight.set(userId, left);
    };
  }
}
