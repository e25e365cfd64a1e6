import type { Kysely, Migration } from 'kysely';

/**
 * Notifications (docs/adr/0131): an outbox of events the requests write in one cheap insert,
 * each user's notifications the dispatcher fans them out to, and each user's choice per kind.
 * `dedupe_key` is unique so a periodic scan (due within 24 h) queues one event per assignment
 * and due date however many instances scan; several NULLs are allowed on every engine.
 */
export const createNotifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_events')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('subject_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('recipient_id', 'varchar(36)')
      .addColumn('actor_id', 'varchar(36)')
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('dedupe_key', 'varchar(120)', (c) => c.unique())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('claimed_by', 'varchar(64)')
      .addColumn('claimed_at', 'varchar(32)')
      .addColumn('dispatched_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('notification_events_pending_idx')
      .on('notification_events')
      .columns(['dispatched_at', 'created_at'])
      .execute();
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('event_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('subject_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('link', 'varchar(300)', (c) => c.notNull())
      .addColumn('in_app', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)')
      .addColumn('email_state', 'varchar(16)', (c) => c.notNull())
      .addColumn('email_claim', 'varchar(64)')
      .addColumn('email_claimed_at', 'varchar(32)')
      .addUniqueConstraint('notifications_event_user_uq', ['event_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'in_app', 'read_at', 'created_at'])
      .execute();
    await db.schema
      .createIndex('notifications_email_idx')
      .on('notifications')
      .columns(['email_state', 'created_at'])
      .execute();
    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('in_app', 'integer', (c) => c.notNull())
      .addColumn('email', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_preferences').execute();
    await db.schema.dropTable('notifications').execute();
    await db.schema.dropTable('notification_events').execute();
  },
};
