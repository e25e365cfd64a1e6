import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AnnouncementsTable } from '../db/schema.js';
import { isUniqueViolation } from '../db/transient-errors.js';

/** An announcement with its author, attachment and the reader's marker, as the views need it. */
export interface AnnouncementRow {
  id: string;
  course_id: string;
  title: string;
  body: string;
  pinned: number | string;
  created_by: string;
  author_name: string | null;
  created_at: string;
  updated_at: string;
  attachment_id: string | null;
  attachment_name: string | null;
  attachment_file_name: string | null;
  read_at: string | null;
}

/** Announcements as `readerId` sees them: the attachment only while the resource still exists. */
function selectAnnouncements(db: Db, readerId: string) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .leftJoin('resources as r', (join) =>
      join.onRef('r.id', '=', 'a.resource_id').onRef('r.course_id', '=', 'a.course_id'),
    )
    .leftJoin('stored_files as f', 'f.id', 'r.file_id')
    .leftJoin('announcement_reads as ar', (join) =>
      join.onRef('ar.announcement_id', '=', 'a.id').on('ar.user_id', '=', readerId),
    )
    .select([
      'a.id',
      'a.course_id',
      'a.title',
      'a.body',
      'a.pinned',
      'a.created_by',
      'u.name as author_name',
      'a.created_at',
      'a.updated_at',
      'r.id as attachment_id',
      'r.name as attachment_name',
      'f.file_name as attachment_file_name',
      'ar.read_at',
    ]);
}

export async function insertAnnouncement(db: Db, row: Insertable<AnnouncementsTable>): Promise<void> {
  await db.insertInto('announcements').values(row).execute();
}

export async function findAnnouncement(
  db: Db,
  courseId: string,
  announcementId: string,
  readerId: string,
): Promise<AnnouncementRow | undefined> {
  return selectAnnouncements(db, readerId)
    .where('a.id', '=', announcementId)
    .where('a.course_id', '=', courseId)
    .executeTakeFirst();
}

/** Pinned first, then what the reader has not read, then newest (the id breaks ties: UUID v7). */
export async function listCourseAnnouncements(
  db: Db,
  courseId: string,
  readerId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: AnnouncementRow[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    selectAnnouncements(db, readerId)
      .where('a.course_id', '=', courseId)
      .orderBy('a.pinned', 'desc')
      .orderBy(sql`case when ar.read_at is null then 0 else 1 end`)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('announcements as a')
      .leftJoin('announcement_reads as ar', (join) =>
        join.onRef('ar.announcement_id', '=', 'a.id').on('ar.user_id', '=', readerId),
      )
      .where('a.course_id', '=', courseId)
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        // sum(case …), not count(…) filter (where …): MariaDB has no FILTER clause.
        sql<number | string | null>`sum(case when ar.read_at is null then 1 else 0 end)`.as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total), unread: Number(counts.unread) };
}

export async function updateAnnouncementRow(
  db: Db,
  announcementId: string,
  changes: Updateable<AnnouncementsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('announcements')
    .set(changes)
    .where('id', '=', announcementId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the announcement (its read markers go with it); answers whether it was there. */
export async function deleteAnnouncementRow(
  db: Db,
  courseId: string,
  announcementId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('announcements')
    .where('id', '=', announcementId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Does the course hold a resource with this id (the only attachments an announcement may carry). */
export async function courseHasResource(db: Db, courseId: string, resourceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('resources')
    .select('id')
    .where('id', '=', resourceId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks every announcement of the course read for the user, answering how many were newly
 * marked. Two tabs may mark the same ones at once: the loser's insert meets the winner's rows
 * (a primary-key violation), so it looks again and inserts only what is still missing.
 */
export async function markCourseAnnouncementsRead(
  db: Db,
  courseId: string,
  userId: string,
  readAt: string,
  attempts = 3,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const unread = await db
      .selectFrom('announcements as a')
      .leftJoin('announcement_reads as ar', (join) =>
        join.onRef('ar.announcement_id', '=', 'a.id').on('ar.user_id', '=', userId),
      )
      .select('a.id')
      .where('a.course_id', '=', courseId)
      .where('ar.read_at', 'is', null)
      .execute();
    if (unread.length === 0) return 0;
    try {
      await db
        .insertInto('announcement_reads')
        .values(unread.map((row) => ({ announcement_id: row.id, user_id: userId, read_at: readAt })))
        .execute();
      return unread.length;
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}

export async function markAnnouncementRead(
  db: Db,
  announcementId: string,
  userId: string,
  readAt: string,
): Promise<void> {
  await db
    .insertInto('announcement_reads')
    .values({ announcement_id: announcementId, user_id: userId, read_at: readAt })
    .execute();
}

/** A course the user is in (as teacher or member) that is live: where their dashboard looks. */
function myUnread(db: Db, userId: string) {
  return db
    .selectFrom('announcements as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .leftJoin('course_members as m', (join) =>
      join.onRef('m.course_id', '=', 'c.id').on('m.user_id', '=', userId),
    )
    .leftJoin('announcement_reads as ar', (join) =>
      join.onRef('ar.announcement_id', '=', 'a.id').on('ar.user_id', '=', userId),
    )
    .where('c.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('c.teacher_id', '=', userId), eb('m.user_id', 'is not', null)]))
    .where('ar.read_at', 'is', null);
}

/** The user's unread announcements across their live courses, newest first, and how many there are. */
export async function listUnreadAnnouncements(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ rows: Array<AnnouncementRow & { course_name: string; course_code: string }>; total: number }> {
  const ids = myUnread(db, userId).select('a.id');
  const [rows, count] = await Promise.all([
    selectAnnouncements(db, userId)
      .innerJoin('courses as c', 'c.id', 'a.course_id')
      .select(['c.name as course_name', 'c.code as course_code'])
      .where('a.id', 'in', ids)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute(),
    myUnread(db, userId)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
