import {
  AppError,
  type AssignmentStatus,
  assignmentTransitions,
  type createAssignmentRequestSchema,
  type MyAssignmentStatus,
  pageOffset,
  type updateAssignmentRequestSchema,
} from '@faraday/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse, accessCourseForChange, type CourseAccess } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import type { AssignmentsTable } from '../db/schema.js';
import { assignmentChange } from '../notifications/assignment-change.js';
import { queueNotification } from '../notifications/outbox.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import {
  type AssignmentView,
  myStatusOf,
  type SubmissionView,
  toAssignmentView,
} from './assignment-views.js';
import {
  type AssignmentWithCount,
  countSubmissions,
  findAssignment,
  highestScore,
  insertAssignment,
  listAssignments,
  updateAssignmentRow,
} from './assignments.repository.js';
import { extensionsOfStudent, findExtension } from './extensions.repository.js';
import { assertCutoffAfterDue, latePenaltyColumns } from './late-policy.js';
import { submissionViewOf } from './submission-queries.js';
import { submissionStatesOf } from './submissions.repository.js';

/** Students see work they can act on or look back at; drafts are the staff's until published. */
const STUDENT_STATUSES: readonly AssignmentStatus[] = ['published', 'closed'];
const ALL_STATUSES: readonly AssignmentStatus[] = ['draft', 'published', 'closed'];

export function isStaff(access: CourseAccess): boolean {
  return access.role !== 'student';
}

/**
 * The assignment as the caller may see it. A draft is invisible to students, so for them it
 * answers ASSIGNMENT_NOT_FOUND, the same as an assignment that does not exist.
 */
export async function visibleAssignment(
  db: Db,
  access: CourseAccess,
  assignmentId: string,
): Promise<AssignmentWithCount> {
  const row = await findAssignment(db, access.course.id, assignmentId);
  if (!row || (!isStaff(access) && !STUDENT_STATUSES.includes(row.status as AssignmentStatus))) {
    throw new AppError('ASSIGNMENT_NOT_FOUND');
  }
  return row;
}

export async function createAssignment(
  db: Db,
  principal: Principal,
  courseId: string,
  input: z.output<typeof createAssignmentRequestSchema>,
): Promise<AssignmentView> {
  await accessCourseForChange(db, principal, courseId, 'content');
  assertCutoffAfterDue(input.due_date, input.late_cutoff);
  const now = isoNow();
  const row = {
    id: newId(),
    course_id: courseId,
    title: input.title,
    description: input.description,
    instructions: input.instructions,
    attachments: JSON.stringify(input.attachments),
    due_date: input.due_date,
    max_score: input.max_score,
    allow_late: input.allow_late ? 1 : 0,
    resubmit_after_grading: input.resubmit_after_grading ? 1 : 0,
    ...latePenaltyColumns(input.late_penalty),
    late_cutoff: input.late_cutoff,
    status: 'draft',
    kind: input.kind,
    quiz_attempts_allowed: 1,
    quiz_time_limit_minutes: null,
    created_by: principal.userId,
    created_at: now,
    updated_at: now,
  };
  await insertAssignment(db, row);
  return toAssignmentView({ ...row, submission_count: 0 });
}

