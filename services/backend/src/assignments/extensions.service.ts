import { AppError, type extensionSchema } from '@faraday/contracts';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse, assertMayChange } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { isoNow } from '../shared/time.js';
import type { AssignmentWithCount } from './assignments.repository.js';
import { isStaff, visibleAssignment } from './assignments.service.js';
import {
  deleteExtensionRow,
  type ExtensionRow,
  isStudentOf,
  listExtensionRows,
  putExtensionRow,
} from './extensions.repository.js';
import { effectiveCutoff } from './late-policy.js';

export type ExtensionView = z.infer<typeof extensionSchema>;

function toExtensionView(assignment: AssignmentWithCount, row: ExtensionRow): ExtensionView {
  return { ...row, cutoff: effectiveCutoff(assignment, row.due_date) };
}

/** Staff see every extension on the assignment; a student only their own. */
export async function listExtensions(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<{ extensions: ExtensionView[] }> {
  const access = await accessCourse(db, principal, courseId);
  const assignment = await visibleAssignment(db, access, assignmentId);
  const rows = await listExtensionRows(db, assignmentId, isStaff(access) ? undefined : principal.userId);
  return { extensions: rows.map((row) => toExtensionView(assignment, row)) };
}

/** Those who may grade (teacher, assistants, admin) grant and remove extensions. */
async function gradersAssignment(db: Db, principal: Principal, courseId: string, assignmentId: string) {
  const access = await accessCourse(db, principal, courseId);
  assertMayChange(access, 'content');
  return visibleAssignment(db, access, assignmentId);
}

/**
 * Grants a student of the course their own due date, or moves the one they have. It must be
 * later than the assignment's: an earlier one would take time away, which is not an extension.
 */
export async function putExtension(
  db: Db,
  principal: Principal,
  ids: { courseId: string; assignmentId: string; studentId: string },
  dueDate: string,
): Promise<ExtensionView> {
  const assignment = await gradersAssignment(db, principal, ids.courseId, ids.assignmentId);
  if (!(await isStudentOf(db, ids.courseId, ids.studentId))) {
    throw new AppError('USER_NOT_FOUND', 'No student of this course has that id');
  }
  if (dueDate <= assignment.due_date) {
    throw new AppError('VALIDATION_ERROR', 'An extension must be later than the assignment due date', {
      details: `due_date: after ${assignment.due_date}`,
    });
  }
  await putExtensionRow(db, {
    assignment_id: ids.assignmentId,
    student_id: ids.studentId,
    due_date: dueDate,
    granted_by: principal.userId,
    granted_at: isoNow(),
  });
  const [row] = await listExtensionRows(db, ids.assignmentId, ids.studentId);
  if (!row) throw new AppError('NOT_FOUND', 'The extension was removed meanwhile');
  return toExtensionView(assignment, row);
}

export async function removeExtension(
  db: Db,
  principal: Principal,
  ids: { courseId: string; assignmentId: string; studentId: string },
): Promise<void> {
  await gradersAssignment(db, principal, ids.courseId, ids.assignmentId);
  if (!(await deleteExtensionRow(db, ids.assignmentId, ids.studentId))) {
    throw new AppError('NOT_FOUND', 'The student has no extension on this assignment');
  }
}
