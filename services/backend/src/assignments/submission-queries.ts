import type { Db } from '../db/database.js';
import { assessmentOf } from '../rubrics/rubric-grading.js';
import { type SubmissionView, toSubmissionView } from './assignment-views.js';
import {
  filesOfSubmissions,
  findSubmission,
  findSubmissionOf,
  listSubmissionRows,
  type SubmissionWithStudent,
} from './submissions.repository.js';

/** Submission rows as views, their files fetched in one query for the whole page. */
export async function toSubmissionViews(
  db: Db,
  courseId: string,
  rows: readonly SubmissionWithStudent[],
): Promise<SubmissionView[]> {
  const files = await filesOfSubmissions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSubmissionView(courseId, row, files));
}

/** One submission as a view with the filled rubric of the grade it shows (lists leave it out). */
async function withAssessment(
  db: Db,
  courseId: string,
  row: SubmissionWithStudent,
): Promise<SubmissionView | null> {
  const [view] = await toSubmissionViews(db, courseId, [row]);
  if (!view) return null;
  return { ...view, rubric_assessment: await assessmentOf(db, view.id, view.graded_attempt) };
}

/** A student's submission to an assignment, or null before they submit. */
export async function submissionViewOf(
  db: Db,
  courseId: string,
  assignmentId: string,
  studentId: string,
): Promise<SubmissionView | null> {
  const row = await findSubmissionOf(db, assignmentId, studentId);
  if (!row) return null;
  return withAssessment(db, courseId, row);
}

export async function submissionViewById(
  db: Db,
  courseId: string,
  assignmentId: string,
  submissionId: string,
): Promise<SubmissionView | null> {
  const row = await findSubmission(db, assignmentId, submissionId);
  if (!row) return null;
  return withAssessment(db, courseId, row);
}

export async function submissionPage(
  db: Db,
  courseId: string,
  filter: { assignmentId: string; studentId?: string | undefined; offset: number; limit: number },
): Promise<{ submissions: SubmissionView[]; total: number }> {
  const { rows, total } = await listSubmissionRows(db, filter);
  return { submissions: await toSubmissionViews(db, courseId, rows), total };
}
