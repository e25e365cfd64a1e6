import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  type Calendar,
  type CalendarFeedCreated,
  type CalendarFeedState,
  type CalendarItem,
  type CalendarQuery,
  MAX_CALENDAR_SPAN_DAYS,
} from '@faraday/contracts';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
import { studentStatusOf } from '../grades/queues.service.js';
import { DAY_MS, isoNow } from '../shared/time.js';
import {
  type DueDateRow,
  deleteFeed,
  dueDatesOf,
  findFeed,
  findFeedOwner,
  putFeed,
} from './calendar.repository.js';
import { type CalendarEvent, writeCalendar } from './icalendar.js';

/** Most due dates one answer carries: far above a year of any real timetable. */
const MAX_ITEMS = 2000;
/** What the feed publishes: the last half year and everything ahead (two years). */
const FEED_PAST_MS = 183 * DAY_MS;
const FEED_AHEAD_MS = 2 * 365 * DAY_MS;
/** How often subscribed clients are asked to fetch again (most poll on their own schedule). */
const FEED_REFRESH_MINUTES = 60;
/** The secret of a feed URL: 256 random bits, URL-safe. */
const SECRET_BYTES = 32;

function roleOf(row: DueDateRow, userId: string): CalendarItem['role'] {
  if (row.teacher_id === userId) return 'teacher';
  return row.member_role === 'assistant' ? 'assistant' : 'student';
}

function toItem(row: DueDateRow, userId: string): CalendarItem {
  const role = roleOf(row, userId);
  return {
    assignment_id: row.assignment_id,
    course_id: row.course_id,
    course_name: row.course_name,
    course_code: row.course_code,
    title: row.title,
    due_date: row.due_date,
    assignment_status: row.assignment_status as CalendarItem['assignment_status'],
    role,
    status: role === 'student' ? studentStatusOf(row) : null,
  };
}

/** The caller's due dates in a window (default: 30 days back to 90 ahead), soonest first. */
export async function myCalendar(
  db: Db,
  principal: Principal,
  query: CalendarQuery,
  now: Date = new Date(),
): Promise<Calendar> {
  const from = query.from ?? new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const to = query.to ?? new Date(Math.max(Date.parse(from), now.getTime()) + 90 * DAY_MS).toISOString();
  if (Date.parse(to) - Date.parse(from) > MAX_CALENDAR_SPAN_DAYS * DAY_MS) {
    throw new AppError('VALIDATION_ERROR', `Ask for at most ${MAX_CALENDAR_SPAN_DAYS} days at a time`, {
      details: `querystring.to: at most ${MAX_CALENDAR_SPAN_DAYS} days after from`,
    });
  }
  if (from > to) {
    throw new AppError('VALIDATION_ERROR', 'from must not be after to', {
      details: 'querystring.from: after to',
    });
  }
  const rows = await dueDatesOf(db, principal.userId, { from, to, staffDrafts: true, limit: MAX_ITEMS });
  return { from, to, items: rows.map((row) => toItem(row, principal.userId)) };
}

export function hashFeedSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function feedUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/api/v1/calendar/feeds/${secret}.ics`;
}

export async function feedState(db: Db, principal: Principal): Promise<CalendarFeedState> {
  const row = await findFeed(db, principal.userId);
  return { active: row !== undefined, created_at: row?.created_at ?? null };
}

/** A new secret URL for the caller's feed; any earlier one stops answering. Shown this once. */
export async function rotateFeed(
  db: Db,
  principal: Principal,
  publicUrl: string,
): Promise<CalendarFeedCreated> {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const createdAt = isoNow();
  await putFeed(db, principal.userId, hashFeedSecret(secret), createdAt);
  return { active: true, created_at: createdAt, url: feedUrl(publicUrl, secret) };
}

export async function revokeFeed(db: Db, principal: Principal): Promise<void> {
  if (!(await deleteFeed(db, principal.userId))) throw new AppError('CALENDAR_FEED_NOT_FOUND');
}

function eventOf(row: DueDateRow, publicUrl: string): CalendarEvent {
  const url = `${publicUrl}/courses/${encodeURIComponent(row.course_id)}/assignments/${encodeURIComponent(row.assignment_id)}`;
  return {
    // Assignment ids are UUIDs: unique everywhere, and the same for the assignment's whole life.
    uid: `assignment-${row.assignment_id}@faraday`,
    start: new Date(row.due_date),
    // A granted or moved extension changes the student's event as much as an edit of the assignment.
    lastModified: new Date(
      row.extension_granted_at && row.extension_granted_at > row.updated_at
        ? row.extension_granted_at
        : row.updated_at,
    ),
    summary: `${row.course_code}: ${row.title}`,
    description: `${row.course_name} (${row.course_code})\n${row.title} is due.\n${url}`,
    url,
  };
}

/**
 * The iCalendar text of the feed whose secret this is. An unknown, rotated or revoked secret
 * (or a disabled owner) is CALENDAR_FEED_NOT_FOUND: the URL tells nothing else.
 */
export async function feedCalendar(
  db: Db,
  secret: string,
  publicUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const userId = await findFeedOwner(db, hashFeedSecret(secret));
  if (userId === undefined) throw new AppError('CALENDAR_FEED_NOT_FOUND');
  const rows = await dueDatesOf(db, userId, {
    from: new Date(now.getTime() - FEED_PAST_MS).toISOString(),
    to: new Date(now.getTime() + FEED_AHEAD_MS).toISOString(),
    staffDrafts: false,
    limit: MAX_ITEMS,
  });
  return writeCalendar({
    name: 'Faraday due dates',
    description: 'Due dates of your Faraday courses',
    refreshMinutes: FEED_REFRESH_MINUTES,
    now,
    events: rows.map((row) => eventOf(row, publicUrl)),
  });
}
