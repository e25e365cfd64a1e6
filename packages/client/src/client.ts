import {
  type AnswerFieldGroup,
  type ArrayEncoding,
  addMembersResponseSchema,
  announcementListSchema,
  announcementSchema,
  assignmentDetailSchema,
  assignmentListSchema,
  assignmentRubricSchema,
  assignmentSchema,
  bulkCreateResultSchema,
  type CalendarQuery,
  calendarFeedCreatedSchema,
  calendarFeedStateSchema,
  calendarSchema,
  courseDetailSchema,
  courseListSchema,
  createCourseResponseSchema,
  currentUserSchema,
  dueAssignmentsSchema,
  extensionListSchema,
  extensionSchema,
  gradebookRowSchema,
  gradebookSchema,
  gradeCategoryListSchema,
  gradeCellHistorySchema,
  gradeImportPreviewSchema,
  gradeImportResultSchema,
  gradingQueueSchema,
  inviteCodeSchema,
  joinCourseResponseSchema,
  markAnnouncementsReadSchema,
  markNotificationsReadSchema,
  memberListSchema,
  messageSchema,
  type NotificationPreference,
  notificationListSchema,
  notificationPreferencesSchema,
  quizAttemptListSchema,
  quizAttemptSchema,
  quizBankSchema,
  quizResultsSchema,
  quizSchema,
  type RubricInput,
  resetPasswordResponseSchema,
  resourceListSchema,
  resourceSchema,
  rubricListSchema,
  rubricSchema,
  type SimulationType,
  simulationDetailSchema,
  simulationHistorySchema,
  simulationResultSchema,
  submissionAttemptListSchema,
  submissionListSchema,
  submissionSchema,
  sweepProgressSchema,
  sweepResultsSchema,
  sweepTaskSchema,
  tokenResponseSchema,
  unreadAnnouncementsSchema,
  unreadNotificationCountSchema,
  updateCourseResponseSchema,
  userListSchema,
  userSchema,
} from '@faraday/contracts';
import { z } from 'zod';
import { aiApi } from './ai.js';
import { type ClientOptions, Http, type Query } from './http.js';
import { type Progress, postForm } from './upload.js';

/** One criterion of a rubric grade: the level chosen and the grader's comment. */
export type RubricSelection = { criterion_id: string; level_id: string; comment: string };

const corpchatUrlSchema = z.object({ oauth_url: z.string() });
const createdSchema = z.object({ id: z.string() }).loose();
const simulationRunSchema = simulationResultSchema.extend({ simulation_id: z.string() });
/** With `fields`, the figure or the metadata may be left out. */
const partialRunSchema = simulationRunSchema.partial({ png_base64: true, metadata: true });

/**
 * How a solver's arrays come: JSON numbers by default, or compact base64 arrays (read
 * them with expandCompactArrays or decodeCompactArray of @faraday/contracts).
 */
export interface SimulationAnswerForm {
  arrays?: ArrayEncoding;
  /** Cancels the call (the page asked again before the answer came). */
  signal?: AbortSignal;
}

type Body = Record<string, unknown>;
const enc = encodeURIComponent;

/**
 * The backend's API as typed functions: the only place in the web app (and the end-to-end
 * tests) that knows a URL. Every answer is checked against the contracts' schema.
 */
