import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { GRADED_STATES } from './gradebook.repository.js';

/**
 * Submissions whose latest attempt waits for a grade, in every live course the user teaches or
 * assists, newest first: one query, the total counted by a window function over the same rows.
 */
export function gradingQueuePage(db: Db, userId: string, page: { offset: number; limit: number }) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('assignments as a', 'a.id', 's.assignment_id')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .innerJoin('users as u', 'u.id', 's.student_id')
    .select([
      's.id as submission_id',
      'c.id as course_id',
      'c.name as course_name',
      'a.id as assignment_id',
      'a.title as assignment_title',
      's.student_id',
      'u.name as student_name',
      's.attempt',
      's.submitted_at',
      's.is_late',
      's.graded_attempt',
      sql<number | string>`count(*) over ()`.as('total'),
    ])
    .where('c.deleted_at', 'is', null)
    .where('a.status', 'in', [...GRADED_STATES])
    .where((eb) =>
      eb.or([eb('s.graded_attempt', 'is', null), eb('s.graded_attempt', '<', eb.ref('s.attempt'))]),
    )
    .where((eb) =>
      eb.or([
        eb('c.teacher_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('course_members as m')
            .select('m.user_id')
            .whereRef('m.course_id', '=', 'c.id')
            .where('m.user_id', '=', userId)
            .where('m.role', '=', 'assistant'),
        ),
      ]),
    )
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/**
 * Published assignments of the student's live courses due between `from` and `to`, soonest
 * first, each with the student's own submission if any: one query.
 */
export function dueAssignmentsOf(db: Db, studentId: string, from: string, to: string) {
  return db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .innerJoin('course_members as m', (join) =>
      join
        .onRef('m.course_id', '=', 'a.course_id')
        .on('m.user_id', '=', studentId)
        .on('m.role', '=', 'student'),
    )
    .leftJoin('submissions as s', (join) =>
      join.onRef('s.assignment_id', '=', 'a.id').on('s.student_id', '=', studentId),
    )
    .select([
      'a.id as assignment_id',
      'a.course_id',
      'c.name as course_name',
      'a.title',
      'a.due_date',
      'a.max_score',
      's.id as submission_id',
      's.attempt',
      's.is_late',
      's.score',
      's.graded_attempt',
    ])
    .where('c.deleted_at', 'is', null)
    .where('a.status', '=', 'published')
    .where('a.due_date', '>=', from)
    .where('a.due_date', '<=', to)
    .orderBy('a.due_date')
    .orderBy('a.id')
    .execute();
}
