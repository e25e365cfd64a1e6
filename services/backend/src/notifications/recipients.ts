import type { NotificationKind } from '@faraday/contracts';
import { listExtensionRows } from '../assignments/extensions.repository.js';
import type { Db } from '../db/database.js';
import type { NotificationEventsTable } from '../db/schema.js';

/** Who a claimed event goes to, and what their notification says; null: nothing to tell any more. */
export interface FanOut {
  userIds: string[];
  subjectTitle: string;
  link: string;
  detail: Record<string, unknown>;
}

async function students(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('course_members')
    .select('user_id')
    .where('course_id', '=', courseId)
    .where('role', '=', 'student')
    .execute();
  return rows.map((row) => row.user_id);
}

async function staff(db: Db, courseId: string): Promise<string[]> {
  const [course, assistants] = await Promise.all([
    db.selectFrom('courses').select('teacher_id').where('id', '=', courseId).executeTakeFirst(),
    db
      .selectFrom('course_members')
      .select('user_id')
      .where('course_id', '=', courseId)
      .where('role', '=', 'assistant')
      .execute(),
  ]);
  return [...(course ? [course.teacher_id] : []), ...assistants.map((row) => row.user_id)];
}

async function publishedAssignment(db: Db, courseId: string, assignmentId: string) {
  return db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .select(['a.id', 'a.title', 'a.due_date'])
    .where('a.id', '=', assignmentId)
    .where('a.course_id', '=', courseId)
    .where('a.status', '!=', 'draft')
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
}

const assignmentLink = (courseId: string, assignmentId: string) =>
  `/courses/${courseId}/assignments/${assignmentId}`;

type Resolver = (
  db: Db,
  event: NotificationEventsTable,
  detail: Record<string, unknown>,
) => Promise<FanOut | null>;

/** One resolver per kind: the recipients are read when the event is fanned out, not when queued. */
const resolvers: Record<NotificationKind, Resolver> = {
  async assignment(db, event, detail) {
    const assignment = await publishedAssignment(db, event.course_id, event.subject_id);
    if (!assignment) return null;
    return {
      userIds: await students(db, event.course_id),
      subjectTitle: assignment.title,
      link: assignmentLink(event.course_id, assignment.id),
      detail: { ...detail, due_date: assignment.due_date },
    };
  },
  async grade(db, event, detail) {
    const assignment = await publishedAssignment(db, event.course_id, event.subject_id);
    if (!assignment || !event.recipient_id) return null;
    return {
      userIds: [event.recipient_id],
      subjectTitle: assignment.title,
      link: assignmentLink(event.course_id, assignment.id),
      detail,
    };
  },
  async announcement(db, event, detail) {
    const row = await db
      .selectFrom('announcements as a')
      .innerJoin('courses as c', 'c.id', 'a.course_id')
      .select('a.title')
      .where('a.id', '=', event.subject_id)
      .where('c.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const members = [...(await staff(db, event.course_id)), ...(await students(db, event.course_id))];
    return {
      userIds: members.filter((id) => id !== event.actor_id),
      subjectTitle: row.title,
      link: `/courses/${event.course_id}/announcements`,
      detail,
    };
  },
  async due_soon(db, event, detail) {
    const assignment = await publishedAssignment(db, event.course_id, event.subject_id);
    // The due date moved since the scan: the scan queues a reminder for the new one.
    if (!assignment || assignment.due_date !== detail.due_date) return null;
    const handedIn = await db
      .selectFrom('submissions')
      .select('student_id')
      .where('assignment_id', '=', assignment.id)
      .execute();
    // A student with an extension is not due now; their own due date is not scanned (docs/adr/0131).
    const extended = await listExtensionRows(db, assignment.id);
    const done = new Set([...handedIn, ...extended].map((row) => row.student_id));
    return {
      userIds: (await students(db, event.course_id)).filter((id) => !done.has(id)),
      subjectTitle: assignment.title,
      link: assignmentLink(event.course_id, assignment.id),
      detail,
    };
  },
  async resubmission(db, event, detail) {
    const assignment = await publishedAssignment(db, event.course_id, event.subject_id);
    if (!assignment) return null;
    return {
      userIds: (await staff(db, event.course_id)).filter((id) => id !== event.actor_id),
      subjectTitle: assignment.title,
      link: assignmentLink(event.course_id, assignment.id),
      detail,
    };
  },
};

export async function resolveFanOut(db: Db, event: NotificationEventsTable): Promise<FanOut | null> {
  const resolver = resolvers[event.kind as NotificationKind];
  if (!resolver) return null;
  const fanOut = await resolver(db, event, JSON.parse(event.detail) as Record<string, unknown>);
  if (!fanOut) return null;
  return { ...fanOut, userIds: [...new Set(fanOut.userIds)] };
}
