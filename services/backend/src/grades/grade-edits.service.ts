import {
  AppError,
  type editGradeCellRequestSchema,
  type gradeCategoriesRequestSchema,
  type gradeCategoryListSchema,
  type gradeCellHistorySchema,
} from '@faraday/contracts';
import type { z } from 'zod';
import { gradeLatestAttempt } from '../assignments/submissions.repository.js';
import type { Principal } from '../auth/principal.js';
import { accessCourseForChange } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { queueNotification } from '../notifications/outbox.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import {
  type GradeChangeRow,
  gradeChangesOf,
  putGradebookEntry,
  recordGradeChanges,
  replaceCategories,
} from './grade-edits.repository.js';
import { gradebookCategories } from './gradebook.repository.js';
import { type Gradebook, loadGradebook } from './gradebook.service.js';

type Cell = Gradebook['students'][number]['grades'][number];

/** One grade to write: the cell as the gradebook showed it and the score it gets. */
export interface GradeWrite {
  studentId: string;
  cell: Cell;
  score: number;
}

/**
 * Writes grades typed or imported into the gradebook, each with its audit row, in the caller's
 * transaction. A cell with a submission grades its latest attempt (keeping that attempt's
 * feedback when it was graded already); a cell without one gets a gradebook entry. Answers false
 * when an attempt newer than the one shown arrived meanwhile (nothing should then be kept).
 */
export async function writeGrades(
  trx: Db,
  writes: readonly GradeWrite[],
  by: string,
  source: 'cell' | 'import',
): Promise<boolean> {
  const at = isoNow();
  const audit: GradeChangeRow[] = [];
  for (const { studentId, cell, score } of writes) {
    if (cell.submission_id !== null && cell.attempt !== null) {
      const current = await trx
        .selectFrom('submissions')
        .select(['feedback', 'graded_attempt'])
        .where('id', '=', cell.submission_id)
        .executeTakeFirst();
      const feedback =
        current && Number(current.graded_attempt) === cell.attempt ? (current.feedback ?? '') : '';
      const grade = { score, feedback, graded_by: by, graded_at: at };
      if (!(await gradeLatestAttempt(trx, cell.submission_id, cell.attempt, grade))) return false;
    } else {
      await putGradebookEntry(trx, {
        assignment_id: cell.assignment_id,
        student_id: studentId,
        score,
        graded_by: by,
        graded_at: at,
      });
    }
    audit.push({
      id: newId(),
      assignment_id: cell.assignment_id,
      student_id: studentId,
      attempt: cell.attempt,
      old_score: cell.raw_score ?? cell.score,
      new_score: score,
      source,
      changed_by: by,
      changed_at: at,
    });
  }
  await recordGradeChanges(trx, audit);
  return true;
}

/** Tells each student of their new grade, once the grades are committed (docs/adr/0131). */
export async function notifyGradesWritten(
  db: Db,
  courseId: string,
  writes: readonly GradeWrite[],
  by: string,
): Promise<void> {
  for (const { studentId, cell } of writes) {
    await queueNotification(db, {
      kind: 'grade',
      courseId,
      subjectId: cell.assignment_id,
      recipientId: studentId,
      actorId: by,
      detail: { attempt: cell.attempt },
    });
  }
}

async function staffCell(db: Db, principal: Principal, ids: CellIds) {
  await accessCourseForChange(db, principal, ids.courseId, 'content');
  const book = await loadGradebook(db, ids.courseId, ids.studentId);
  const index = book.assignments.findIndex((a) => a.id === ids.assignmentId);
  const assignment = book.assignments[index];
  if (!assignment) throw new AppError('ASSIGNMENT_NOT_FOUND');
  const student = book.students[0];
  const cell = student?.grades[index];
  if (!student || !cell) throw new AppError('USER_NOT_FOUND', 'No such student in this course');
  return { book, assignment, student, cell };
}

interface CellIds {
  courseId: string;
  assignmentId: string;
  studentId: string;
}

