import type { Kysely, Migration } from 'kysely';

/**
 * Late penalties and per-student extensions (docs/adr/0128-late-penalty-derived-at-read.md).
 * The policy is four nullable columns on the assignment (null: no penalty, no cut-off); an
 * extension is one row per (assignment, student). Penalties themselves are never stored.
 */
export const createLatePolicy: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('assignments').addColumn('late_penalty_percent', 'double precision').execute();
    await db.schema.alterTable('assignments').addColumn('late_penalty_per', 'varchar(8)').execute();
    await db.schema.alterTable('assignments').addColumn('late_penalty_max', 'double precision').execute();
    await db.schema.alterTable('assignments').addColumn('late_cutoff', 'varchar(32)').execute();
    await db.schema
      .createTable('assignment_extensions')
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.notNull().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('due_date', 'varchar(32)', (c) => c.notNull())
      .addColumn('granted_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('granted_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('assignment_extensions_pk', ['assignment_id', 'student_id'])
      .execute();
    await db.schema
      .createIndex('assignment_extensions_student_idx')
      .on('assignment_extensions')
      .column('student_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('assignment_extensions').execute();
    for (const column of ['late_cutoff', 'late_penalty_max', 'late_penalty_per', 'late_penalty_percent']) {
      await db.schema.alterTable('assignments').dropColumn(column).execute();
    }
  },
};
