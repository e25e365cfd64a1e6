import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { StoredFilesTable, SubmissionAttemptsTable, SubmissionsTable } from '../db/schema.js';
import type { LatePolicyColumns } from './late-policy.js';

export type SubmissionRow = Selectable<SubmissionsTable>;
export type SubmissionWithStudent = SubmissionRow &
  LatePolicyColumns & {
    student_name: string;
    student_username: string;
    /** The student's extension on this assignment, null when none. */
    extended_due_date: string | null;
    /** When the graded attempt was handed in (the penalty is read from it); null while ungraded. */
    graded_submitted_at: string | null;
  };
export type SubmissionFileRow = Selectable<StoredFilesTable> & { submission_id: string; attempt: number };
export type SubmissionAttemptRow = Selectable<SubmissionAttemptsTable>;
export type NewStoredFile = Insertable<StoredFilesTable>;

/** What a (re)submission writes on the submission: its latest attempt's text, time and lateness. */
export interface SubmissionContent {
  content: string;
  submitted_at: string;
  is_late: number;
}

/** A submission with its student, and what its lateness and late penalty are read from. */
function selectWithStudent(db: Db) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('users as u', 'u.id', 's.student_id')
    .innerJoin('assignments as a', 'a.id', 's.assignment_id')
    .leftJoin('assignment_extensions as x', (join) =>
      join.onRef('x.assignment_id', '=', 's.assignment_id').onRef('x.student_id', '=', 's.student_id'),
    )
    .leftJoin('submission_attempts as ga', (join) =>
      join.onRef('ga.submission_id', '=', 's.id').onRef('ga.attempt', '=', 's.graded_attempt'),
    )
    .selectAll('s')
    .select([
      'u.name as student_name',
      'u.username as student_username',
      'a.due_date',
      'a.allow_late',
      'a.late_penalty_percent',
      'a.late_penalty_per',
      'a.late_penalty_max',
      'a.late_cutoff',
      'x.due_date as extended_due_date',
      'ga.submitted_at as graded_submitted_at',
    ]);
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

/** A student's submissions to the given assignments: just what their standing is read from. */
export function submissionStatesOf(
  db: Db,
  studentId: string,
  assignmentIds: readonly string[],
): Promise<
  Pick<SubmissionRow, 'assignment_id' | 'attempt' | 'graded_attempt' | 'is_late' | 'submitted_at'>[]
> {
  if (assignmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('submissions')
    .select(['assignment_id', 'attempt', 'graded_attempt', 'is_late', 'submitted_at'])
    .where('student_id', '=', studentId)
    .where('assignment_id', 'in', assignmentIds)
    .execute();
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

/** Every student's submission to an assignment with their e-mail, by name (the ZIP download). */
export function submissionsForExport(
  db: Db,
  assignmentId: string,
): Promise<(SubmissionWithStudent & { student_email: string })[]> {
  return selectWithStudent(db)
    .select('u.email as student_email')
    .where('s.assignment_id', '=', assignmentId)
    .orderBy('u.name')
    .orderBy('u.username')
    .execute();
}

/** The files of the latest attempt of several submissions, in one query (never once per row). */
export async function filesOfSubmissions(
  db: Db,
  submissionIds: readonly string[],
): Promise<SubmissionFileRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('submission_files as sf')
    .innerJoin('submissions as s', (join) =>
      join.onRef('s.id', '=', 'sf.submission_id').onRef('s.attempt', '=', 'sf.attempt'),
    )
    .innerJoin('stored_files as f', 'f.id', 'sf.file_id')
    .selectAll('f')
    .select(['sf.submission_id', 'sf.attempt'])
    .where('sf.submission_id', 'in', [...submissionIds])
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
}

/** Every attempt of a submission, first to latest, and the files of all of them. */
export async function attemptsOf(
  db: Db,
  submissionId: string,
): Promise<{ attempts: SubmissionAttemptRow[]; files: SubmissionFileRow[] }> {
  const [attempts, files] = await Promise.all([
    db
      .selectFrom('submission_attempts')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .orderBy('attempt')
      .execute(),
    db
      .selectFrom('submission_files as sf')
      .innerJoin('stored_files as f', 'f.id', 'sf.file_id')
      .selectAll('f')
      .select(['sf.submission_id', 'sf.attempt'])
      .where('sf.submission_id', '=', submissionId)
      .orderBy('f.created_at')
      .orderBy('f.id')
      .execute(),
  ]);
  return { attempts, files };
}

/**
 * Moves the student's submission on to a new attempt (number + 1, the new text and time); the
 * grade it shows stays until the new attempt is graded. The update comes first so that, on MySQL
 * and PostgreSQL, it holds the row lock: two resubmissions racing each other take turns and get
 * consecutive attempt numbers. Answers the submission as it now is, or undefined before the
 * student's first submission.
 *
 * The row is found first and updated by its primary key. Updated by (assignment, student),
 * InnoDB may walk the grading-queue index, whose key (submitted_at) the racing updates change:
 * under read committed such an update can miss the row being moved on (and then insert a
 * duplicate), and two updates that walk different indexes deadlock. An id never changes, so a
 * plain read of it is safe, and every writer then queues on the same primary-key lock.
 */
export async function advanceSubmission(
  trx: Db,
  assignmentId: string,
  studentId: string,
  content: SubmissionContent,
): Promise<SubmissionRow | undefined> {
  const existing = await trx
    .selectFrom('submissions')
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (!existing) return undefined;
  const result = await trx
    .updateTable('submissions')
    .set((eb) => ({ ...content, attempt: eb('attempt', '+', 1) }))
    .where('id', '=', existing.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return trx.selectFrom('submissions').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
}

export async function insertSubmission(trx: Db, row: Insertable<SubmissionsTable>): Promise<void> {
  await trx.insertInto('submissions').values(row).execute();
}

export async function insertAttempt(trx: Db, row: Insertable<SubmissionAttemptsTable>): Promise<void> {
  await trx.insertInto('submission_attempts').values(row).execute();
}

export async function attachFiles(
  trx: Db,
  submissionId: string,
  attempt: number,
  files: readonly NewStoredFile[],
): Promise<void> {
  if (files.length === 0) return;
  await trx
    .insertInto('stored_files')
    .values([...files])
    .execute();
  await trx
    .insertInto('submission_files')
    .values(files.map((file) => ({ submission_id: submissionId, file_id: file.id, attempt })))
    .execute();
}

export interface Grade {
  score: number;
  feedback: string;
  graded_by: string;
  graded_at: string;
}

/**
 * Grades the given attempt if it is still the latest one, and makes its grade the one the
 * submission shows; answers false (nothing written) when a newer attempt has arrived.
 */
export async function gradeLatestAttempt(
  trx: Db,
  submissionId: string,
  attempt: number,
  grade: Grade,
): Promise<boolean> {
  const shown = await trx
    .updateTable('submissions')
    .set({ ...grade, graded_attempt: attempt })
    .where('id', '=', submissionId)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
  if (Number(shown.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('submission_attempts')
    .set(grade)
    .where('submission_id', '=', submissionId)
    .where('attempt', '=', attempt)
    .execute();
  return true;
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
    .select(['sf.submission_id', 'sf.attempt'])
    .where('sf.submission_id', '=', submissionId)
    .where('sf.file_id', '=', fileId)
    .executeTakeFirst();
}
