import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreference } from '@faraday/contracts';
import type { Db } from '../db/database.js';

/** Without a stored choice a kind is shown in the app and e-mailed (when the server sends e-mail). */
const DEFAULT = { in_app: true, email: true };

export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreference[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = byKind.get(kind);
    return row
      ? { kind, in_app: Number(row.in_app) === 1, email: Number(row.email) === 1 }
      : { kind, ...DEFAULT };
  });
}

/** The recipients' choices for one kind, defaults filled in. */
export async function choicesFor(
  db: Db,
  kind: NotificationKind,
  userIds: string[],
): Promise<Map<string, { in_app: boolean; email: boolean }>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('notification_preferences')
          .selectAll()
          .where('kind', '=', kind)
          .where('user_id', 'in', userIds)
          .execute();
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return new Map(
    userIds.map((id) => {
      const row = byUser.get(id);
      return [id, row ? { in_app: Number(row.in_app) === 1, email: Number(row.email) === 1 } : DEFAULT];
    }),
  );
}

/** Replaces the named kinds' choices in one transaction (delete and insert: portable upsert). */
export async function savePreferences(db: Db, userId: string, preferences: NotificationPreference[]) {
  await db.transaction().execute(async (trx: Db) => {
    await trx
      .deleteFrom('notification_preferences')
      .where('user_id', '=', userId)
      .where(
        'kind',
        'in',
        preferences.map((p) => p.kind),
      )
      .execute();
    await trx
      .insertInto('notification_preferences')
      .values(
        preferences.map((p) => ({
          user_id: userId,
          kind: p.kind,
          in_app: p.in_app ? 1 : 0,
          email: p.email ? 1 : 0,
        })),
      )
      .execute();
  });
}
