import type { Kysely, Migration } from 'kysely';

/**
 * Announcements of a course and each reader's marker (docs/adr/0142): one row per
 * (announcement, user) who has read it, so "unread" is exact per announcement and survives a
 * reader opening the course before a later post. Deleting an announcement, its course or the
 * reader removes the markers; deleting the attached resource leaves the announcement without one.
 */
export const createAnnouncements: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('announcements')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('resource_id', 'varchar(36)', (c) => c.references('resources.id').onDelete('set null'))
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('announcements_course_idx')
      .on('announcements')
      .columns(['course_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('announcement_reads')
      .addColumn('announcement_id', 'varchar(36)', (c) =>
        c.notNull().references('announcements.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('announcement_reads_pk', ['announcement_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('announcement_reads_user_idx')
      .on('announcement_reads')
      .columns(['user_id', 'announcement_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('announcement_reads').execute();
    await db.schema.dropTable('announcements').execute();
  },
};
