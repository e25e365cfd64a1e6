import { AppError, type gradeSubmissionRequestSchema, pageOffset } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse, assertMayChange } from '../courses/course-access.js';
import type { CourseContentContext } from '../courses/course-content-context.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, retryTransient } from '../db/transient-errors.js';
import { queueNotification } from '../notifications/outbox.js';
import { scoreFromRubric } from '../rubrics/rubric-grading.js';
import { replaceSelections } from '../rubrics/rubrics.repository.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { deleteBlobsQuietly } from '../storage/discard.js';
import { assertAttemptsLeft } from '../storage/upload-limits.js';
import { type SubmissionAttemptView, type SubmissionView, toAttemptView } from './assignment-views.js';
import { type AssignmentWithCount, findAssignment } from './assignments.repository.js';
import { isStaff, visibleAssignment } from './assignments.service.js';
import { findExtension } from './extensions.repository.js';
import { effectiveCutoff, effectiveDueDate } from './late-policy.js';
import { submissionPage, submissionViewById } from './submission-queries.js';
import type { SubmissionUpload } from './submission-upload.js';
import {
  advanceSubmission,
  attachFiles,
  attemptsOf,
  findSubmission,
  findSubmissionFile,
  gradeLatestAttempt,
  insertAttempt,
  insertSubmission,
  type NewStoredFile,
  type SubmissionFileRow,
  type SubmissionRow,
} from './submissions.repository.js';

const submissionNotFound = () => new AppError('SUBMISSION_NOT_FOUND');

/**
 * Whether the assignment takes a submission made at `at`: only published work does (a closed
 * one answers ASSIGNMENT_OVERDUE: it no longer accepts work); after the student's due date (their
 * extension, else the assignment's) only when late work is allowed and their final cut-off has
 * not passed (LATE_CUTOFF_PASSED), and then it is marked late. Answers the is_late flag.
 */
export function lateness(
  assignment: AssignmentWithCount,
  at: string,
  extension: string | null = null,
): 0 | 1 {
  if (assignment.status === 'closed') {
    throw new AppError('ASSIGNMENT_OVERDUE', 'The assignment is closed and no longer accepts submissions');
  }
  if (assignment.status !== 'published') throw new AppError('ASSIGNMENT_NOT_FOUND');
  const due = effectiveDueDate(assignment.due_date, extension);
  if (at <= due) return 0;
  if (Number(assignment.allow_late) !== 1) {
    throw new AppError('ASSIGNMENT_OVERDUE', `The assignment was due at ${due}`);
  }
  const cutoff = effectiveCutoff(assignment, extension);
  if (cutoff !== null && at > cutoff) {
    throw new AppError('LATE_CUTOFF_PASSED', `Late work was taken until ${cutoff}`, {
      details: `late_cutoff: ${cutoff}`,
    });
  }
  return 1;
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
 * the course, the assignment is visible to them and still takes work, and they have attempts left
 * this hour. Staff get 403: they see
 * the course but do not hand in work.
 */
export async function prepareSubmission(
  ctx: CourseContentContext,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<SubmissionTarget> {
  const at = isoNow();
  const access = await accessCourse(ctx.db, principal, courseId);
  if (access.role !== 'student') {
    throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only students of the course submit work');
  }
  const assignment = await visibleAssignment(ctx.db, access, assignmentId);
  // A quiz is handed in through its attempts, graded by the exercise engine (docs/adr/0145).
  if (assignment.kind === 'quiz')
    throw new AppError('VALIDATION_ERROR', 'A quiz is answered through its attempts', {
      details: 'kind: quiz',
    });
  lateness(assignment, at, await findExtension(ctx.db, assignmentId, principal.userId));
  await assertAttemptsLeft(ctx.db, ctx.limits, assignmentId, principal.userId, new Date(at));
  return { courseId, assignmentId, studentId: principal.userId, at };
}

/**
 * A new attempt is refused once the latest one is graded when the assignment says so (the
 * default lets the student resubmit until the due date; the teacher then sees
 * "resubmitted after grading").
 */
function assertMayResubmit(assignment: AssignmentWithCount, previous: SubmissionRow): void {
  const latestWasGraded =
    previous.graded_attempt !== null && Number(previous.graded_attempt) === Number(previous.attempt) - 1;
  if (latestWasGraded && Number(assignment.resubmit_after_grading) !== 1) {
    throw new AppError('RESUBMISSION_NOT_ALLOWED');
  }
}

/** One try at writing the attempt; answers the submission id and whether it was the first. */
async function writeAttempt(
  db: Db,
  target: SubmissionTarget,
  content: string,
  files: readonly NewStoredFile[],
): Promise<{ id: string; created: boolean }> {
  // Read committed: once the update below has waited for a racing resubmission's row lock, the
  // row must be read as that one committed it, not from a snapshot taken before the wait.
  // (PostgreSQL already defaults to it; SQLite runs one writer at a time.)
  return db
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx: Db) => {
      // Re-read inside the transaction: the assignment may have been closed while the files uploaded.
      const assignment = await findAssignment(trx, target.courseId, target.assignmentId);
      if (!assignment) throw new AppError('ASSIGNMENT_NOT_FOUND');
      const extension = await findExtension(trx, target.assignmentId, target.studentId);
      const fields = {
        content,
        submitted_at: target.at,
        is_late: lateness(assignment, target.at, extension),
      };
      const advanced = await advanceSubmission(trx, target.assignmentId, target.studentId, fields);
      if (advanced) assertMayResubmit(assignment, advanced);
      const id = advanced?.id ?? newId();
      const attempt = advanced ? Number(advanced.attempt) : 1;
      if (!advanced) {
        await insertSubmission(trx, {
          id,
          assignment_id: target.assignmentId,
          student_id: target.studentId,
          ...fields,
          attempt,
        });
      }
      await insertAttempt(trx, { submission_id: id, attempt, ...fields });
      await attachFiles(trx, id, attempt, files);
      return { id, created: !advanced };
    });
}

