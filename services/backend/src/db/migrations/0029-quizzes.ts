import type { Kysely, Migration } from 'kysely';

/**
 * Quizzes as an assignment kind (docs/adr/0145). An assignment gets a kind ('submission' as
 * before, or 'quiz') and a quiz's settings; a quiz's ordered questions (a bank template or a
 * teacher's definition, JSON); each student's attempts, with one row per question holding the
 * seed and the view drawn at the start (never the answer), the answer as submitted and, once
 * graded, its result. An attempt and its answers are written before they are graded.
 */
export const createQuizzes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('assignments')
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('submission'))
      .execute();
    await db.schema
      .alterTable('assignments')
      .addColumn('quiz_attempts_allowed', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('assignments').addColumn('quiz_time_limit_minutes', 'integer').execute();
    await db.schema
      .createTable('quiz_questions')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.notNull().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('points', 'double precision', (c) => c.notNull())
      .addColumn('template', 'varchar(100)')
      .addColumn('definition', 'text')
      .execute();
    await db.schema
      .createIndex('quiz_questions_assignment_idx')
      .on('quiz_questions')
      .columns(['assignment_id', 'position'])
      .unique()
      .execute();
    await db.schema
      .createTable('quiz_attempts')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('assignment_id', 'varchar(36)', (c) =>
        c.notNull().references('assignments.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('deadline_at', 'varchar(32)')
      .addColumn('submitted_at', 'varchar(32)')
      .addColumn('auto_submitted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('submission_attempt', 'integer')
      .addColumn('score', 'double precision')
      .addColumn('graded_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('quiz_attempts_student_idx')
      .on('quiz_attempts')
      .columns(['assignment_id', 'student_id', 'attempt'])
      .unique()
      .execute();
    await db.schema
      .createTable('quiz_attempt_items')
      .addColumn('attempt_id', 'varchar(36)', (c) =>
        c.notNull().references('quiz_attempts.id').onDelete('cascade'),
      )
      .addColumn('question_id', 'varchar(36)', (c) =>
        c.notNull().references('quiz_questions.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('seed', 'varchar(16)', (c) => c.notNull())
      .addColumn('view', 'text', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('correct', 'integer')
      .addColumn('earned', 'double precision')
      .addColumn('result', 'text')
      .addPrimaryKeyConstraint('quiz_attempt_items_pk', ['attempt_id', 'position'])
      .execute();
    await db.schema
      .createIndex('quiz_attempt_items_question_idx')
      .on('quiz_attempt_items')
      .columns(['question_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('quiz_attempt_items').execute();
    await db.schema.dropTable('quiz_attempts').execute();
    await db.schema.dropTable('quiz_questions').execute();
    await db.schema.alterTable('assignments').dropColumn('quiz_time_limit_minutes').execute();
    await db.schema.alterTable('assignments').dropColumn('quiz_attempts_allowed').execute();
    await db.schema.alterTable('assignments').dropColumn('kind').execute();
  },
};
