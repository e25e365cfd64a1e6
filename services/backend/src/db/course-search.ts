import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Db, isSqlite } from './database.js';

/**
 * The SQLite course-search index (migration 0010) is keyed by the courses table's rowid, which
 * VACUUM may renumber. At start it is checked against the live courses (one pass over the
 * index) and rebuilt if they disagree, so a search never silently misses or invents a course.
 */
export async function checkCourseSearchIndex(db: Db, log: FastifyBaseLogger): Promise<void> {
  if (!isSqlite(db)) return;
  try {
    await sql`INSERT INTO course_search (course_search, rank) VALUES ('integrity-check', 1)`.execute(db);
  } catch (error) {
    log.warn({ err: error }, 'course search index out of step with the courses; rebuilding it');
    await sql`INSERT INTO course_search (course_search) VALUES ('rebuild')`.execute(db);
  }
}
