import type { Kysely, Migration } from 'kysely';

/** Simulation records (figure and data in the blob store) and parameter sweeps with their runs. */
export const createSimulations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('simulations')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'varchar(36)')
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('parameters', 'text', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('computation_time', 'double precision', (c) => c.notNull())
      .addColumn('png_blob_key', 'varchar(64)')
      .addColumn('data_blob_key', 'varchar(64)')
      .addColumn('sweep_id', 'varchar(36)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('simulations_owner_idx')
      .on('simulations')
      .columns(['owner_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('simulations_course_idx')
      .on('simulations')
      .columns(['course_id', 'created_at'])
      .execute();
    await db.schema.createIndex('simulations_created_idx').on('simulations').column('created_at').execute();

    await db.schema
      .createTable('sweep_tasks')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'varchar(36)')
      .addColumn('simulation_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('base_parameters', 'text', (c) => c.notNull())
      .addColumn('sweep_parameters', 'text', (c) => c.notNull())
      .addColumn('output_format', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('total_simulations', 'integer', (c) => c.notNull())
      .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('estimated_time', 'integer', (c) => c.notNull())
      .addColumn('summary_blob_key', 'varchar(64)')
      .addColumn('error', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('sweep_tasks_status_idx').on('sweep_tasks').column('status').execute();

    await db.schema
      .createTable('sweep_runs')
      .addColumn('task_id', 'varchar(36)', (c) =>
        c.notNull().references('sweep_tasks.id').onDelete('cascade'),
      )
      .addColumn('run_index', 'integer', (c) => c.notNull())
      .addColumn('parameters', 'text', (c) => c.notNull())
      .addColumn('values', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('simulation_id', 'varchar(36)')
      .addColumn('metrics', 'text')
      .addColumn('error', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('worker', 'varchar(100)')
      .addColumn('started_at', 'varchar(32)')
      .addColumn('finished_at', 'varchar(32)')
      .addPrimaryKeyConstraint('sweep_runs_pk', ['task_id', 'run_index'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['sweep_runs', 'sweep_tasks', 'simulations'])
      await db.schema.dropTable(table).execute();
  },
};
