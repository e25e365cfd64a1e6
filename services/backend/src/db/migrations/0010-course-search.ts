import { type Kysely, type Migration, sql } from 'kysely';
import { isSqlite } from '../database.js';

/**
 * SQLite only: a trigram full-text index of live courses' names and codes, so an admin's search
 * over every course answers from the index instead of testing each row with LIKE.
 * The index stores no text of its own: it reads names and codes through a view of the live
 * courses, keyed by the courses table's rowid, and triggers keep it in step with every write.
 * VACUUM may renumber those rowids, so the start-up check (db/course-search.ts) rebuilds it
 * whenever it no longer agrees with the courses. MySQL and PostgreSQL keep the LIKE search.
 */
export const createCourseSearch: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isSqlite(db)) return;
    await sql`CREATE VIEW live_course_names AS
      SELECT rowid AS course_rowid, name, code FROM courses WHERE deleted_at IS NULL`.execute(db);
    await sql`CREATE VIRTUAL TABLE course_search USING fts5(name, code,
      content = 'live_course_names', content_rowid = 'course_rowid', tokenize = 'trigram')`.execute(db);
    await sql`INSERT INTO course_search (course_search) VALUES ('rebuild')`.execute(db);
    await sql`CREATE TRIGGER course_search_insert AFTER INSERT ON courses WHEN new.deleted_at IS NULL BEGIN
      INSERT INTO course_search (rowid, name, code) VALUES (new.rowid, new.name, new.code);
    END`.execute(db);
    await sql`CREATE TRIGGER course_search_update AFTER UPDATE OF name, code, deleted_at ON courses BEGIN
      INSERT INTO course_search (course_search, rowid, name, code)
        SELECT 'delete', old.rowid, old.name, old.code WHERE old.deleted_at IS NULL;
      INSERT INTO course_search (rowid, name, code)
        SELECT new.rowid, new.name, new.code WHERE new.deleted_at IS NULL;
    END`.execute(db);
    await sql`CREATE TRIGGER course_search_delete AFTER DELETE ON courses WHEN old.deleted_at IS NULL BEGIN
      INSERT INTO course_search (course_search, rowid, name, code) VALUES ('delete', old.rowid, old.name, old.code);
    END`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!isSqlite(db)) return;
    for (const trigger of ['course_search_insert', 'course_search_update', 'course_search_delete'])
      await sql`DROP TRIGGER ${sql.ref(trigger)}`.execute(db);
    await sql`DROP TABLE course_search`.execute(db);
    await sql`DROP VIEW live_course_names`.execute(db);
  },
};