/**
 * A grade typed into a cell by the teacher, an assistant or an admin: it becomes the latest
 * attempt's grade (or the grade of a student with no submission), audited in the same
 * transaction. Refused for rubric-graded assignments (GRADED_BY_RUBRIC) and, when the student
 * handed in an attempt the teacher has not seen, with ATTEMPT_SUPERSEDED.
 */
export async function editGradeCell(
  db: Db,
  principal: Principal,
  ids: CellIds,
  input: z.output<typeof editGradeCellRequestSchema>,
): Promise<Gradebook['students'][number]> {
  const { assignment, cell } = await staffCell(db, principal, ids);
  if (assignment.graded_by_rubric) {
    throw new AppError('GRADED_BY_RUBRIC', undefined, { details: 'score: grade it with the rubric' });
  }
  if (input.score > assignment.max_score) {
    throw new AppError('VALIDATION_ERROR', `The score may be at most ${assignment.max_score}`, {
      details: `score: from 0 to ${assignment.max_score}`,
    });
  }
  if (input.attempt !== cell.attempt) {
    throw new AppError('ATTEMPT_SUPERSEDED', undefined, {
      details: `attempt: the latest attempt is ${cell.attempt ?? 'none'}`,
    });
  }
  const writes = [{ studentId: ids.studentId, cell, score: input.score }];
  const written = await db
    .transaction()
    .execute((trx: Db) => writeGrades(trx, writes, principal.userId, 'cell'));
  if (!written) throw new AppError('ATTEMPT_SUPERSEDED');
  await notifyGradesWritten(db, ids.courseId, writes, principal.userId);
  const book = await loadGradebook(db, ids.courseId, ids.studentId);
  const row = book.students[0];
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/** Who typed or imported which grade into a cell, and when: for the course's staff. */
export async function gradeCellHistory(
  db: Db,
  principal: Principal,
  ids: CellIds,
): Promise<z.infer<typeof gradeCellHistorySchema>> {
  await staffCell(db, principal, ids);
  const rows = await gradeChangesOf(db, ids.assignmentId, ids.studentId);
  return {
    changes: rows.map((r) => ({
      id: r.id,
      attempt: r.attempt === null ? null : Number(r.attempt),
      old_score: r.old_score === null ? null : Number(r.old_score),
      new_score: Number(r.new_score),
      source: r.source as 'cell' | 'import',
      changed_by: r.changed_by,
      changed_by_name: r.changed_by_name ?? r.changed_by,
      changed_at: r.changed_at,
    })),
  };
}

export async function listGradeCategories(
  db: Db,
  principal: Principal,
  courseId: string,
): Promise<z.infer<typeof gradeCategoryListSchema>> {
  await accessCourseForChange(db, principal, courseId, 'content');
  const { categories, categoryOf } = await gradebookCategories(db, courseId);
  return {
    categories: categories.map((c) => ({
      ...c,
      assignment_ids: [...categoryOf].filter(([, id]) => id === c.id).map(([assignment]) => assignment),
    })),
  };
}

/**
 * Replaces the course's weighted categories (teacher or admin: it changes how every student's
 * total is computed). Each assignment of the course may be in at most one category.
 */
export async function setGradeCategories(
  db: Db,
  principal: Principal,
  courseId: string,
  input: z.output<typeof gradeCategoriesRequestSchema>,
): Promise<z.infer<typeof gradeCategoryListSchema>> {
  await accessCourseForChange(db, principal, courseId, 'settings');
  const named = input.categories.flatMap((c) => c.assignment_ids);
  if (new Set(named).size !== named.length) {
    throw new AppError('VALIDATION_ERROR', 'An assignment is in two categories', {
      details: 'categories: an assignment may be in one category only',
    });
  }
  if (named.length > 0) {
    const found = await db
      .selectFrom('assignments')
      .select('id')
      .where('course_id', '=', courseId)
      .where('id', 'in', named)
      .execute();
    if (found.length !== named.length) throw new AppError('ASSIGNMENT_NOT_FOUND');
  }
  const rows = input.categories.map((c) => ({ ...c, id: newId() }));
  await db.transaction().execute((trx: Db) => replaceCategories(trx, courseId, rows));
  return listGradeCategories(db, principal, courseId);
}
