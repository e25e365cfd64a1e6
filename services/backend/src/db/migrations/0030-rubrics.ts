import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres, isSqlite } from '../database.js';

/**
 * Rubrics of a course, their attachment to assignments and the filled rubric of a grade
 * (docs/adr/0148-rubrics-frozen-once-used.md). A rubric's criteria and levels are one JSON
 * document with ids the server gave them; a grade's selections are rows, one per criterion,
 * keyed by the attempt they grade, holding the points the level was worth when chosen.
 * Attachment is its own table so an assignment row is not touched by rubrics at all.
 */
export const createRubrics: Migration = {
  async up(db: Kysely<unknown>) {
    // MySQL's text holds 64 KiB; a rubric at its limits, in Chinese, can be several times that.
    const documentType = isSqlite(db) || isPostgres(db) ? 'text' : sql`mediumtext`;
    await db.schema
      .createTable('rubrics')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('criteria', documentType, (c) => c.notNull())
      .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rubrics_course_idx').on('rubrics').columns(['course_id', 'title']).execute();
    await db.schema
      .createTable('assignment_rubrics')
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.primaryKey().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('rubric_id', 'varchar(36)', (c) => c.notNull().references('rubrics.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('assignment_rubrics_rubric_idx')
      .on('assignment_rubrics')
      .column('rubric_id')
      .execute();
    await db.schema
      .createTable('rubric_selections')
      .addColumn('submission_id', 'varchar(36)', (c) =>
        c.notNull().references('submissions.id').onDelete('cascade'),
      )
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('rubric_id', 'varchar(36)', (c) => c.notNull().references('rubrics.id').onDelete('cascade'))
      .addColumn('criterion_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('level_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('points', 'double precision', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('rubric_selections_pk', ['submission_id', 'attempt', 'criterion_id'])
      .execute();
    await db.schema
      .createIndex('rubric_selections_rubric_idx')
      .on('rubric_selections')
      .column('rubric_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rubric_selections').execute();
    await db.schema.dropTable('assignment_rubrics').execute();
    await db.schema.dropTable('rubrics').execute();
  },
};
