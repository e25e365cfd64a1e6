import type { Kysely, Migration } from 'kysely';

/**
 * Failed logins counted per username AND client address, so failures from one
 * address lock that username for that address only. The row with address `*` counts a
 * username's failures from every address: past a ceiling it slows attempts down, never refuses
 * them. Replaces login_throttle (one row per username, which anyone could lock for everyone);
 * its rows are short-lived counters, so they are not carried over.
 */
export const createLoginFailures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_failures')
      .addColumn('username', 'varchar(64)', (c) => c.notNull())
      .addColumn('address', 'varchar(64)', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
      .addColumn('locked_until', 'varchar(32)')
      .addPrimaryKeyConstraint('login_failures_pk', ['username', 'address'])
      .execute();
    await db.schema.dropTable('login_throttle').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_throttle')
      .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
      .addColumn('locked_until', 'varchar(32)')
      .execute();
    await db.schema.dropTable('login_failures').execute();
  },
};
