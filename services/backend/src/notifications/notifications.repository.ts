import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A user's in-app notifications of courses still there. */
function mine(db: Db, userId: string) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('courses as c', 'c.id', 'n.course_id')
    .where('n.user_id', '=', userId)
    .where('n.in_app', '=', 1)
    .where('c.deleted_at', 'is', null);
}

/** Unread first, then newest (the id breaks ties: UUID v7). */
export async function listNotifications(db: Db, userId: string, page: { offset: number; limit: number }) {
  const [rows, counts] = await Promise.all([
    mine(db, userId)
      .select([
        'n.id',
        'n.kind',
        'n.course_id',
        'c.name as course_name',
        'n.subject_title',
        'n.detail',
        'n.link',
        'n.created_at',
        'n.read_at',
      ])
      .orderBy(sql`case when n.read_at is null then 0 else 1 end`)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    mine(db, userId)
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        sql<number | string | null>`sum(case when n.read_at is null then 1 else 0 end)`.as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total), unread: Number(counts.unread ?? 0) };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await mine(db, userId)
    .where('n.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's notifications read (again is harmless); false when it is not theirs. */
export async function markRead(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('in_app', '=', 1)
    .executeTakeFirst();
  if (!row) return false;
  if (row.read_at === null) {
    await db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
  }
  return true;
}

export async function markAllRead(db: Db, userId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('in_app', '=', 1)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
