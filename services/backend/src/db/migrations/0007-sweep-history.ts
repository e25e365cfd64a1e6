import type { Kysely, Migration } from 'kysely';

/**
 * A sweep may name a probe point for its metrics (field and potential there), and the
 * history lists one entry per sweep with its runs inside, so it looks runs up by sweep and sweeps
 * by owner or course, newest first.
 */
export const addSweepProbeAndHistory: Migration = {
  async up(db: Kysely<unknown>) {
    // JSON {x, y} in metres, null when the sweep names no probe
    await db.schema.alterTable('sweep_tasks').addColumn('probe', 'varchar(200)').execute();
    await db.schema.createIndex('simulations_sweep_idx').on('simulations').column('sweep_id').execute();
    await db.schema
      .createIndex('sweep_tasks_owner_idx')
      .on('sweep_tasks')
      .columns(['owner_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('sweep_tasks_course_idx')
      .on('sweep_tasks')
      .columns(['course_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sweep_tasks_course_idx').on('sweep_tasks').execute();
    await db.schema.dropIndex('sweep_tasks_owner_idx').on('sweep_tasks').execute();
    await db.schema.dropIndex('simulations_sweep_idx').on('simulations').execute();
    await db.schema.alterTable('sweep_tasks').dropColumn('probe').execute();
  },
};
