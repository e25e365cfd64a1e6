import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ConversationMessagesTable, ConversationsTable } from '../db/schema.js';

export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationMessageRow = Selectable<ConversationMessagesTable>;

export interface ConversationFilter {
  userId: string;
  kind?: string | undefined;
  /** Guided sessions not completed whose AI session has not expired at this instant. */
  resumableAt?: string | undefined;
  offset: number;
  limit: number;
}

/** Only the owner's row: another user's conversation is as absent as a missing one. */
export function findOwnConversation(
  db: Db,
  userId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findGuidedConversation(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ai_session_id', '=', sessionId)
    .executeTakeFirst();
}

export async function listConversations(
  db: Db,
  filter: ConversationFilter,
): Promise<{ rows: ConversationRow[]; total: number }> {
  let query = db.selectFrom('conversations').where('user_id', '=', filter.userId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.resumableAt !== undefined) {
    query = query
      .where('kind', '=', 'guided')
      .where('completed', '=', 0)
      .where('expires_at', '>', filter.resumableAt);
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function messagesOf(db: Db, conversationId: string): Promise<ConversationMessageRow[]> {
  return db
    .selectFrom('conversation_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertConversation(db: Db, row: Insertable<ConversationsTable>): Promise<void> {
  await db.insertInto('conversations').values(row).execute();
}

export async function updateConversation(
  db: Db,
  id: string,
  changes: Updateable<ConversationsTable>,
): Promise<void> {
  await db.updateTable('conversations').set(changes).where('id', '=', id).execute();
}

export async function insertMessages(db: Db, rows: Insertable<ConversationMessagesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('conversation_messages').values(rows).execute();
}

/** Messages first, explicitly: the same on every engine, whatever its cascade settings. */
export async function deleteConversation(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('conversation_messages').where('conversation_id', '=', id).execute();
    await tx.deleteFrom('conversations').where('id', '=', id).execute();
  });
}