export function createFaradayClient(options: ClientOptions = {}) {
  const http = new Http(options);
  const get = <T extends z.ZodType>(path: string, schema: T, query?: Query) =>
    http.request({ method: 'GET', path, schema, ...(query ? { query } : {}) });
  const send = <T extends z.ZodType>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: T,
    body?: unknown,
  ) => http.request({ method, path, schema, ...(body === undefined ? {} : { body }) });
  const course = (id: string) => `/api/v1/courses/${enc(id)}`;
  const assignment = (courseId: string, id: string) => `${course(courseId)}/assignments/${enc(id)}`;
  const submission = (courseId: string, assignmentId: string, id: string) =>
    `${assignment(courseId, assignmentId)}/submissions/${enc(id)}`;

  return {
    http,
    ai: aiApi(http),
    auth: {
      /** With `browserSession` (the web app): a 15-minute token, renewed by `refresh` through an HttpOnly cookie. */
      login: (username: string, password: string, options: { browserSession?: boolean } = {}) =>
        send('POST', '/api/v1/auth/login', tokenResponseSchema, {
          username,
          password,
          ...(options.browserSession ? { browser_session: true } : {}),
        }),
      /** A fresh token for the browser session's cookie (sent by the browser itself, same origin only). */
      refresh: () => send('POST', '/api/v1/auth/refresh', tokenResponseSchema),
      me: () => get('/api/v1/auth/me', currentUserSchema),
      logout: () => send('POST', '/api/v1/auth/logout', messageSchema),
      changePassword: (old_password: string, new_password: string) =>
        send('POST', '/api/v1/auth/password', tokenResponseSchema, { old_password, new_password }),
      corpchatUrl: (redirect_uri: string) =>
        get('/api/v1/auth/corpchat/oauth-url', corpchatUrlSchema, { redirect_uri }),
      corpchatLogin: (code: string, state?: string, options: { browserSession?: boolean } = {}) =>
        send('POST', '/api/v1/auth/corpchat', tokenResponseSchema, {
          code,
          ...(state ? { state } : {}),
          ...(options.browserSession ? { browser_session: true } : {}),
        }),
    },
    me: {
      gradingQueue: (query: { page?: number; limit?: number } = {}) =>
        get('/api/v1/me/grading-queue', gradingQueueSchema, query),
      dueAssignments: (days = 14) => get('/api/v1/me/due-assignments', dueAssignmentsSchema, { days }),
      unreadAnnouncements: (limit = 20) =>
        get('/api/v1/me/unread-announcements', unreadAnnouncementsSchema, { limit }),
      /** Due dates across the caller's courses between `from` and `to` (ISO 8601). */
      calendar: (query: Partial<Record<keyof CalendarQuery, string>> = {}) =>
        get('/api/v1/me/calendar', calendarSchema, query),
      calendarFeed: () => get('/api/v1/me/calendar-feed', calendarFeedStateSchema),
      /** A new secret feed URL, answered this once; the previous URL stops working. */
      rotateCalendarFeed: () => send('POST', '/api/v1/me/calendar-feed', calendarFeedCreatedSchema),
      revokeCalendarFeed: () => send('DELETE', '/api/v1/me/calendar-feed', messageSchema),
      notifications: (query: { page?: number; limit?: number } = {}) =>
        get('/api/v1/me/notifications', notificationListSchema, query),
      unreadNotificationCount: () =>
        get('/api/v1/me/notifications/unread-count', unreadNotificationCountSchema),
      readNotification: (id: string) =>
        send('POST', `/api/v1/me/notifications/${enc(id)}/read`, unreadNotificationCountSchema),
      readAllNotifications: () => send('POST', '/api/v1/me/notifications/read', markNotificationsReadSchema),
      notificationPreferences: () =>
        get('/api/v1/me/notification-preferences', notificationPreferencesSchema),
      saveNotificationPreferences: (preferences: NotificationPreference[]) =>
        send('PUT', '/api/v1/me/notification-preferences', notificationPreferencesSchema, { preferences }),
    },
    courses: {
      list: (query: { page?: number; limit?: number; search?: string } = {}) =>
        get('/api/v1/courses', courseListSchema, query),
      get: (id: string) => get(course(id), courseDetailSchema),
      create: (body: Body) => send('POST', '/api/v1/courses', createCourseResponseSchema, body),
      update: (id: string, body: Body) => send('PUT', course(id), updateCourseResponseSchema, body),
      remove: (id: string) => send('DELETE', course(id), messageSchema),
      join: (invite_code: string) =>
        send('POST', '/api/v1/courses/join', joinCourseResponseSchema, { invite_code }),
      rotateInvite: (id: string, expires_at?: string | null) =>
        send('POST', `${course(id)}/invite-code`, inviteCodeSchema, expires_at ? { expires_at } : {}),
      members: (id: string) => get(`${course(id)}/members`, memberListSchema),
      addMembers: (
        id: string,
        body: { user_ids?: string[]; usernames?: string[]; role: 'assistant' | 'student' },
      ) => send('POST', `${course(id)}/members`, addMembersResponseSchema, body),
      removeMember: (id: string, userId: string) =>
        send('DELETE', `${course(id)}/members/${enc(userId)}`, messageSchema),
      grades: (id: string) => get(`${course(id)}/grades`, gradebookSchema),
      gradesCsv: (id: string) => http.download(`${course(id)}/grades.csv`),
      /** A grade typed into a cell; `attempt` is the latest attempt the cell showed (null: none). */
      editGrade: (
        id: string,
        assignmentId: string,
        studentId: string,
        body: { score: number; attempt: number | null },
      ) =>
        send('PUT', `${course(id)}/grades/${enc(assignmentId)}/${enc(studentId)}`, gradebookRowSchema, body),
      gradeHistory: (id: string, assignmentId: string, studentId: string) =>
        get(`${course(id)}/grades/${enc(assignmentId)}/${enc(studentId)}/history`, gradeCellHistorySchema),
      gradeCategories: (id: string) => get(`${course(id)}/grade-categories`, gradeCategoryListSchema),
      setGradeCategories: (
        id: string,
        categories: { name: string; weight: number; assignment_ids: string[] }[],
      ) => send('PUT', `${course(id)}/grade-categories`, gradeCategoryListSchema, { categories }),
      /** What a grade CSV would change; nothing is written. */
      previewGradeImport: (id: string, csv: string) =>
        send('POST', `${course(id)}/grades/import/preview`, gradeImportPreviewSchema, { csv }),
      /** Writes a previewed file: refused with GRADE_IMPORT_STALE if the gradebook moved since. */
      applyGradeImport: (id: string, csv: string, fingerprint: string) =>
        send('POST', `${course(id)}/grades/import`, gradeImportResultSchema, { csv, fingerprint }),
    },
    assignments: {
      list: (courseId: string, query: { page?: number; limit?: number; status?: string } = {}) =>
        get(`${course(courseId)}/assignments`, assignmentListSchema, query),
      get: (courseId: string, id: string) => get(assignment(courseId, id), assignmentDetailSchema),
      create: (courseId: string, body: Body) =>
        send('POST', `${course(courseId)}/assignments`, createdSchema, body),
      update: (courseId: string, id: string, body: Body) =>
        send('PUT', assignment(courseId, id), assignmentSchema, body),
      submissions: (courseId: string, id: string, query: { page?: number; limit?: number } = {}) =>
        get(`${assignment(courseId, id)}/submissions`, submissionListSchema, query),
      /** Every student's latest attempt and manifest.csv as one ZIP (staff). */
      submissionsZip: (courseId: string, id: string) =>
        http.download(`${assignment(courseId, id)}/submissions.zip`),
      submit: (courseId: string, id: string, content: string, files: File[] = [], onProgress?: Progress) => {
        const form = new FormData();
        form.set('content', content);
        for (const file of files) form.append('files', file, file.name);
        return postForm(http, `${assignment(courseId, id)}/submissions`, form, submissionSchema, onProgress);
      },
      submission: (courseId: string, assignmentId: string, id: string) =>
        get(submission(courseId, assignmentId, id), submissionSchema),
      attempts: (courseId: string, assignmentId: string, id: string) =>
        get(`${submission(courseId, assignmentId, id)}/attempts`, submissionAttemptListSchema),
      grade: (
        courseId: string,
        assignmentId: string,
        id: string,
        body: { score?: number; rubric?: RubricSelection[]; feedback: string; attempt?: number },
      ) => send('PUT', `${submission(courseId, assignmentId, id)}/grade`, submissionSchema, body),
      /** The rubric graders use for the assignment, or null. */
      rubric: (courseId: string, id: string) =>
        get(`${assignment(courseId, id)}/rubric`, assignmentRubricSchema),
      attachRubric: (courseId: string, id: string, rubric_id: string | null) =>
        send('PUT', `${assignment(courseId, id)}/rubric`, assignmentRubricSchema, { rubric_id }),
      /** Per-student extended due dates: staff see all, a student their own (docs/adr/0128). */
      extensions: (courseId: string, id: string) =>
        get(`${assignment(courseId, id)}/extensions`, extensionListSchema),
      putExtension: (courseId: string, id: string, studentId: string, due_date: string) =>
        send('PUT', `${assignment(courseId, id)}/extensions/${enc(studentId)}`, extensionSchema, {
          due_date,
        }),
      removeExtension: (courseId: string, id: string, studentId: string) =>
        send('DELETE', `${assignment(courseId, id)}/extensions/${enc(studentId)}`, messageSchema),
    },
    rubrics: {
      list: (courseId: string) => get(`${course(courseId)}/rubrics`, rubricListSchema),
      create: (courseId: string, body: RubricInput) =>
        send('POST', `${course(courseId)}/rubrics`, rubricSchema, body),
      /** Refused with RUBRIC_IN_USE once a grade used it: copy it instead. */
      update: (courseId: string, id: string, body: RubricInput) =>
        send('PUT', `${course(courseId)}/rubrics/${enc(id)}`, rubricSchema, body),
      copy: (courseId: string, id: string, title?: string) =>
        send('POST', `${course(courseId)}/rubrics/${enc(id)}/copy`, rubricSchema, title ? { title } : {}),
      remove: (courseId: string, id: string) =>
        send('DELETE', `${course(courseId)}/rubrics/${enc(id)}`, messageSchema),
    },
    /** Quizzes (docs/adr/0145): an attempt's answers and feedback come back only once it is graded. */
    quizzes: {
      bank: (courseId: string, query: { topic?: string; kind?: string; difficulty?: number } = {}) =>
        get(`${course(courseId)}/quiz-bank`, quizBankSchema, query),
      get: (courseId: string, id: string) => get(`${assignment(courseId, id)}/quiz`, quizSchema),
      put: (courseId: string, id: string, body: Body) =>
        send('PUT', `${assignment(courseId, id)}/quiz`, quizSchema, body),
      results: (courseId: string, id: string) =>
        get(`${assignment(courseId, id)}/quiz/results`, quizResultsSchema),
      attempts: (courseId: string, id: string) =>
        get(`${assignment(courseId, id)}/quiz/attempts`, quizAttemptListSchema),
      attempt: (courseId: string, id: string, attemptId: string) =>
        get(`${assignment(courseId, id)}/quiz/attempts/${enc(attemptId)}`, quizAttemptSchema),
      start: (courseId: string, id: string) =>
        send('POST', `${assignment(courseId, id)}/quiz/attempts`, quizAttemptSchema),
      save: (courseId: string, id: string, attemptId: string, body: Body) =>
        send(
          'PUT',
          `${assignment(courseId, id)}/quiz/attempts/${enc(attemptId)}/answers`,
          quizAttemptSchema,
          body,
        ),
      submit: (courseId: string, id: string, attemptId: string, body: Body) =>
        send(
          'POST',
          `${assignment(courseId, id)}/quiz/attempts/${enc(attemptId)}/submit`,
          quizAttemptSchema,
          body,
        ),
    },
    announcements: {
      list: (courseId: string, query: { page?: number; limit?: number } = {}) =>
        get(`${course(courseId)}/announcements`, announcementListSchema, query),
      create: (
        courseId: string,
        body: { title: string; body: string; resource_id?: string | null; pinned?: boolean },
      ) => send('POST', `${course(courseId)}/announcements`, announcementSchema, body),
      update: (
        courseId: string,
        id: string,
        body: { title?: string; body?: string; resource_id?: string | null; pinned?: boolean },
      ) => send('PUT', `${course(courseId)}/announcements/${enc(id)}`, announcementSchema, body),
      remove: (courseId: string, id: string) =>
        send('DELETE', `${course(courseId)}/announcements/${enc(id)}`, messageSchema),
      /** Marks every announcement of the course read for the caller. */
      markRead: (courseId: string) =>
        send('POST', `${course(courseId)}/announcements/read`, markAnnouncementsReadSchema),
    },
    resources: {
      list: (courseId: string) => get(`${course(courseId)}/resources`, resourceListSchema),
      upload: (courseId: string, fields: Record<string, string>, file: File, onProgress?: Progress) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) if (value !== '') form.set(key, value);
        form.set('file', file, file.name);
        return postForm(
          http,
          `${course(courseId)}/resources`,
          form,
          resourceSchema.partial().loose(),
          onProgress,
        );
      },
      remove: (id: string) => send('DELETE', `/api/v1/resources/${enc(id)}`, messageSchema),
      /** A file (resource or submission attachment) by its download_url. */
      download: (downloadUrl: string) => http.download(downloadUrl),
    },
    sim: {
      /** Runs a solver and records the run (under `course_id` when given); the whole answer. */
      run: (type: SimulationType, body: Body, form: SimulationAnswerForm = {}) =>
        http.request({
          method: 'POST',
          path: `/api/v1/sim/${enc(type)}`,
          query: { arrays: form.arrays },
          body,
          schema: simulationRunSchema,
          signal: form.signal,
        }),
      /** The same, answering only the groups asked for (e.g. figure and scalars); data.json has the rest. */
      runFields: (
        type: SimulationType,
        body: Body,
        fields: AnswerFieldGroup[],
        form: SimulationAnswerForm = {},
      ) =>
        http.request({
          method: 'POST',
          path: `/api/v1/sim/${enc(type)}`,
          query: { fields: fields.join(','), arrays: form.arrays },
          body,
          schema: partialRunSchema,
        }),
      history: (query: { page?: number; limit?: number; type?: string; course_id?: string } = {}) =>
        get('/api/v1/sim/history', simulationHistorySchema, query),
      result: (id: string) => get(`/api/v1/sim/results/${enc(id)}`, simulationDetailSchema),
      /** The full numeric output and parameters of a run (data.json). */
      data: (id: string) => http.download(`/api/v1/sim/results/${enc(id)}/data.json`),
      remove: (id: string) => send('DELETE', `/api/v1/sim/results/${enc(id)}`, messageSchema),
      startSweep: (body: Body) => send('POST', '/api/v1/sim/parameter_sweep', sweepTaskSchema, body),
      sweepProgress: (taskId: string) => get(`/api/v1/sim/sweep/${enc(taskId)}`, sweepProgressSchema),
      sweepResults: (taskId: string, lang?: 'en' | 'zh') =>
        get(`/api/v1/sim/sweep/${enc(taskId)}/results`, sweepResultsSchema, lang ? { lang } : undefined),
      cancelSweep: (taskId: string) =>
        send('DELETE', `/api/v1/sim/sweep/${enc(taskId)}`, sweepProgressSchema),
    },
    users: {
      list: (query: { page?: number; limit?: number; search?: string; role?: string } = {}) =>
        get('/api/v1/users', userListSchema, query),
      create: (body: Body) => send('POST', '/api/v1/users', userSchema, body),
      update: (id: string, body: Body) => send('PUT', `/api/v1/users/${enc(id)}`, userSchema, body),
      setDisabled: (id: string, disabled: boolean) =>
        send('POST', `/api/v1/users/${enc(id)}/${disabled ? 'disable' : 'enable'}`, userSchema),
      unlock: (id: string) => send('POST', `/api/v1/users/${enc(id)}/unlock`, userSchema),
      resetPassword: (id: string, new_password?: string) =>
        send(
          'POST',
          `/api/v1/users/${enc(id)}/reset-password`,
          resetPasswordResponseSchema,
          new_password ? { new_password } : {},
        ),
      importCsv: (csv: string) =>
        http.request({
          method: 'POST',
          path: '/api/v1/users/import',
          rawBody: csv,
          contentType: 'text/csv',
          schema: bulkCreateResultSchema,
        }),
    },
  };
}

export type FaradayClient = ReturnType<typeof createFaradayClient>;
