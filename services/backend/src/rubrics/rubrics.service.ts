import { AppError, type Rubric, type RubricRequest } from '@faraday/contracts';
import { findAssignment } from '../assignments/assignments.repository.js';
import { visibleAssignment } from '../assignments/assignments.service.js';
import type { Principal } from '../auth/principal.js';
import { accessCourse, accessCourseForChange } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { maxPointsOf, toRubricView, withIds } from './rubric-views.js';
import {
  attachedRubric,
  deleteRubricRow,
  findRubric,
  insertRubric,
  isRubricUsed,
  type RubricRow,
  rubricsOfCourse,
  setAttachment,
  updateRubricRow,
  usageOf,
} from './rubrics.repository.js';

const notFound = () => new AppError('RUBRIC_NOT_FOUND');
const inUse = () =>
  new AppError('RUBRIC_IN_USE', undefined, { details: 'a grade has used this rubric; copy it to change it' });

async function views(db: Db, rows: readonly RubricRow[]): Promise<Rubric[]> {
  const { used, attached } = await usageOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRubricView(row, used.has(row.id), attached.get(row.id) ?? []));
}

async function viewOf(db: Db, row: RubricRow): Promise<Rubric> {
  const [view] = await views(db, [row]);
  if (!view) throw notFound();
  return view;
}

async function rubricOfCourse(db: Db, courseId: string, rubricId: string): Promise<RubricRow> {
  const row = await findRubric(db, courseId, rubricId);
  if (!row) throw notFound();
  return row;
}

/** The course's rubrics: its teacher, assistants and admins (students see one through its assignment). */
export async function listRubrics(
  db: Db,
  principal: Principal,
  courseId: string,
): Promise<{ rubrics: Rubric[] }> {
  await accessCourseForChange(db, principal, courseId, 'content');
  return { rubrics: await views(db, await rubricsOfCourse(db, courseId)) };
}

export async function getRubric(
  db: Db,
  principal: Principal,
  courseId: string,
  rubricId: string,
): Promise<Rubric> {
  await accessCourseForChange(db, principal, courseId, 'content');
  return viewOf(db, await rubricOfCourse(db, courseId, rubricId));
}

export async function createRubric(
  db: Db,
  principal: Principal,
  courseId: string,
  input: RubricRequest,
): Promise<Rubric> {
  await accessCourseForChange(db, principal, courseId, 'content');
  const now = isoNow();
  const id = newId();
  await insertRubric(db, {
    id,
    course_id: courseId,
    title: input.title,
    criteria: JSON.stringify(withIds(input.criteria)),
    created_by: principal.userId,
    created_at: now,
    updated_at: now,
  });
  return viewOf(db, await rubricOfCourse(db, courseId, id));
}

/**
 * Replaces title, criteria and levels (all get new ids). Refused with RUBRIC_IN_USE once a grade
 * has used the rubric, so a past grade always means what it meant (docs/adr/0148); refused too
 * when an assignment it is attached to allows fewer points than the new rubric gives.
 */
export async function updateRubric(
  db: Db,
  principal: Principal,
  courseId: string,
  rubricId: string,
  input: RubricRequest,
): Promise<Rubric> {
  await accessCourseForChange(db, principal, courseId, 'content');
  const criteria = withIds(input.criteria);
  await db.transaction().execute(async (trx: Db) => {
    await rubricOfCourse(trx, courseId, rubricId);
    if (await isRubricUsed(trx, rubricId)) throw inUse();
    const { attached } = await usageOf(trx, [rubricId]);
    for (const assignmentId of attached.get(rubricId) ?? []) {
      const assignment = await findAssignment(trx, courseId, assignmentId);
      if (assignment) assertFits(maxPointsOf(criteria), Number(assignment.max_score));
    }
    await updateRubricRow(trx, rubricId, {
      title: input.title,
      criteria: JSON.stringify(criteria),
      updated_at: isoNow(),
    });
  });
  return viewOf(db, await rubricOfCourse(db, courseId, rubricId));
}

/** Deletes a rubric no grade has used (detaching it from its assignments). */
export async function deleteRubric(
  db: Db,
  principal: Principal,
  courseId: string,
  rubricId: string,
): Promise<void> {
  await accessCourseForChange(db, principal, courseId, 'content');
  await db.transaction().execute(async (trx: Db) => {
    await rubricOfCourse(trx, courseId, rubricId);
    if (await isRubricUsed(trx, rubricId)) throw inUse();
    await deleteRubricRow(trx, rubricId);
  });
}

/** A new, unused rubric with the same criteria and levels: how a used rubric is changed. */
export async function copyRubric(
  db: Db,
  principal: Principal,
  courseId: string,
  rubricId: string,
  title: string | undefined,
): Promise<Rubric> {
  await accessCourseForChange(db, principal, courseId, 'content');
  const source = await viewOf(db, await rubricOfCourse(db, courseId, rubricId));
  return createRubric(db, principal, courseId, {
    title: title ?? source.title,
    criteria: source.criteria.map(({ title: t, description, levels }) => ({
      title: t,
      description,
      levels: levels.map(({ title: lt, points, description: ld }) => ({
        title: lt,
        points,
        description: ld,
      })),
    })),
  });
}

function assertFits(maxPoints: number, maxScore: number): void {
  if (maxPoints > maxScore) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The rubric gives up to ${maxPoints} points; the assignment allows ${maxScore}`,
      {
        details: `rubric: at most ${maxScore} points in all (the assignment's max_score)`,
      },
    );
  }
}

/** The rubric graders use for the assignment: every member who may see the assignment may read it. */
export async function getAssignmentRubric(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<{ rubric: Rubric | null }> {
  const access = await accessCourse(db, principal, courseId);
  await visibleAssignment(db, access, assignmentId);
  const row = await attachedRubric(db, assignmentId);
  return { rubric: row ? await viewOf(db, row) : null };
}

/**
 * Attaches a rubric of the same course (or detaches with null). Its best total must fit the
 * assignment's max_score, so the score a rubric gives is always a valid grade.
 */
export async function attachRubric(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
  rubricId: string | null,
): Promise<{ rubric: Rubric | null }> {
  const access = await accessCourseForChange(db, principal, courseId, 'content');
  const assignment = await visibleAssignment(db, access, assignmentId);
  if (rubricId !== null) {
    const row = await findRubric(db, courseId, rubricId);
    if (!row) {
      throw new AppError('VALIDATION_ERROR', 'The rubric is not one of this course', {
        details: 'body.rubric_id: no rubric of this course has this id',
      });
    }
    assertFits(maxPointsOf((await viewOf(db, row)).criteria), Number(assignment.max_score));
  }
  await db.transaction().execute((trx: Db) => setAttachment(trx, assignmentId, rubricId));
  return getAssignmentRubric(db, principal, courseId, assignmentId);
}
