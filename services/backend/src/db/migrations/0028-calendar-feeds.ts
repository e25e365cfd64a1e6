import type { Kysely, Migration } from 'kysely';

/**
 * One private calendar feed per user (docs/adr/0143): only the SHA-256 hash of its secret is
 * kept, so a copy of the database does not hand out anyone's feed; the unique index is how the
 * public feed URL finds its owner. Rotating replaces the row, revoking deletes it.
 */
export const createCalendarFeeds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('calendar_feeds')
      .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('calendar_feeds_secret_idx')
      .on('calendar_feeds')
      .column('secret_hash')
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('calendar_feeds').execute();
  },
};
