import { AppError, type memberListSchema, type memberSchema } from '@faraday/contracts';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, retryTransient } from '../db/transient-errors.js';
import { isoNow } from '../shared/time.js';
import { findUserById, findUsersByIds, findUsersByUsernames } from '../users/users.repository.js';
import { accessCourse, accessCourseForChange, type CourseRow } from './course-access.js';
import { findLiveCourseByInviteCode, updateCourse } from './courses.repository.js';
import { generateInviteCode, inviteExpiry, normaliseInviteCode } from './invite-codes.js';
import {
  deleteMember,
  insertMember,
  listMemberRows,
  memberRoleOf,
  releaseSeat,
  takeSeat,
} from './members.repository.js';

type Member = z.infer<typeof memberSchema>;
type MemberList = z.infer<typeof memberListSchema>;

/**
 * The course's people, grouped as the API contract answers them. Staff see everyone's e-mail; a student sees
 * the staff's but not their classmates'.
 */
export async function listCourseMembers(db: Db, principal: Principal, courseId: string): Promise<MemberList> {
  const { course, role } = await accessCourse(db, principal, courseId);
  const [teacher, rows] = await Promise.all([
    findUserById(db, course.teacher_id),
    listMemberRows(db, courseId),
  ]);
  const seesStudentEmails = role !== 'student';
  const assistants: Member[] = [];
  const students: Member[] = [];
  for (const row of rows) {
    if (row.role === 'assistant') {
      assistants.push({ id: row.id, name: row.name, email: row.email, role: 'assistant' });
    } else {
      const email = seesStudentEmails || row.id === principal.userId ? row.email : '';
      students.push({
        id: row.id,
        name: row.name,
        email,
        role: 'student',
        student_id: row.username,
        joined_at: row.joined_at,
      });
    }
  }
  return {
    teacher: {
      id: course.teacher_id,
      name: teacher?.name ?? '',
      email: teacher?.email ?? '',
      role: 'teacher',
    },
    assistants,
    students,
    total_count: 1 + assistants.length + students.length,
  };
}

/**
 * Adds users as assistants or students, one result per user. The whole change is one
 * transaction; students take seats with the same guarded update as joins.
 */
export async function addCourseMembers(
  db: Db,
  principal: Principal,
  courseId: string,
  request: { user_ids: string[]; usernames?: string[] | undefined; role: 'assistant' | 'student' },
): Promise<{ added_count: number; failed_users: { user_id: string; reason: string }[] }> {
  const { course } = await accessCourseForChange(db, principal, courseId, 'settings');
  const named = await findUsersByUsernames(db, request.usernames ?? []);
  const found = new Set(named.map((u) => u.username));
  const unknownNames = [...new Set((request.usernames ?? []).map((n) => n.trim().toLowerCase()))]
    .filter((name) => !found.has(name))
    .map((name) => ({ user_id: name, reason: 'unknown user' }));
  const ids = [...new Set([...request.user_ids, ...named.map((u) => u.id)])];
  const attempt = () =>
    db.transaction().execute(async (trx: Db) => {
      const users = new Map((await findUsersByIds(trx, ids)).map((u) => [u.id, u]));
      const failed: { user_id: string; reason: string }[] = [];
      let added = 0;
      const joinedAt = isoNow();
      for (const userId of ids) {
        const user = users.get(userId);
        const reason = !user
          ? 'unknown user'
          : Number(user.disabled) === 1
            ? 'user is disabled'
            : userId === course.teacher_id
              ? 'user is the course teacher'
              : (await memberRoleOf(trx, courseId, userId))
                ? 'already a member'
                : request.role === 'student' && !(await takeSeat(trx, courseId))
                  ? 'course is full'
                  : undefined;
        if (reason) {
          failed.push({ user_id: userId, reason });
          continue;
        }
        await insertMember(trx, { courseId, userId, role: request.role, joinedAt });
        added += 1;
      }
      return { added_count: added, failed_users: [...unknownNames, ...failed] };
    });
  try {
    return await retryTransient(attempt);
  } catch (error) {
    // A user joined by invite while we were adding them: run once more, they now read as members.
    if (isUniqueViolation(error)) return retryTransient(attempt);
    throw error;
  }
}

export async function removeCourseMember(
  db: Db,
  principal: Principal,
  courseId: string,
  userId: string,
): Promise<void> {
  const { course } = await accessCourseForChange(db, principal, courseId, 'settings');
  if (userId === course.teacher_id) {
    throw new AppError(
      'VALIDATION_ERROR',
      "The course's teacher cannot be removed; assign another teacher first",
    );
  }
  await db.transaction().execute(async (trx: Db) => {
    const role = await memberRoleOf(trx, courseId, userId);
    if (!role) throw new AppError('USER_NOT_FOUND', 'That user is not a member of this course');
    await deleteMember(trx, courseId, userId);
    if (role === 'student') await releaseSeat(trx, courseId);
  });
}

function joinable(course: CourseRow | undefined, now: string): course is CourseRow {
  if (course?.status !== 'active') return false;
  return course.invite_expires_at === null || course.invite_expires_at > now;
}

/** Any signed-in user joins as a student with a live, unexpired code of an active course. */
export async function joinCourseByInviteCode(
  db: Db,
  principal: Principal,
  inviteCode: string,
): Promise<{ course_id: string; course_name: string; joined_at: string }> {
  const now = isoNow();
  const course = await findLiveCourseByInviteCode(db, normaliseInviteCode(inviteCode));
  if (!joinable(course, now)) throw new AppError('INVITE_CODE_INVALID');
  const alreadyMember = () =>
    new AppError('MEMBER_ALREADY_EXISTS', 'You are already a member of this course');
  if (course.teacher_id === principal.userId) throw alreadyMember();
  try {
    await retryTransient(() =>
      db.transaction().execute(async (trx: Db) => {
        if (await memberRoleOf(trx, course.id, principal.userId)) throw alreadyMember();
        if (!(await takeSeat(trx, course.id))) throw new AppError('COURSE_FULL');
        await insertMember(trx, {
          courseId: course.id,
          userId: principal.userId,
          role: 'student',
          joinedAt: now,
        });
      }),
    );
  } catch (error) {
    // The same user joining twice at once: the primary key refused the second insert.
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
  return { course_id: course.id, course_name: course.name, joined_at: now };
}

/**
 * A new code replaces the old one at once (the old one stops working). It expires when asked, never
 * when `expires_at` is null, else after INVITE_CODE_DAYS.
 */
export async function rotateInviteCode(
  db: Db,
  principal: Principal,
  courseId: string,
  expiresAt: string | null | undefined,
  defaultDays: number,
): Promise<{ invite_code: string; invite_expires_at: string | null }> {
  await accessCourseForChange(db, principal, courseId, 'settings');
  const invite_expires_at =
    expiresAt === undefined
      ? inviteExpiry(defaultDays)
      : expiresAt
        ? new Date(expiresAt).toISOString()
        : null;
  if (invite_expires_at !== null && invite_expires_at <= isoNow()) {
    throw new AppError('VALIDATION_ERROR', 'expires_at must be in the future', { details: 'expires_at' });
  }
  for (let attempt = 0; ; attempt++) {
    const invite_code = generateInviteCode();
    try {
      await updateCourse(db, courseId, { invite_code, invite_expires_at, updated_at: isoNow() });
      return { invite_code, invite_expires_at };
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
