import type { Kysely, Migration } from 'kysely';

/** Courses, their members, assignments with submissions, and resources (files in the blob store). */
export const createCourses: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('courses')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      // lower(code) while the course is live, NULL once deleted: the unique index then enforces
      // "unique among live courses, case-insensitively" on every database, races included.
      .addColumn('live_code', 'varchar(32)', (c) => c.unique())
      .addColumn('semester', 'varchar(16)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('syllabus', 'text', (c) => c.notNull())
      .addColumn('schedule', 'text', (c) => c.notNull())
      .addColumn('teacher_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
      .addColumn('max_students', 'integer', (c) => c.notNull())
      // Kept in step with course_members in the same transaction: the list shows it without a
      // count per row, and joins compare-and-increment it so they never exceed max_students.
      .addColumn('student_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('invite_code', 'varchar(16)', (c) => c.unique())
      .addColumn('invite_expires_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('deleted_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('courses_teacher_idx').on('courses').column('teacher_id').execute();
    await db.schema
      .createIndex('courses_live_created_idx')
      .on('courses')
      .columns(['deleted_at', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('course_members')
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('course_members_pk', ['course_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('course_members_user_idx')
      .on('course_members')
      .columns(['user_id', 'course_id'])
      .execute();

    await db.schema
      .createTable('assignments')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('instructions', 'text', (c) => c.notNull())
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('due_date', 'varchar(32)', (c) => c.notNull())
      .addColumn('max_score', 'double precision', (c) => c.notNull())
      .addColumn('allow_late', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assignments_course_idx')
      .on('assignments')
      .columns(['course_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('submissions')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.notNull().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('is_late', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('score', 'double precision')
      .addColumn('feedback', 'text')
      .addColumn('graded_by', 'varchar(36)')
      .addColumn('graded_at', 'varchar(32)')
      .addUniqueConstraint('submissions_one_per_student', ['assignment_id', 'student_id'])
      .execute();

    // Files of resources and submissions: the bytes live in the blob store under blob_key.
    await db.schema
      .createTable('stored_files')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('blob_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('content_type', 'varchar(127)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('submission_files')
      .addColumn('submission_id', 'varchar(36)', (c) =>
        c.notNull().references('submissions.id').onDelete('cascade'),
      )
      .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('stored_files.id'))
      .addPrimaryKeyConstraint('submission_files_pk', ['submission_id', 'file_id'])
      .execute();

    await db.schema
      .createTable('resources')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('stored_files.id'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      .addColumn('chapter', 'integer')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('uploaded_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('uploaded_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('resources_course_idx')
      .on('resources')
      .columns(['course_id', 'uploaded_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'resources',
      'submission_files',
      'stored_files',
      'submissions',
      'assignments',
      'course_members',
      'courses',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
