import type { Kysely, Migration } from 'kysely';

/**
 * The editable gradebook (docs/adr/0129-editable-gradebook.md): every grade typed into a cell or
 * imported from CSV leaves a row in `grade_changes` (who, when, from what to what), written in
 * the transaction that changes the grade; `gradebook_entries` holds a grade given to a student
 * who handed nothing in; `grade_categories` and `assignment_categories` are the weighted
 * assignment groups the course total is built from.
 */
export const createGradebookEditing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('grade_changes')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.notNull().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('attempt', 'integer')
      .addColumn('old_score', 'double precision')
      .addColumn('new_score', 'double precision', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('changed_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grade_changes_cell_idx')
      .on('grade_changes')
      .columns(['assignment_id', 'student_id', 'changed_at'])
      .execute();
    await db.schema
      .createTable('gradebook_entries')
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.notNull().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('score', 'double precision', (c) => c.notNull())
      .addColumn('graded_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('graded_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('gradebook_entries_pk', ['assignment_id', 'student_id'])
      .execute();
    await db.schema
      .createTable('grade_categories')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('weight', 'double precision', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grade_categories_course_idx')
      .on('grade_categories')
      .columns(['course_id', 'position'])
      .execute();
    await db.schema
      .createTable('assignment_categories')
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.primaryKey().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('category_id', 'varchar(36)', (c) =>
        c.notNull().references('grade_categories.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('assignment_categories_category_idx')
      .on('assignment_categories')
      .column('category_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('assignment_categories').execute();
    await db.schema.dropTable('grade_categories').execute();
    await db.schema.dropTable('gradebook_entries').execute();
    await db.schema.dropTable('grade_changes').execute();
  },
};
