import {
  type Announcement,
  AppError,
  type CreateAnnouncementRequest,
  type PaginationQuery,
  pageOffset,
  type UpdateAnnouncementRequest,
} from '@faraday/contracts';
import type { Updateable } from 'kysely';
import type { Principal } from '../auth/principal.js';
import { accessCourse, accessCourseForChange } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import type { AnnouncementsTable } from '../db/schema.js';
import { queueNotification } from '../notifications/outbox.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { toAnnouncementView } from './announcement-views.js';
import {
  courseHasResource,
  deleteAnnouncementRow,
  findAnnouncement,
  insertAnnouncement,
  listCourseAnnouncements,
  listUnreadAnnouncements,
  markAnnouncementRead,
  markCourseAnnouncementsRead,
  updateAnnouncementRow,
} from './announcements.repository.js';

/** An attachment must be one of the course's own resources; anything else is a bad field, named. */
async function checkAttachment(db: Db, courseId: string, resourceId: string | null | undefined) {
  if (resourceId === null || resourceId === undefined) return;
  if (!(await courseHasResource(db, courseId, resourceId))) {
    throw new AppError('VALIDATION_ERROR', 'The attachment is not a resource of this course', {
      details: 'body.resource_id: no resource of this course has this id',
    });
  }
}

async function viewOf(db: Db, courseId: string, announcementId: string, readerId: string) {
  const row = await findAnnouncement(db, courseId, announcementId, readerId);
  if (!row) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
  return toAnnouncementView(row);
}

/** Post: the course's teacher, its assistants or an admin; the author has read their own post. */
export async function postAnnouncement(
  db: Db,
  principal: Principal,
  courseId: string,
  input: CreateAnnouncementRequest,
): Promise<Announcement> {
  await accessCourseForChange(db, principal, courseId, 'content');
  await checkAttachment(db, courseId, input.resource_id);
  const now = isoNow();
  const id = newId();
  await db.transaction().execute(async (trx: Db) => {
    await insertAnnouncement(trx, {
      id,
      course_id: courseId,
      title: input.title,
      body: input.body,
      resource_id: input.resource_id,
      pinned: input.pinned ? 1 : 0,
      created_by: principal.userId,
      created_at: now,
      updated_at: now,
    });
    await markAnnouncementRead(trx, id, principal.userId, now);
  });
  await queueNotification(db, { kind: 'announcement', courseId, subjectId: id, actorId: principal.userId });
  return viewOf(db, courseId, id, principal.userId);
}

/** Any member (and admins): pinned first, then unread, then newest. */
export async function listAnnouncements(
  db: Db,
  principal: Principal,
  courseId: string,
  query: PaginationQuery,
) {
  await accessCourse(db, principal, courseId);
  const { rows, total, unread } = await listCourseAnnouncements(db, courseId, principal.userId, {
    offset: pageOffset(query),
    limit: query.limit,
  });
  return {
    announcements: rows.map(toAnnouncementView),
    total,
    page: query.page,
    limit: query.limit,
    unread_count: unread,
  };
}

/** Edit or pin. Editing does not mark it unread again for those who have read it (ADR 0142). */
export async function editAnnouncement(
  db: Db,
  principal: Principal,
  courseId: string,
  announcementId: string,
  input: UpdateAnnouncementRequest,
): Promise<Announcement> {
  await accessCourseForChange(db, principal, courseId, 'content');
  if (!(await findAnnouncement(db, courseId, announcementId, principal.userId))) {
    throw new AppError('ANNOUNCEMENT_NOT_FOUND');
  }
  await checkAttachment(db, courseId, input.resource_id);
  const changes: Updateable<AnnouncementsTable> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.body !== undefined) changes.body = input.body;
  if (input.resource_id !== undefined) changes.resource_id = input.resource_id;
  // Pinning is not editing: updated_at (shown as "edited") moves only when the content changes.
  if (Object.keys(changes).length > 0) changes.updated_at = isoNow();
  if (input.pinned !== undefined) changes.pinned = input.pinned ? 1 : 0;
  if (!(await updateAnnouncementRow(db, announcementId, changes)))
    throw new AppError('ANNOUNCEMENT_NOT_FOUND');
  return viewOf(db, courseId, announcementId, principal.userId);
}

export async function deleteAnnouncement(
  db: Db,
  principal: Principal,
  courseId: string,
  announcementId: string,
): Promise<void> {
  await accessCourseForChange(db, principal, courseId, 'content');
  if (!(await deleteAnnouncementRow(db, courseId, announcementId)))
    throw new AppError('ANNOUNCEMENT_NOT_FOUND');
}

/** Opening the course's announcements: every one of them is read by the caller from now on. */
export async function markAnnouncementsRead(db: Db, principal: Principal, courseId: string) {
  await accessCourse(db, principal, courseId);
  return { marked_count: await markCourseAnnouncementsRead(db, courseId, principal.userId, isoNow()) };
}

/** The dashboard's card: unread announcements of the caller's own courses, newest first. */
export async function unreadAnnouncements(db: Db, principal: Principal, query: { limit: number }) {
  const { rows, total } = await listUnreadAnnouncements(db, principal.userId, query.limit);
  return {
    announcements: rows.map((row) => ({
      ...toAnnouncementView(row),
      course_name: row.course_name,
      course_code: row.course_code,
    })),
    total,
  };
}
