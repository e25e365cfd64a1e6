/**
 * The web client's calls against the types openapi-typescript generates from the backend's
 * document (test-results/api-types/backend-openapi.ts, written by client-types.test.ts). Type-checked
 * by that test with its own tsconfig: each call's operation must exist, and the data the document
 * says the operation answers must be readable as what the client function returns.
 */
import type { FaradayClient } from '../../../packages/client/src/index.js';
import type { paths } from '../../../test-results/api-types/backend-openapi.js';
import { clientCalls } from './table.js';

type Method = 'get' | 'post' | 'put' | 'delete';
type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessBody<Op> = Op extends { responses: infer R }
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : never
  : never;
type DataOf<Op> = SuccessBody<Op> extends { data: infer Data } ? Data : never;
type Operation<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer Op }
  ? Op
  : never;

// biome-ignore lint/suspicious/noExplicitAny: any function of the client
type Fn = (...args: any[]) => Promise<unknown>;

/** `true` when the operation exists and answers data the client function can return. */
type Reads<F extends Fn, P extends keyof paths, M extends Method> = [Operation<P, M>] extends [never]
  ? `${M} ${P & string} is not in the document`
  : [DataOf<Operation<P, M>>] extends [never]
    ? `${M} ${P & string} documents no JSON data`
    : [DataOf<Operation<P, M>>] extends [Awaited<ReturnType<F>>]
      ? true
      : { answer: DataOf<Operation<P, M>>; client: Awaited<ReturnType<F>> };

/** `true` when the operation exists (calls whose answer the client does not parse as JSON data). */
type Exists<P extends keyof paths, M extends Method> = [Operation<P, M>] extends [never]
  ? `${M} ${P & string} is not in the document`
  : true;

type C = FaradayClient;

// Every call's method and path are an operation of the document.
clientCalls satisfies Record<string, readonly [Method, keyof paths]>;

type Call<K extends keyof typeof clientCalls> = (typeof clientCalls)[K];
type Check<F extends Fn, K extends keyof typeof clientCalls> = Reads<F, Call<K>[1], Call<K>[0]>;

