import type { Kysely, Migration } from 'kysely';

export const createUsers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      // Stored lower-cased: MySQL compares case-insensitively and the others do not, so the
      // application normalises and every dialect sees the same rule.
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_login', 'varchar(32)')
      .execute();
    await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('users').execute();
  },
};
