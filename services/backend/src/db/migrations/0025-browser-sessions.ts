import type { Kysely, Migration } from 'kysely';

/**
 * Browser sessions: the web application's sign-in, kept in an HttpOnly cookie whose secret is
 * stored only as a hash. The access tokens a session issues name it, so ending the session
 * (sign-out) revokes every token its tabs hold.
 */
export const createBrowserSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('auth_sessions')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();
    await db.schema
      .createIndex('auth_sessions_expires_idx')
      .on('auth_sessions')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('auth_tokens').addColumn('session_id', 'varchar(36)').execute();
    await db.schema.createIndex('auth_tokens_session_idx').on('auth_tokens').column('session_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('auth_tokens_session_idx').on('auth_tokens').execute();
    await db.schema.alterTable('auth_tokens').dropColumn('session_id').execute();
    await db.schema.dropTable('auth_sessions').execute();
  },
};
