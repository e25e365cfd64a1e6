import { AppError, type gradeSubmissionRequestSchema, pageOffset } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse, assertMayChange } from '../courses/course-access.js';
import type { CourseContentContext } from '../courses/course-content-context.js';
import type { Db } from '../db/database.js';
import { retryTransient } from '../db/transient-errors.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { deleteBlobsQuietly } from '../storage/discard.js';
import type { SubmissionView } from './assignment-views.js';
import { type AssignmentWithCount, findAssignment } from './assignments.repository.js';
import { isStaff, visibleAssignment } from './assignments.service.js';
import { submissionPage, submissionViewById } from './submission-queries.js';
import type { SubmissionUpload } from './submission-upload.js';
import {
  attachFiles,
  detachFiles,
  findSubmission,
  findSubmissionFile,
  insertSubmission,
  type NewStoredFile,
  replaceSubmission,
  type SubmissionFileRow,
  setGrade,
} from './submissions.repository.js';

const submissionNotFound = () => new AppError('SUBMISSION_NOT_FOUND');

/**
 * Whether the assignment takes a submission made at `at`: only published work does (a closed
 * one answers ASSIGNMENT_OVERDUE: it no longer accepts work); after the due date only when late
 * work is allowed, and then it is marked late. Answers the is_late flag.
 */
export function lateness(assignment: AssignmentWithCount, at: string): 0 | 1 {
  if (assignment.status === 'closed') {
    throw new AppError('ASSIGNMENT_OVERDUE', 'The assignment is closed and no longer accepts submissions');
  }
  if (assignment.status !== 'published') throw new AppError('ASSIGNMENT_NOT_FOUND');
  if (at <= assignment.due_date) return 0;
  if (Number(assignment.allow_late) === 1) return 1;
  throw new AppError('ASSIGNMENT_OVERDUE', `The assignment was due at ${assignment.due_date}`);
}

export interface SubmissionTarget {
  courseId: string;
  assignmentId: string;
  studentId: string;
  /** When the request arrived; the submission time, so an upload begun in time counts as in time. */
  at: string;
}

/**
 * Everything that can refuse a submission before its body is read: the caller is a student of
 * the course, the assignment is visible to them and still takes work. Staff get 403: they see
 * the course but do not hand in work.
 */
export async function prepareSubmission(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<SubmissionTarget> {
  const at = isoNow();
  const access = await accessCourse(db, principal, courseId);
  if (access.role !== 'student') {
    throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only students of the course submit work');
  }
  lateness(await visibleAssignment(db, access, assignmentId), at);
  return { courseId, assignmentId, studentId: principal.userId, at };
}

function isUniqueViolation(error: unknown): boolean {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY' || errno === 1062 || code === '23505';
}

/** One attempt at writing the submission; answers its id and the blob keys it replaced. */
async function writeSubmission(
  db: Db,
  target: SubmissionTarget,
  content: string,
  files: readonly NewStoredFile[],
): Promise<{ id: string; created: boolean; replacedKeys: string[] }> {
  // Read committed: once the update below has waited for a racing resubmission's row lock, the
  // file list must be read as that one committed it. Under MySQL's default repeatable read it
  // would come from the snapshot taken before the wait, and the winner's files would stay linked.
  // (PostgreSQL already defaults to it; SQLite runs one writer at a time.)
  return db
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx: Db) => {
      // Re-read inside the transaction: the assignment may have been closed while the files uploaded.
      const assignment = await findAssignment(trx, target.courseId, target.assignmentId);
      if (!assignment) throw new AppError('ASSIGNMENT_NOT_FOUND');
      const fields = { content, submitted_at: target.at, is_late: lateness(assignment, target.at) };
      const existing = await replaceSubmission(trx, target.assignmentId, target.studentId, fields);
      const id = existing ?? newId();
      const replacedKeys = existing ? await detachFiles(trx, existing) : [];
      if (!existing) {
        await insertSubmission(trx, {
          id,
          assignment_id: target.assignmentId,
          student_id: target.studentId,
          ...fields,
          attempt: 1,
        });
      }
      await attachFiles(trx, id, files);
      return { id, created: !existing, replacedKeys };
    });
}

/**
 * Records the student's submission in one transaction: the first one is inserted; a later one
 * replaces it (attempt + 1, grade cleared, old file rows swapped for the new ones). The old blobs
 * are deleted only after the commit; on any failure the new blobs are deleted instead, so either
 * the old submission or the new one is left whole.
 */