export async function listCourseAssignments(
  db: Db,
  principal: Principal,
  courseId: string,
  query: { page: number; limit: number; status?: AssignmentStatus | undefined },
): Promise<{
  assignments: (AssignmentView & { my_status?: MyAssignmentStatus })[];
  total: number;
  page: number;
  limit: number;
}> {
  const access = await accessCourse(db, principal, courseId);
  const visible = isStaff(access) ? ALL_STATUSES : STUDENT_STATUSES;
  const statuses = query.status ? visible.filter((status) => status === query.status) : visible;
  const { rows, total } =
    statuses.length === 0
      ? { rows: [], total: 0 }
      : await listAssignments(db, { courseId, statuses, offset: pageOffset(query), limit: query.limit });
  return {
    assignments: isStaff(access)
      ? rows.map(toAssignmentView)
      : await withMyStatus(db, principal.userId, rows),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** A student's list says where they stand on each assignment (one query for the page). */
async function withMyStatus(
  db: Db,
  studentId: string,
  rows: AssignmentWithCount[],
): Promise<(AssignmentView & { my_status: MyAssignmentStatus; my_extended_due_date: string | null })[]> {
  const ids = rows.map((row) => row.id);
  const [states, extensions] = await Promise.all([
    submissionStatesOf(db, studentId, ids),
    extensionsOfStudent(db, studentId, ids),
  ]);
  const byAssignment = new Map(states.map((state) => [state.assignment_id, state]));
  const now = isoNow();
  return rows.map((row) => {
    const extension = extensions.get(row.id) ?? null;
    return {
      ...toAssignmentView(row),
      my_status: myStatusOf(row, byAssignment.get(row.id), now, extension),
      my_extended_due_date: extension,
    };
  });
}

/** The assignment; a student also gets their own submission (null before they submit). */
export async function getAssignment(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<AssignmentView & { my_submission?: SubmissionView | null; my_extended_due_date?: string | null }> {
  const access = await accessCourse(db, principal, courseId);
  const view = toAssignmentView(await visibleAssignment(db, access, assignmentId));
  if (isStaff(access)) return view;
  const [mySubmission, extension] = await Promise.all([
    submissionViewOf(db, courseId, assignmentId, principal.userId),
    findExtension(db, assignmentId, principal.userId),
  ]);
  return { ...view, my_submission: mySubmission, my_extended_due_date: extension };
}

function invalidTransition(from: AssignmentStatus, to: AssignmentStatus): AppError {
  const allowed = assignmentTransitions[from].join(' or ');
  return new AppError('VALIDATION_ERROR', `An assignment cannot move from ${from} to ${to}`, {
    details: `status: from ${from} it may move to ${allowed}`,
  });
}

/**
 * Edits fields and moves the status along assignmentTransitions. Unpublishing is refused once
 * anyone has submitted (the work would vanish from the students' view); lowering max_score below
 * a score already given is refused (the grade would be out of range).
 */
export async function updateAssignment(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  input: z.output<typeof updateAssignmentRequestSchema>,
): Promise<AssignmentView> {
  const access = await accessCourseForChange(db, principal, courseId, 'content');
  const current = await visibleAssignment(db, access, assignmentId);
  const from = current.status as AssignmentStatus;
  const to = input.status;
  if (to !== undefined && to !== from && !assignmentTransitions[from].includes(to)) {
    throw invalidTransition(from, to);
  }

  const changes: Updateable<AssignmentsTable> = { updated_at: isoNow() };
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.instructions !== undefined) changes.instructions = input.instructions;
  if (input.attachments !== undefined) changes.attachments = JSON.stringify(input.attachments);
  if (input.due_date !== undefined) changes.due_date = input.due_date;
  if (input.max_score !== undefined) changes.max_score = input.max_score;
  if (input.allow_late !== undefined) changes.allow_late = input.allow_late ? 1 : 0;
  if (input.resubmit_after_grading !== undefined) {
    changes.resubmit_after_grading = input.resubmit_after_grading ? 1 : 0;
  }
  if (input.late_penalty !== undefined) Object.assign(changes, latePenaltyColumns(input.late_penalty));
  if (input.late_cutoff !== undefined) changes.late_cutoff = input.late_cutoff;
  assertCutoffAfterDue(
    input.due_date ?? current.due_date,
    input.late_cutoff !== undefined ? input.late_cutoff : current.late_cutoff,
  );
  if (to !== undefined) changes.status = to;

  await db.transaction().execute(async (trx: Db) => {
    if (to === 'draft' && from === 'published' && (await countSubmissions(trx, assignmentId)) > 0) {
      throw new AppError(
        'VALIDATION_ERROR',
        'Students have already submitted; close the assignment instead',
        {
          details: 'status: published -> draft is allowed only while there are no submissions',
        },
      );
    }
    if (input.max_score !== undefined) {
      const top = await highestScore(trx, assignmentId);
      if (top !== null && top > input.max_score) {
        throw new AppError('VALIDATION_ERROR', `A submission already has a score of ${top}`, {
          details: `max_score: must be at least ${top}, the highest score given`,
        });
      }
    }
    if (!(await updateAssignmentRow(trx, assignmentId, from, changes))) {
      throw new AppError('VALIDATION_ERROR', 'The assignment changed meanwhile; reload it and try again', {
        details: `status: no longer ${from}`,
      });
    }
  });
  const updated = await findAssignment(db, courseId, assignmentId);
  if (!updated) throw new AppError('ASSIGNMENT_NOT_FOUND');
  const change = assignmentChange(current, updated);
  if (change) {
    await queueNotification(db, {
      kind: 'assignment',
      courseId,
      subjectId: assignmentId,
      actorId: principal.userId,
      detail: { change },
    });
  }
  return toAssignmentView(updated);
}
