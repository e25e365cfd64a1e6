import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { StoredFilesTable, SubmissionsTable } from '../db/schema.js';

export type SubmissionRow = Selectable<SubmissionsTable>;
export type SubmissionWithStudent = SubmissionRow & { student_name: string; student_username: string };
export type SubmissionFileRow = Selectable<StoredFilesTable> & { submission_id: string };
export type NewStoredFile = Insertable<StoredFilesTable>;

/** What a (re)submission writes; the grade of an earlier attempt is cleared with it. */
export interface SubmissionContent {
  content: string;
  submitted_at: string;
  is_late: number;
}

function selectWithStudent(db: Db) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('users as u', 'u.id', 's.student_id')
    .selectAll('s')
    .select(['u.name as student_name', 'u.username as student_username']);
}

export function findSubmission(
  db: Db,
  assignmentId: string,
  submissionId: string,
): Promise<SubmissionWithStudent | undefined> {
  return selectWithStudent(db)
    .where('s.id', '=', submissionId)
    .where('s.assignment_id', '=', assignmentId)
    .executeTakeFirst();
}

export function findSubmissionOf(
  db: Db,
  assignmentId: string,
  studentId: string,
): Promise<SubmissionWithStudent | undefined> {
  return selectWithStudent(db)
    .where('s.assignment_id', '=', assignmentId)
    .where('s.student_id', '=', studentId)
    .executeTakeFirst();
}

export async function listSubmissionRows(
  db: Db,
  filter: { assignmentId: string; studentId?: string | undefined; offset: number; limit: number },
): Promise<{ rows: SubmissionWithStudent[]; total: number }> {
  let rows = selectWithStudent(db).where('s.assignment_id', '=', filter.assignmentId);
  let count = db.selectFrom('submissions').where('assignment_id', '=', filter.assignmentId);
  if (filter.studentId !== undefined) {
    rows = rows.where('s.student_id', '=', filter.studentId);
    count = count.where('student_id', '=', filter.studentId);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('s.submitted_at').orderBy('s.id').offset(filter.offset).limit(filter.limit).execute(),
    count.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(total.n) };
}

/** The files of several submissions in one query (a list page never asks once per row). */
export async function filesOfSubmissions(
  db: Db,
  submissionIds: readonly string[],
): Promise<SubmissionFileRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('submission_files as sf')
    .innerJoin('stored_files as f', 'f.id', 'sf.file_id')
    .selectAll('f')
    .select('sf.submission_id')
    .where('sf.submission_id', 'in', [...submissionIds])
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
}

/**
 * Replaces the student's submission in place: attempt + 1, new content, grade cleared.
 * The update comes first so that, on MySQL and PostgreSQL, it holds the row lock before the old
 * files are read: two resubmissions racing each other then take turns instead of both deleting
 * the same files. Answers the submission id, or undefined when the student has none yet.
 */
export async function replaceSubmission(
  trx: Db,
  assignmentId: string,
  studentId: string,
  content: SubmissionContent,
): Promise<string | undefined> {
  const result = await trx
    .updateTable('submissions')
    .set((eb) => ({
      ...content,
      attempt: eb('attempt', '+', 1),
      score: null,
      feedback: null,
      graded_by: null,
      graded_at: null,
    }))
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const row = await trx
    .selectFrom('submissions')
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSubmission(trx: Db, row: Insertable<SubmissionsTable>): Promise<void> {
  await trx.insertInto('submissions').values(row).execute();
}

/** Unlinks and deletes the file rows of a submission; answers their blob keys to delete after commit. */
export async function detachFiles(trx: Db, submissionId: string): Promise<string[]> {
  const files = await trx
    .selectFrom('submission_files as sf')
    .innerJoin('stored_files as f', 'f.id', 'sf.file_id')
    .select(['f.id', 'f.blob_key'])
    .where('sf.submission_id', '=', submissionId)
    .execute();
  if (files.length === 0) return [];
  const ids = files.map((file) => file.id);
  await trx.deleteFrom('submission_files').where('submission_id', '=', submissionId).execute();
  await trx.deleteFrom('stored_files').where('id', 'in', ids).execute();
  return files.map((file) => file.blob_key);
}

export async function attachFiles(
  trx: Db,
  submissionId: string,
  files: readonly NewStoredFile[],
): Promise<void> {
  if (files.length === 0) return;
  await trx
    .insertInto('stored_files')
    .values([...files])
    .execute();
  await trx
    .insertInto('submission_files')
    .values(files.map((file) => ({ submission_id: submissionId, file_id: file.id })))
    .execute();
}

export async function setGrade(
  db: Db,
  submissionId: string,
  grade: { score: number; feedback: string; graded_by: string; graded_at: string },
): Promise<void> {
  await db.updateTable('submissions').set(grade).where('id', '=', submissionId).execute();
}

export function findSubmissionFile(
  db: Db,
  submissionId: string,
  fileId: string,
): Promise<SubmissionFileRow | undefined> {
  return db
    .selectFrom('submission_files as sf')
    .innerJoin('stored_files as f', 'f.id', 'sf.file_id')
    .selectAll('f')
    .select('sf.submission_id')
    .where('sf.submission_id', '=', submissionId)
    .where('sf.file_id', '=', fileId)
    .executeTakeFirst();
}