/**
 * Records the student's submission as a new attempt in one transaction: the first one creates
 * the submission; a later one adds attempt n + 1 with its own text and files and never changes
 * or deletes an earlier attempt (its files and grade stay). On any failure the new blobs are
 * deleted, so the submission is left exactly as it was.
 */
export async function recordSubmission(
  ctx: CourseContentContext,
  log: FastifyBaseLogger,
  target: SubmissionTarget,
  upload: SubmissionUpload,
): Promise<{ submission: SubmissionView; created: boolean }> {
  const newKeys = upload.files.map((file) => file.blob.key);
  let written: Awaited<ReturnType<typeof writeAttempt>>;
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
    const attempt = () => retryTransient(() => writeAttempt(ctx.db, target, upload.content, files));
    try {
      written = await attempt();
    } catch (error) {
      // Two first submissions of one student raced and the other one won the unique index:
      // this one then becomes the next attempt of it.
      if (!isUniqueViolation(error)) throw error;
      written = await attempt();
    }
  } catch (error) {
    await deleteBlobsQuietly(ctx.blobs, newKeys, log);
    throw error;
  }
  const view = await submissionViewById(ctx.db, target.courseId, target.assignmentId, written.id);
  if (!view) throw submissionNotFound();
  if (!written.created) {
    await queueNotification(ctx.db, {
      kind: 'resubmission',
      courseId: target.courseId,
      subjectId: target.assignmentId,
      actorId: target.studentId,
    });
  }
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

/**
 * The teacher, an assistant or an admin grades the latest attempt with a score from 0 to the
 * assignment's max_score, or, when the assignment has a rubric, with a level and comment per
 * criterion (stored with the grade in its transaction; the score is their points' sum). A grader who names the attempt they read is refused with
 * ATTEMPT_SUPERSEDED when the student has handed in a newer one since: a grade never lands on
 * work its grader has not seen, and an earlier attempt's grade is never overwritten.
 */
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
  if (input.score !== undefined && input.score > maxScore) {
    throw new AppError('VALIDATION_ERROR', `The score may be at most ${maxScore}`, {
      details: `score: from 0 to ${maxScore}`,
    });
  }
  const submission = await findSubmission(db, assignmentId, submissionId);
  if (!submission) throw submissionNotFound();
  const latest = Number(submission.attempt);
  const attempt = input.attempt ?? latest;
  if (attempt > latest) {
    throw new AppError('VALIDATION_ERROR', `The submission has ${latest} attempt(s)`, {
      details: `attempt: from 1 to ${latest}`,
    });
  }
  // With a rubric the score is the sum of the chosen levels, computed here, never sent.
  const fromRubric = await scoreFromRubric(db, assignmentId, input.rubric, maxScore);
  const grade = {
    score: fromRubric ? fromRubric.score : (input.score ?? 0),
    feedback: input.feedback,
    graded_by: principal.userId,
    graded_at: isoNow(),
  };
  const selections = (fromRubric?.rows ?? []).map((row) => ({
    ...row,
    submission_id: submissionId,
    attempt,
  }));
  const graded = await db.transaction().execute(async (trx: Db) => {
    if (!(await gradeLatestAttempt(trx, submissionId, attempt, grade))) return false;
    await replaceSelections(trx, submissionId, attempt, selections);
    return true;
  });
  if (!graded) {
    throw new AppError('ATTEMPT_SUPERSEDED', undefined, {
      details: `attempt: ${attempt} is not the latest attempt`,
    });
  }
  await queueNotification(db, {
    kind: 'grade',
    courseId,
    subjectId: assignmentId,
    recipientId: submission.student_id,
    actorId: principal.userId,
    detail: { attempt },
  });
  return getSubmission(db, principal, courseId, assignmentId, submissionId);
}

/** Every attempt of a submission with its files and grade: for its student and the course's staff. */
export async function listAttempts(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  submissionId: string,
): Promise<{ attempts: SubmissionAttemptView[] }> {
  const { row } = await visibleSubmission(db, principal, courseId, assignmentId, submissionId);
  const { attempts, files } = await attemptsOf(db, submissionId);
  return { attempts: attempts.map((attempt) => toAttemptView(courseId, row, attempt, files)) };
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
