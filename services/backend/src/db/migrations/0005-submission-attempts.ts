import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Every attempt of a submission kept as its own row with its text, files and grade.
 * Before this, a resubmission overwrote the submission in place and deleted the earlier files and
 * grade. Existing rows are carried over as the attempt they were, with their files and grade.
 */
export const createSubmissionAttempts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('submission_attempts')
      .addColumn('submission_id', 'varchar(36)', (c) =>
        c.notNull().references('submissions.id').onDelete('cascade'),
      )
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('is_late', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('score', 'double precision')
      .addColumn('feedback', 'text')
      .addColumn('graded_by', 'varchar(36)')
      .addColumn('graded_at', 'varchar(32)')
      .addPrimaryKeyConstraint('submission_attempts_pk', ['submission_id', 'attempt'])
      .execute();
    // Which attempt a file belongs to; the old rows all belong to the attempt that was current.
    await db.schema
      .alterTable('submission_files')
      .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // The attempt whose grade the submission shows (null while no attempt is graded).
    await db.schema.alterTable('submissions').addColumn('graded_attempt', 'integer').execute();
    // Per assignment: may a student resubmit once their latest attempt is graded (until the due date)?
    await db.schema
      .alterTable('assignments')
      .addColumn('resubmit_after_grading', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('submissions_grading_queue_idx')
      .on('submissions')
      .columns(['assignment_id', 'submitted_at'])
      .execute();

    await sql`INSERT INTO submission_attempts
        (submission_id, attempt, content, submitted_at, is_late, score, feedback, graded_by, graded_at)
      SELECT id, attempt, content, submitted_at, is_late, score, feedback, graded_by, graded_at
      FROM submissions`.execute(db);
    await sql`UPDATE submission_files SET attempt =
        (SELECT s.attempt FROM submissions s WHERE s.id = submission_files.submission_id)`.execute(db);
    await sql`UPDATE submissions SET graded_attempt = attempt WHERE score IS NOT NULL`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('submissions_grading_queue_idx').on('submissions').execute();
    await db.schema.alterTable('assignments').dropColumn('resubmit_after_grading').execute();
    await db.schema.alterTable('submissions').dropColumn('graded_attempt').execute();
    await db.schema.alterTable('submission_files').dropColumn('attempt').execute();
    await db.schema.dropTable('submission_attempts').execute();
  },
};
