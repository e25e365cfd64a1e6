/** Tables of what reaches people (announcements, calendar feeds, notifications); conventions as in schema.ts. */

/** A course's announcement: Markdown as written (rendered without raw HTML by the client). */
export interface AnnouncementsTable {
  id: string;
  course_id: string;
  title: string;
  body: string;
  /** An attached resource of the same course; null when none (or it was deleted). */
  resource_id: string | null;
  pinned: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One reader's marker: present once the user has read the announcement. */
export interface AnnouncementReadsTable {
  announcement_id: string;
  user_id: string;
  read_at: string;
}

/** A user's private calendar feed: its URL's secret is kept only as a SHA-256 hash. */
export interface CalendarFeedsTable {
  user_id: string;
  secret_hash: string;
  created_at: string;
}

/** The outbox (docs/adr/0131): one row per thing that happened, fanned out once by a dispatcher. */
export interface NotificationEventsTable {
  id: string;
  kind: string;
  course_id: string;
  /** The assignment, announcement or submission it is about. */
  subject_id: string;
  /** The one user it concerns (a grade); null: resolved from the course at fan-out. */
  recipient_id: string | null;
  actor_id: string | null;
  /** JSON: what the fan-out needs that the subject row does not keep (change, due date). */
  detail: string;
  dedupe_key: string | null;
  created_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
  dispatched_at: string | null;
}

/** A user's notification; in_app 0 rows exist only to be e-mailed. */
export interface NotificationsTable {
  id: string;
  event_id: string;
  user_id: string;
  kind: string;
  course_id: string;
  subject_title: string;
  detail: string;
  link: string;
  in_app: number;
  created_at: string;
  read_at: string | null;
  /** none | pending | sending | sent */
  email_state: string;
  email_claim: string | null;
  email_claimed_at: string | null;
}

export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  in_app: number;
  email: number;
}
