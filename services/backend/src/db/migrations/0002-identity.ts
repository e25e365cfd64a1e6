import type { Kysely, Migration } from 'kysely';

/** Corporate-chat identities, issued tokens (revocation), and the login-failure throttle. */
export const createIdentity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('corpchat_user_id', 'varchar(64)').execute();
    await db.schema
      .createIndex('users_corpchat_user_id_uq')
      .unique()
      .on('users')
      .column('corpchat_user_id')
      .execute();

    // Every issued token, so that one (logout) or all of a user's (password change, disable,
    // role change) can be revoked; rows are deleted once the token has expired.
    await db.schema
      .createTable('auth_tokens')
      .addColumn('jti', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();
    await db.schema.createIndex('auth_tokens_expires_idx').on('auth_tokens').column('expires_at').execute();

    // Keyed by the submitted username, whether or not such a user exists, so a lock reveals nothing.
    await db.schema
      .createTable('login_throttle')
      .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
      .addColumn('locked_until', 'varchar(32)')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('login_throttle').execute();
    await db.schema.dropTable('auth_tokens').execute();
    await db.schema.dropIndex('users_corpchat_user_id_uq').on('users').execute();
    await db.schema.alterTable('users').dropColumn('corpchat_user_id').execute();
  },
};
