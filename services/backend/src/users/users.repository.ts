import type { Role } from '@faraday/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import { containsIgnoringCase } from '../db/like.js';
import type { UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

export interface UserListFilter {
  search?: string | undefined;
  role?: Role | undefined;
  offset: number;
  limit: number;
}

/** Usernames are compared case-insensitively: we store and look them up lower-cased. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', normaliseUsername(username))
    .executeTakeFirst();
}

export function findUserByCorpchatId(db: Db, corpchatUserId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('corpchat_user_id', '=', corpchatUserId).executeTakeFirst();
}

export async function findUsersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Users by username (normalised as stored), for adding members by what a teacher can see. */
export async function findUsersByUsernames(db: Db, usernames: readonly string[]): Promise<UserRow[]> {
  if (usernames.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('username', 'in', usernames.map(normaliseUsername))
    .execute();
}

export async function insertUser(db: Db, user: NewUserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: Db, id: string, changes: Updateable<UsersTable>): Promise<boolean> {
  const result = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listUsers(db: Db, filter: UserListFilter): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.search) {
    const text = filter.search;
    query = query.where((eb) =>
      eb.or([
        containsIgnoringCase(eb.ref('username'), text),
        containsIgnoringCase(eb.ref('name'), text),
        containsIgnoringCase(eb.ref('email'), text),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
