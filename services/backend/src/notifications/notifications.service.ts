import {
  AppError,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
  type PaginationQuery,
  pageOffset,
  type UpdateNotificationPreferencesRequest,
} from '@faraday/contracts';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
import { isoNow } from '../shared/time.js';
import { countUnread, listNotifications, markAllRead, markRead } from './notifications.repository.js';
import { preferencesOf, savePreferences } from './preferences.repository.js';

type Row = Awaited<ReturnType<typeof listNotifications>>['rows'][number];

function toView(row: Row): Notification {
  const detail = JSON.parse(row.detail) as { change?: Notification['change']; due_date?: string };
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    course_id: row.course_id,
    course_name: row.course_name,
    subject_title: row.subject_title,
    change: row.kind === 'assignment' ? (detail.change ?? 'changed') : null,
    due_date: row.kind === 'assignment' || row.kind === 'due_soon' ? (detail.due_date ?? null) : null,
    link: row.link,
    created_at: row.created_at,
    read: row.read_at !== null,
  };
}

export async function myNotifications(
  db: Db,
  principal: Principal,
  query: PaginationQuery,
): Promise<NotificationList> {
  const { rows, total, unread } = await listNotifications(db, principal.userId, {
    offset: pageOffset(query),
    limit: query.limit,
  });
  return {
    notifications: rows.map(toView),
    total,
    page: query.page,
    limit: query.limit,
    unread_count: unread,
  };
}

export async function myUnreadCount(db: Db, principal: Principal) {
  return { unread_count: await countUnread(db, principal.userId) };
}

export async function readNotification(db: Db, principal: Principal, id: string) {
  if (!(await markRead(db, principal.userId, id, isoNow()))) throw new AppError('NOTIFICATION_NOT_FOUND');
  return { unread_count: await countUnread(db, principal.userId) };
}

export async function readAllNotifications(db: Db, principal: Principal) {
  return { marked_count: await markAllRead(db, principal.userId, isoNow()) };
}

export async function myPreferences(
  db: Db,
  principal: Principal,
  emailAvailable: boolean,
): Promise<NotificationPreferences> {
  return { email_available: emailAvailable, preferences: await preferencesOf(db, principal.userId) };
}

export async function updateMyPreferences(
  db: Db,
  principal: Principal,
  input: UpdateNotificationPreferencesRequest,
  emailAvailable: boolean,
): Promise<NotificationPreferences> {
  await savePreferences(db, principal.userId, input.preferences);
  return myPreferences(db, principal, emailAvailable);
}
