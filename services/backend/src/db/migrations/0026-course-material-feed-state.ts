import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The database says which text resources the AI tutor must hold (docs/adr/0126): each
 * resource's `fed_epoch` is null when it is not course material (not text), '' while it waits to
 * be fed, and otherwise the AI store's epoch it was fed under. A deleted resource that the tutor
 * may still hold leaves a row in `course_material_removals` until the AI service confirmed the
 * removal. Text resources uploaded before this migration start as waiting: they are fed once
 * more, which also repairs anything an earlier outage lost.
 */
export const addCourseMaterialFeedState: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('resources').addColumn('fed_epoch', 'varchar(64)').execute();
    await sql`UPDATE resources SET fed_epoch = '' WHERE type = 'text'`.execute(db);
    await db.schema.createIndex('resources_fed_epoch_idx').on('resources').column('fed_epoch').execute();
    await db.schema
      .createTable('course_material_removals')
      .addColumn('resource_id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('source', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('course_material_removals').execute();
    await db.schema.dropIndex('resources_fed_epoch_idx').on('resources').execute();
    await db.schema.alterTable('resources').dropColumn('fed_epoch').execute();
  },
};