export async function recordSubmission(
  ctx: CourseContentContext,
  log: FastifyBaseLogger,
  target: SubmissionTarget,
  upload: SubmissionUpload,
): Promise<{ submission: SubmissionView; created: boolean }> {
  const newKeys = upload.files.map((file) => file.blob.key);
  let written: Awaited<ReturnType<typeof writeSubmission>>;
  try {
    if (upload.content.trim() === '' && upload.files.length === 0) {
      throw new AppError('VALIDATION_ERROR', 'A submission needs text or at least one file', {
        details: 'content: empty and no files',
      });
    }
    const files: NewStoredFile[] = upload.files.map((file) => ({
      id: newId(),
      blob_key: file.blob.key,
      file_name: file.name,
      content_type: file.contentType,
      size: file.blob.size,
      sha256: file.blob.sha256,
      created_at: target.at,
    }));
    const attempt = () => retryTransient(() => writeSubmission(ctx.db, target, upload.content, files));
    try {
      written = await attempt();
    } catch (error) {
      // Two first submissions of one student raced and the other one won the unique index:
      // this one then becomes a resubmission over it.
      if (!isUniqueViolation(error)) throw error;
      written = await attempt();
    }
  } catch (error) {
    await deleteBlobsQuietly(ctx.blobs, newKeys, log);
    throw error;
  }
  await deleteBlobsQuietly(ctx.blobs, written.replacedKeys, log);
  const view = await submissionViewById(ctx.db, target.courseId, target.assignmentId, written.id);
  if (!view) throw submissionNotFound();
  return { submission: view, created: written.created };
}

/** Staff see every student's submission; a student only their own. */
export async function listSubmissions(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  query: { page: number; limit: number },
): Promise<{ submissions: SubmissionView[]; total: number; page: number; limit: number }> {
  const access = await accessCourse(db, principal, courseId);
  await visibleAssignment(db, access, assignmentId);
  const page = await submissionPage(db, courseId, {
    assignmentId,
    studentId: isStaff(access) ? undefined : principal.userId,
    offset: pageOffset(query),
    limit: query.limit,
  });
  return { ...page, page: query.page, limit: query.limit };
}

/** The submission if the caller may see it: staff any, a student only their own (else 404). */
async function visibleSubmission(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  id: string,
) {
  const access = await accessCourse(db, principal, courseId);
  const assignment = await visibleAssignment(db, access, assignmentId);
  const row = await findSubmission(db, assignmentId, id);
  if (!row || (!isStaff(access) && row.student_id !== principal.userId)) throw submissionNotFound();
  return { access, assignment, row };
}

export async function getSubmission(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  submissionId: string,
): Promise<SubmissionView> {
  await visibleSubmission(db, principal, courseId, assignmentId, submissionId);
  const view = await submissionViewById(db, courseId, assignmentId, submissionId);
  if (!view) throw submissionNotFound();
  return view;
}

/** The teacher, an assistant or an admin grades with a score from 0 to the assignment's max_score. */
export async function gradeSubmission(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  submissionId: string,
  input: z.output<typeof gradeSubmissionRequestSchema>,
): Promise<SubmissionView> {
  const access = await accessCourse(db, principal, courseId);
  assertMayChange(access, 'content');
  const assignment = await visibleAssignment(db, access, assignmentId);
  const maxScore = Number(assignment.max_score);
  if (input.score > maxScore) {
    throw new AppError('VALIDATION_ERROR', `The score may be at most ${maxScore}`, {
      details: `score: from 0 to ${maxScore}`,
    });
  }
  if (!(await findSubmission(db, assignmentId, submissionId))) throw submissionNotFound();
  await setGrade(db, submissionId, {
    score: input.score,
    feedback: input.feedback,
    graded_by: principal.userId,
    graded_at: isoNow(),
  });
  return getSubmission(db, principal, courseId, assignmentId, submissionId);
}

/** An attachment's record and bytes, for the student who submitted it and the course's staff. */
export async function findVisibleSubmissionFile(
  ctx: CourseContentContext,
  principal: Principal,
  ids: { courseId: string; assignmentId: string; submissionId: string; fileId: string },
): Promise<SubmissionFileRow> {
  await visibleSubmission(ctx.db, principal, ids.courseId, ids.assignmentId, ids.submissionId);
  const file = await findSubmissionFile(ctx.db, ids.submissionId, ids.fileId);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  return file;
}
