import { AppError } from '@faraday/contracts';
import type { Selectable } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
import type { CoursesTable } from '../db/schema.js';

export type CourseRow = Selectable<CoursesTable>;

/** How the caller relates to a course. */
export type CourseRole = 'admin' | 'teacher' | 'assistant' | 'student';

export interface CourseAccess {
  course: CourseRow;
  role: CourseRole;
}

/**
 * The one gate to a course: admins see every live course, others only courses they teach or
 * belong to. Missing, deleted and not-yours all answer COURSE_NOT_FOUND, so the API never
 * reveals which courses exist.
 */
export async function accessCourse(db: Db, principal: Principal, courseId: string): Promise<CourseAccess> {
  const row = await db
    .selectFrom('courses as c')
    .leftJoin('course_members as m', (join) =>
      join.onRef('m.course_id', '=', 'c.id').on('m.user_id', '=', principal.userId),
    )
    .selectAll('c')
    .select('m.role as member_role')
    .where('c.id', '=', courseId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('COURSE_NOT_FOUND');
  const { member_role, ...course } = row;
  let role: CourseRole | undefined;
  if (principal.role === 'admin') role = 'admin';
  else if (course.teacher_id === principal.userId) role = 'teacher';
  else if (member_role === 'assistant' || member_role === 'student') role = member_role;
  if (!role) throw new AppError('COURSE_NOT_FOUND');
  return { course, role };
}

/** What a change touches: course settings (teacher and admin) or teaching content (assistants too). */
export type ChangeScope = 'settings' | 'content';

export function assertMayChange(access: CourseAccess, scope: ChangeScope): void {
  const allowed =
    access.role === 'admin' ||
    access.role === 'teacher' ||
    (scope === 'content' && access.role === 'assistant');
  if (!allowed) {
    throw new AppError(
      'INSUFFICIENT_PERMISSIONS',
      scope === 'settings'
        ? "Only the course's teacher or an admin may change this"
        : "Only the course's teacher, its assistants or an admin may change this",
      { requiredPermission: 'course:write' },
    );
  }
}

/** Shortcut for routes that change a course: see it, then be allowed to change it. */
export async function accessCourseForChange(
  db: Db,
  principal: Principal,
  courseId: string,
  scope: ChangeScope,
): Promise<CourseAccess> {
  const access = await accessCourse(db, principal, courseId);
  assertMayChange(access, scope);
  return access;
}
