import type { Generated } from 'kysely';
import type {
  AnnouncementReadsTable,
  AnnouncementsTable,
  CalendarFeedsTable,
  NotificationEventsTable,
  NotificationPreferencesTable,
  NotificationsTable,
} from './schema-communication.js';
import type {
  AssignmentCategoriesTable,
  AssignmentExtensionsTable,
  AssignmentRubricsTable,
  GradebookEntriesTable,
  GradeCategoriesTable,
  GradeChangesTable,
  QuizAttemptItemsTable,
  QuizAttemptsTable,
  QuizQuestionsTable,
  RubricSelectionsTable,
  RubricsTable,
} from './schema-grading.js';

export type * from './schema-communication.js';
export type * from './schema-grading.js';

/**
 * Table types for Kysely. Portable column conventions
 * (docs/adr/0009-one-sql-code-path-for-three-databases.md): ids are UUID v7 strings, timestamps ISO
 * 8601 UTC strings, booleans 0/1 integers, JSON as text.
 */
export interface UsersTable {
  id: string;
  username: string;
  name: string;
  email: string;
  role: string;
  password_hash: string;
  must_change_password: number;
  disabled: number;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  corpchat_user_id: string | null;
}

export interface AuthTokensTable {
  jti: string;
  user_id: string;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The browser session that issued the token; null for a token of an API client. */
  session_id: string | null;
}

/** A browser session: its cookie's secret is kept only as a SHA-256 hash. */
export interface AuthSessionsTable {
  id: string;
  user_id: string;
  secret_hash: string;
  created_at: string;
  /** Moves forward at each renewal (idle limit), never past the absolute limit. */
  expires_at: string;
  revoked_at: string | null;
}

/** Failed logins of a username from one address, or from every address when `address` is `*`. */
export interface LoginFailuresTable {
  username: string;
  address: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

export interface CoursesTable {
  id: string;
  name: string;
  code: string;
  live_code: string | null;
  semester: string;
  description: string;
  syllabus: string;
  /** JSON: [{week, topic, content}] */
  schedule: string;
  teacher_id: string;
  max_students: number;
  student_count: number;
  status: string;
  invite_code: string | null;
  invite_expires_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CourseMembersTable {
  course_id: string;
  user_id: string;
  role: string;
  joined_at: string;
}

export interface AssignmentsTable {
  id: string;
  course_id: string;
  title: string;
  description: string;
  instructions: string;
  /** JSON: file names */
  attachments: string;
  due_date: string;
  max_score: number;
  allow_late: number;
  resubmit_after_grading: number;
  status: string;
  /** submission | quiz (docs/adr/0145) */
  kind: Generated<string>;
  quiz_attempts_allowed: Generated<number>;
  quiz_time_limit_minutes: number | null;
  /** Late policy (docs/adr/0128): all null when late work carries no penalty. */
  late_penalty_percent: number | null;
  /** day | hour */
  late_penalty_per: string | null;
  late_penalty_max: number | null;
  late_cutoff: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SubmissionsTable {
  id: string;
  assignment_id: string;
  student_id: string;
  content: string;
  submitted_at: string;
  is_late: number;
  attempt: number;
  score: number | null;
  feedback: string | null;
  graded_by: string | null;
  graded_at: string | null;
  /** The attempt whose grade score/feedback show; null while none is graded. */
  graded_attempt: number | null;
}

/** One attempt of a submission: never changed by a later one (its grade is set once graded). */
export interface SubmissionAttemptsTable {
  submission_id: string;
  attempt: number;
  content: string;
  submitted_at: string;
  is_late: number;
  score: number | null;
  feedback: string | null;
  graded_by: string | null;
  graded_at: string | null;
}

export interface StoredFilesTable {
  id: string;
  blob_key: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  created_at: string;
}

export interface SubmissionFilesTable {
  submission_id: string;
  file_id: string;
  attempt: number;
}

export interface ResourcesTable {
  id: string;
  course_id: string;
  file_id: string;
  name: string;
  type: string;
  category: string;
  chapter: number | null;
  description: string;
  uploaded_by: string;
  uploaded_at: string;
  /** null: not course material; '': waiting to be fed to the tutor; else the AI epoch it was fed under. */
  fed_epoch: string | null;
}

/** Deleted course material the tutor may still hold, until the AI service confirmed its removal. */
export interface CourseMaterialRemovalsTable {
  resource_id: string;
  course_id: string;
  source: string;
  created_at: string;
}

export interface SimulationsTable {
  id: string;
  owner_id: string;
  course_id: string | null;
  type: string;
  title: string;
  /** JSON: the request parameters */
  parameters: string;
  /** JSON: the solver's metadata */
  metadata: string;
  status: string;
  computation_time: number;
  png_blob_key: string | null;
  data_blob_key: string | null;
  sweep_id: string | null;
  created_at: string;
}

export interface SweepTasksTable {
  id: string;
  owner_id: string;
  course_id: string | null;
  simulation_type: string;
  base_parameters: string;
  sweep_parameters: string;
  output_format: string;
  status: string;
  total_simulations: number;
  completed: number;
  failed: number;
  estimated_time: number;
  summary_blob_key: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** JSON {x, y} (m): the probe point of the sweep's metrics, null when none was named */
  probe: string | null;
}

export interface SweepRunsTable {
  task_id: string;
  run_index: number;
  parameters: string;
  /** JSON: {path: value} of the swept parameters for this run */
  values: string;
  status: string;
  simulation_id: string | null;
  metrics: string | null;
  error: string | null;
  attempts: number;
  worker: string | null;
  started_at: string | null;
  /** Last lease renewal by the holder while the run is alive (null before it was claimed). */
  heartbeat_at: string | null;
  finished_at: string | null;
}

export interface ConversationsTable {
  id: string;
  user_id: string;
  /** chat | guided */
  kind: string;
  title: string;
  mode: string | null;
  course_id: string | null;
  /** Guided sessions: the AI service's session id (unique per user). */
  ai_session_id: string | null;
  /** JSON: the latest guided answer */
  guided_state: string | null;
  completed: number;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ConversationMessagesTable {
  id: string;
  conversation_id: string;
  role: string;
  content: string;
  mode: string | null;
  /** complete | stopped | failed */
  status: string;
  /** JSON: ChatCitation[] */
  citations: string | null;
  /** JSON: {tool_calls, tool_results} of a chat with tools */
  tools: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  auth_sessions: AuthSessionsTable;
  login_failures: LoginFailuresTable;
  courses: CoursesTable;
  course_members: CourseMembersTable;
  assignments: AssignmentsTable;
  submissions: SubmissionsTable;
  submission_attempts: SubmissionAttemptsTable;
  stored_files: StoredFilesTable;
  submission_files: SubmissionFilesTable;
  resources: ResourcesTable;
  course_material_removals: CourseMaterialRemovalsTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  calendar_feeds: CalendarFeedsTable;
  quiz_questions: QuizQuestionsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_attempt_items: QuizAttemptItemsTable;
  rubrics: RubricsTable;
  assignment_extensions: AssignmentExtensionsTable;
  assignment_rubrics: AssignmentRubricsTable;
  rubric_selections: RubricSelectionsTable;
  grade_changes: GradeChangesTable;
  gradebook_entries: GradebookEntriesTable;
  grade_categories: GradeCategoriesTable;
  assignment_categories: AssignmentCategoriesTable;
  simulations: SimulationsTable;
  sweep_tasks: SweepTasksTable;
  sweep_runs: SweepRunsTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  notification_events: NotificationEventsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
}
