import type { Db } from '../db/database.js';

/** Assignment states that students see, and so the states that count in the gradebook. */
export const GRADED_STATES = ['published', 'closed'] as const;

export function gradebookAssignments(db: Db, courseId: string) {
  return db
    .selectFrom('assignments')
    .select([
      'id',
      'title',
      'due_date',
      'max_score',
      'status',
      'allow_late',
      'late_penalty_percent',
      'late_penalty_per',
      'late_penalty_max',
      'late_cutoff',
    ])
    .where('course_id', '=', courseId)
    .where('status', 'in', [...GRADED_STATES])
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}

/**
 * The course's students: every current student member, and every former one whose work is kept
 * (a student who left still has submissions here). `studentId` narrows it to one student.
 */
export async function gradebookStudents(db: Db, courseId: string, studentId?: string) {
  const submitters = db
    .selectFrom('submissions as s')
    .innerJoin('assignments as a', 'a.id', 's.assignment_id')
    .select('s.student_id as id')
    .where('a.course_id', '=', courseId)
    .where('a.status', 'in', [...GRADED_STATES]);
  const members = db
    .selectFrom('course_members')
    .select('user_id as id')
    .where('course_id', '=', courseId)
    .where('role', '=', 'student');
  let query = db
    .selectFrom('users as u')
    .leftJoin('course_members as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').on('m.course_id', '=', courseId).on('m.role', '=', 'student'),
    )
    .select(['u.id', 'u.username', 'u.name', 'm.joined_at'])
    .where((eb) => eb.or([eb('u.id', 'in', members), eb('u.id', 'in', submitters)]));
  if (studentId !== undefined) query = query.where('u.id', '=', studentId);
  return query.orderBy('u.name').orderBy('u.username').execute();
}

export async function gradebookSubmissions(db: Db, courseId: string, studentId?: string) {
  let query = db
    .selectFrom('submissions as s')
    .innerJoin('assignments as a', 'a.id', 's.assignment_id')
    .leftJoin('submission_attempts as ga', (join) =>
      join.onRef('ga.submission_id', '=', 's.id').onRef('ga.attempt', '=', 's.graded_attempt'),
    )
    .select([
      's.id',
      's.submitted_at',
      'ga.submitted_at as graded_submitted_at',
      's.assignment_id',
      's.student_id',
      's.attempt',
      's.is_late',
      's.score',
      's.graded_attempt',
    ])
    .where('a.course_id', '=', courseId)
    .where('a.status', 'in', [...GRADED_STATES]);
  if (studentId !== undefined) query = query.where('s.student_id', '=', studentId);
  return query.execute();
}

/** Grades given in the gradebook to students who handed nothing in (docs/adr/0129). */
export async function gradebookEntries(db: Db, courseId: string, studentId?: string) {
  let query = db
    .selectFrom('gradebook_entries as e')
    .innerJoin('assignments as a', 'a.id', 'e.assignment_id')
    .select(['e.assignment_id', 'e.student_id', 'e.score'])
    .where('a.course_id', '=', courseId);
  if (studentId !== undefined) query = query.where('e.student_id', '=', studentId);
  return query.execute();
}

/** The course's weighted categories in order, and which category each assignment counts in. */
export async function gradebookCategories(db: Db, courseId: string) {
  const [categories, members] = await Promise.all([
    db
      .selectFrom('grade_categories')
      .select(['id', 'name', 'weight'])
      .where('course_id', '=', courseId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('assignment_categories as ac')
      .innerJoin('grade_categories as g', 'g.id', 'ac.category_id')
      .select(['ac.assignment_id', 'ac.category_id'])
      .where('g.course_id', '=', courseId)
      .execute(),
  ]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name, weight: Number(c.weight) })),
    categoryOf: new Map(members.map((m) => [m.assignment_id, m.category_id])),
  };
}

/** Which of the course's assignments are graded through a rubric. */
export async function rubricGradedAssignments(db: Db, courseId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('assignment_rubrics as r')
    .innerJoin('assignments as a', 'a.id', 'r.assignment_id')
    .select('r.assignment_id')
    .where('a.course_id', '=', courseId)
    .execute();
  return new Set(rows.map((r) => r.assignment_id));
}
