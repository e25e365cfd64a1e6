import {
  AppError,
  type courseDetailSchema,
  type courseSummarySchema,
  type createCourseRequestSchema,
  type updateCourseRequestSchema,
} from '@faraday/contracts';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { findUserById } from '../users/users.repository.js';
import { accessCourse, accessCourseForChange, type CourseAccess, type CourseRow } from './course-access.js';
import {
  type CourseListFilter,
  type CourseSummaryRow,
  findLiveCourseByCode,
  insertCourse,
  listAssistants,
  listVisibleCourses,
  teacherNameOf,
  updateCourse,
} from './courses.repository.js';
import { generateInviteCode, inviteExpiry } from './invite-codes.js';

type CourseSummary = z.infer<typeof courseSummarySchema>;
type CourseDetail = z.infer<typeof courseDetailSchema>;

function toSummary(course: CourseSummaryRow, teacherName: string): CourseSummary {
  return {
    id: course.id,
    name: course.name,
    code: course.code,
    semester: course.semester,
    description: course.description,
    teacher_id: course.teacher_id,
    teacher_name: teacherName,
    student_count: Number(course.student_count),
    max_students: Number(course.max_students),
    status: course.status as CourseSummary['status'],
    created_at: course.created_at,
    updated_at: course.updated_at,
  };
}

async function teacherOfNewCourse(
  db: Db,
  principal: Principal,
  requested: string | undefined,
): Promise<string> {
  if (requested === undefined || requested === principal.userId) return principal.userId;
  if (principal.role !== 'admin') {
    throw new AppError('VALIDATION_ERROR', 'Only an admin may create a course for another teacher');
  }
  const teacher = await findUserById(db, requested);
  if (
    !teacher ||
    (teacher.role !== 'teacher' && teacher.role !== 'admin') ||
    Number(teacher.disabled) === 1
  ) {
    throw new AppError('VALIDATION_ERROR', 'teacher_id must be an enabled teacher', {
      details: 'teacher_id',
    });
  }
  return teacher.id;
}

const codeTaken = () => new AppError('COURSE_CODE_EXISTS');

/** Creates a course; the caller (or the teacher an admin names) teaches it; an invite code is issued. */
export async function createCourse(
  db: Db,
  principal: Principal,
  input: z.output<typeof createCourseRequestSchema>,
  inviteCodeDays: number,
): Promise<CourseRow> {
  const teacherId = await teacherOfNewCourse(db, principal, input.teacher_id);
  if (await findLiveCourseByCode(db, input.code)) throw codeTaken();
  const now = isoNow();
  const course: CourseRow = {
    id: newId(),
    name: input.name,
    code: input.code,
    live_code: input.code.toLowerCase(),
    semester: input.semester,
    description: input.description,
    syllabus: input.syllabus,
    schedule: JSON.stringify(input.schedule),
    teacher_id: teacherId,
    max_students: input.max_students,
    student_count: 0,
    status: 'active',
    invite_code: generateInviteCode(),
    invite_expires_at: inviteExpiry(inviteCodeDays),
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await insertCourse(db, course);
      return course;
    } catch (error) {
      // A concurrent create won the code: the unique index on live_code is the referee.
      if (await findLiveCourseByCode(db, input.code)) throw codeTaken();
      // Otherwise the (random) invite code collided; draw another.
      if (attempt >= 3) throw error;
      course.invite_code = generateInviteCode();
    }
  }
}

export async function listCourses(
  db: Db,
  principal: Principal,
  filter: CourseListFilter,
): Promise<{ courses: CourseSummary[]; total: number }> {
  const { rows, total } = await listVisibleCourses(db, principal, filter);
  return { courses: rows.map((row) => toSummary(row, row.teacher_name)), total };
}

export async function courseDetail(db: Db, principal: Principal, courseId: string): Promise<CourseDetail> {
  const { course, role }: CourseAccess = await accessCourse(db, principal, courseId);
  const [teacherName, assistants] = await Promise.all([
    teacherNameOf(db, course.teacher_id),
    listAssistants(db, course.id),
  ]);
  const mayManage = role === 'admin' || role === 'teacher';
  return {
    ...toSummary(course, teacherName),
    assistants,
    syllabus: course.syllabus,
    schedule: JSON.parse(course.schedule) as CourseDetail['schedule'],
    my_role: role,
    ...(mayManage ? { invite_code: course.invite_code, invite_expires_at: course.invite_expires_at } : {}),
  };
}

export async function changeCourse(
  db: Db,
  principal: Principal,
  courseId: string,
  changes: z.output<typeof updateCourseRequestSchema>,
): Promise<CourseRow> {
  const { course } = await accessCourseForChange(db, principal, courseId, 'settings');
  if (changes.max_students !== undefined && changes.max_students < Number(course.student_count)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `max_students cannot be below the ${course.student_count} enrolled students`,
      {
        details: 'max_students',
      },
    );
  }
  const { schedule, ...plain } = changes;
  const updated = {
    ...plain,
    ...(schedule === undefined ? {} : { schedule: JSON.stringify(schedule) }),
    updated_at: isoNow(),
  };
  await updateCourse(db, courseId, updated);
  return { ...course, ...updated };
}

/** Soft delete: hidden everywhere afterwards, its code free for a new course, its invite dead. */
export async function deleteCourse(db: Db, principal: Principal, courseId: string): Promise<void> {
  await accessCourseForChange(db, principal, courseId, 'settings');
  const now = isoNow();
  await updateCourse(db, courseId, { deleted_at: now, live_code: null, invite_code: null, updated_at: now });
}
