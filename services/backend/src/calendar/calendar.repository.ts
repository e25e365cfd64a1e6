import type { AssignmentStatus } from '@faraday/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface DueDateFilter {
  from: string;
  to: string;
  /** Whether drafts appear to the course's staff (the page: yes; the feed: only what is published). */
  staffDrafts: boolean;
  limit: number;
}

const STUDENT_STATUSES: readonly AssignmentStatus[] = ['published', 'closed'];

/**
 * The assignments of the user's live courses due in [from, to], soonest first: every one of a
 * course they teach or assist (drafts as the filter says), the published and closed ones of a
 * course they take, with the student's own submission beside it. One query for all courses.
 * A student's due date is their own: their extension when it is later (docs/adr/0128).
 */
export function dueDatesOf(db: Db, userId: string, filter: DueDateFilter) {
  const staffStatuses: readonly AssignmentStatus[] = filter.staffDrafts
    ? ['draft', ...STUDENT_STATUSES]
    : STUDENT_STATUSES;
  const dueDate = sql<string>`case when x.due_date > a.due_date then x.due_date else a.due_date end`;
  return db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .leftJoin('course_members as m', (join) =>
      join.onRef('m.course_id', '=', 'a.course_id').on('m.user_id', '=', userId),
    )
    .leftJoin('submissions as s', (join) =>
      join.onRef('s.assignment_id', '=', 'a.id').on('s.student_id', '=', userId),
    )
    .leftJoin('assignment_extensions as x', (join) =>
      join.onRef('x.assignment_id', '=', 'a.id').on('x.student_id', '=', userId),
    )
    .select([
      'a.id as assignment_id',
      'a.course_id',
      'c.name as course_name',
      'c.code as course_code',
      'c.teacher_id',
      'm.role as member_role',
      'a.title',
      dueDate.as('due_date'),
      'a.status as assignment_status',
      'a.updated_at',
      'x.granted_at as extension_granted_at',
      's.id as submission_id',
      's.attempt',
      's.is_late',
      's.graded_attempt',
    ])
    .where('c.deleted_at', 'is', null)
    .where(dueDate, '>=', filter.from)
    .where(dueDate, '<=', filter.to)
    .where((eb) =>
      eb.or([
        eb.and([
          eb.or([eb('c.teacher_id', '=', userId), eb('m.role', '=', 'assistant')]),
          eb('a.status', 'in', [...staffStatuses]),
        ]),
        eb.and([eb('m.role', '=', 'student'), eb('a.status', 'in', [...STUDENT_STATUSES])]),
      ]),
    )
    .orderBy(dueDate)
    .orderBy('a.id')
    .limit(filter.limit)
    .execute();
}

export type DueDateRow = Awaited<ReturnType<typeof dueDatesOf>>[number];

export async function findFeedOwner(db: Db, secretHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select('f.user_id')
    .where('f.secret_hash', '=', secretHash)
    .where('u.disabled', '=', 0)
    .executeTakeFirst();
  return row?.user_id;
}

export async function findFeed(db: Db, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Replaces the user's feed secret (the old URL stops answering at once), or creates it. One
 * row per user: update, else insert; an insert that lost a race with another first creation
 * becomes the update it should have been.
 */
export async function putFeed(db: Db, userId: string, secretHash: string, createdAt: string): Promise<void> {
  const replace = () =>
    db
      .updateTable('calendar_feeds')
      .set({ secret_hash: secretHash, created_at: createdAt })
      .where('user_id', '=', userId)
      .executeTakeFirst();
  if (Number((await replace()).numUpdatedRows) > 0) return;
  try {
    await db
      .insertInto('calendar_feeds')
      .values({ user_id: userId, secret_hash: secretHash, created_at: createdAt })
      .execute();
  } catch (error) {
    if (Number((await replace()).numUpdatedRows) === 0) throw error;
  }
}

export async function deleteFeed(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