export const checks: {
  [K in keyof typeof clientCalls]: unknown;
} = {
  'auth.login': true satisfies Check<C['auth']['login'], 'auth.login'>,
  'auth.refresh': true satisfies Check<C['auth']['refresh'], 'auth.refresh'>,
  'auth.me': true satisfies Check<C['auth']['me'], 'auth.me'>,
  'auth.logout': true satisfies Check<C['auth']['logout'], 'auth.logout'>,
  'auth.changePassword': true satisfies Check<C['auth']['changePassword'], 'auth.changePassword'>,
  'auth.corpchatUrl': true satisfies Check<C['auth']['corpchatUrl'], 'auth.corpchatUrl'>,
  'auth.corpchatLogin': true satisfies Check<C['auth']['corpchatLogin'], 'auth.corpchatLogin'>,
  'me.gradingQueue': true satisfies Check<C['me']['gradingQueue'], 'me.gradingQueue'>,
  'me.dueAssignments': true satisfies Check<C['me']['dueAssignments'], 'me.dueAssignments'>,
  'me.calendar': true satisfies Check<C['me']['calendar'], 'me.calendar'>,
  'me.calendarFeed': true satisfies Check<C['me']['calendarFeed'], 'me.calendarFeed'>,
  'me.rotateCalendarFeed': true satisfies Check<C['me']['rotateCalendarFeed'], 'me.rotateCalendarFeed'>,
  'me.revokeCalendarFeed': true satisfies Check<C['me']['revokeCalendarFeed'], 'me.revokeCalendarFeed'>,
  'me.notifications': true satisfies Check<C['me']['notifications'], 'me.notifications'>,
  'me.unreadNotificationCount': true satisfies Check<
    C['me']['unreadNotificationCount'],
    'me.unreadNotificationCount'
  >,
  'me.readNotification': true satisfies Check<C['me']['readNotification'], 'me.readNotification'>,
  'me.readAllNotifications': true satisfies Check<C['me']['readAllNotifications'], 'me.readAllNotifications'>,
  'me.notificationPreferences': true satisfies Check<
    C['me']['notificationPreferences'],
    'me.notificationPreferences'
  >,
  'me.saveNotificationPreferences': true satisfies Check<
    C['me']['saveNotificationPreferences'],
    'me.saveNotificationPreferences'
  >,
  'courses.list': true satisfies Check<C['courses']['list'], 'courses.list'>,
  'courses.get': true satisfies Check<C['courses']['get'], 'courses.get'>,
  'courses.create': true satisfies Check<C['courses']['create'], 'courses.create'>,
  'courses.update': true satisfies Check<C['courses']['update'], 'courses.update'>,
  'courses.remove': true satisfies Check<C['courses']['remove'], 'courses.remove'>,
  'courses.join': true satisfies Check<C['courses']['join'], 'courses.join'>,
  'courses.rotateInvite': true satisfies Check<C['courses']['rotateInvite'], 'courses.rotateInvite'>,
  'courses.members': true satisfies Check<C['courses']['members'], 'courses.members'>,
  'courses.addMembers': true satisfies Check<C['courses']['addMembers'], 'courses.addMembers'>,
  'courses.removeMember': true satisfies Check<C['courses']['removeMember'], 'courses.removeMember'>,
  'courses.grades': true satisfies Check<C['courses']['grades'], 'courses.grades'>,
  // A CSV download: the client reads bytes, not the envelope.
  'courses.gradesCsv': true satisfies Exists<Call<'courses.gradesCsv'>[1], 'get'>,
  'courses.editGrade': true satisfies Check<C['courses']['editGrade'], 'courses.editGrade'>,
  'courses.gradeHistory': true satisfies Check<C['courses']['gradeHistory'], 'courses.gradeHistory'>,
  'courses.gradeCategories': true satisfies Check<C['courses']['gradeCategories'], 'courses.gradeCategories'>,
  'courses.setGradeCategories': true satisfies Check<
    C['courses']['setGradeCategories'],
    'courses.setGradeCategories'
  >,
  'courses.previewGradeImport': true satisfies Check<
    C['courses']['previewGradeImport'],
    'courses.previewGradeImport'
  >,
  'courses.applyGradeImport': true satisfies Check<
    C['courses']['applyGradeImport'],
    'courses.applyGradeImport'
  >,
  'assignments.list': true satisfies Check<C['assignments']['list'], 'assignments.list'>,
  'assignments.get': true satisfies Check<C['assignments']['get'], 'assignments.get'>,
  'assignments.create': true satisfies Check<C['assignments']['create'], 'assignments.create'>,
  'assignments.update': true satisfies Check<C['assignments']['update'], 'assignments.update'>,
  'assignments.submissions': true satisfies Check<C['assignments']['submissions'], 'assignments.submissions'>,
  'assignments.submit': true satisfies Check<C['assignments']['submit'], 'assignments.submit'>,
  'assignments.submission': true satisfies Check<C['assignments']['submission'], 'assignments.submission'>,
  'assignments.attempts': true satisfies Check<C['assignments']['attempts'], 'assignments.attempts'>,
  'assignments.grade': true satisfies Check<C['assignments']['grade'], 'assignments.grade'>,
  'assignments.rubric': true satisfies Check<C['assignments']['rubric'], 'assignments.rubric'>,
  'assignments.attachRubric': true satisfies Check<
    C['assignments']['attachRubric'],
    'assignments.attachRubric'
  >,
  'assignments.extensions': true satisfies Check<C['assignments']['extensions'], 'assignments.extensions'>,
  'assignments.putExtension': true satisfies Check<
    C['assignments']['putExtension'],
    'assignments.putExtension'
  >,
  'assignments.removeExtension': true satisfies Check<
    C['assignments']['removeExtension'],
    'assignments.removeExtension'
  >,
  'rubrics.list': true satisfies Check<C['rubrics']['list'], 'rubrics.list'>,
  'rubrics.create': true satisfies Check<C['rubrics']['create'], 'rubrics.create'>,
  'rubrics.update': true satisfies Check<C['rubrics']['update'], 'rubrics.update'>,
  'rubrics.copy': true satisfies Check<C['rubrics']['copy'], 'rubrics.copy'>,
  'rubrics.remove': true satisfies Check<C['rubrics']['remove'], 'rubrics.remove'>,
  'resources.list': true satisfies Check<C['resources']['list'], 'resources.list'>,
  'resources.upload': true satisfies Check<C['resources']['upload'], 'resources.upload'>,
  'resources.remove': true satisfies Check<C['resources']['remove'], 'resources.remove'>,
  'users.list': true satisfies Check<C['users']['list'], 'users.list'>,
  'users.create': true satisfies Check<C['users']['create'], 'users.create'>,
  'users.update': true satisfies Check<C['users']['update'], 'users.update'>,
  'users.setDisabled': true satisfies Check<C['users']['setDisabled'], 'users.setDisabled'>,
  'users.resetPassword': true satisfies Check<C['users']['resetPassword'], 'users.resetPassword'>,
  'users.importCsv': true satisfies Check<C['users']['importCsv'], 'users.importCsv'>,
};

// The check can fail: an operation the document lacks is refused.
// @ts-expect-error no such operation
export const unknownOperation = true satisfies Exists<'/api/v1/courses/{course_id}/nonexistent', 'get'>;

// The web app's one request outside the client functions (apps/web/src/features/lab/TutorPage.tsx).
export const tutorAsk = true satisfies Exists<'/api/v1/ai/chat', 'post'>;
