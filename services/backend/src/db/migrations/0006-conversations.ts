import type { Kysely, Migration } from 'kysely';

/** Conversations with the AI tutor and their messages, per user. */
export const createConversations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('conversations')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('mode', 'varchar(64)')
      .addColumn('course_id', 'varchar(36)')
      .addColumn('ai_session_id', 'varchar(64)')
      .addColumn('guided_state', 'text')
      .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('conversations_user_idx')
      .on('conversations')
      .columns(['user_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('conversations_session_idx')
      .on('conversations')
      .columns(['user_id', 'ai_session_id'])
      .unique()
      .execute();

    await db.schema
      .createTable('conversation_messages')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('conversation_id', 'varchar(36)', (c) =>
        c.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('mode', 'varchar(64)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('citations', 'text')
      .addColumn('tools', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('conversation_messages_conversation_idx')
      .on('conversation_messages')
      .columns(['conversation_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['conversation_messages', 'conversations'])
      await db.schema.dropTable(table).execute();
  },
};
