import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createFaradayClient } from '@faraday/client';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/platform.js';
import { clientCalls } from './client-types/table.js';
import { buildServices, openApiOf, type RunningServices } from './services.js';

const run = promisify(execFile);
const generated = join(root, 'test-results', 'api-types', 'backend-openapi.ts');

/** The method and path each client function requests, recorded through a stand-in fetch. */
async function requestsOf(): Promise<Record<string, [string, string]>> {
  const seen: [string, string][] = [];
  const client = createFaradayClient({
    baseUrl: 'http://backend.test',
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      seen.push([(init?.method ?? 'GET').toLowerCase(), new URL(String(input)).pathname]);
      return new Response('{"success":true,"data":{}}', { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  });
  const file = new File(['x'], 'x.txt');
  const calls: Record<keyof typeof clientCalls, () => Promise<unknown>> = {
    'auth.login': () => client.auth.login('u', 'p'),
    'auth.refresh': () => client.auth.refresh(),
    'auth.me': () => client.auth.me(),
    'auth.logout': () => client.auth.logout(),
    'auth.changePassword': () => client.auth.changePassword('a', 'b'),
    'auth.corpchatUrl': () => client.auth.corpchatUrl('http://x'),
    'auth.corpchatLogin': () => client.auth.corpchatLogin('c'),
    'me.gradingQueue': () => client.me.gradingQueue(),
    'me.dueAssignments': () => client.me.dueAssignments(),
    'me.calendar': () => client.me.calendar(),
    'me.calendarFeed': () => client.me.calendarFeed(),
    'me.rotateCalendarFeed': () => client.me.rotateCalendarFeed(),
    'me.revokeCalendarFeed': () => client.me.revokeCalendarFeed(),
    'me.notifications': () => client.me.notifications(),
    'me.unreadNotificationCount': () => client.me.unreadNotificationCount(),
    'me.readNotification': () => client.me.readNotification('N'),
    'me.readAllNotifications': () => client.me.readAllNotifications(),
    'me.notificationPreferences': () => client.me.notificationPreferences(),
    'me.saveNotificationPreferences': () => client.me.saveNotificationPreferences([]),
    'courses.list': () => client.courses.list(),
    'courses.get': () => client.courses.get('C'),
    'courses.create': () => client.courses.create({}),
    'courses.update': () => client.courses.update('C', {}),
    'courses.remove': () => client.courses.remove('C'),
    'courses.join': () => client.courses.join('I'),
    'courses.rotateInvite': () => client.courses.rotateInvite('C'),
    'courses.members': () => client.courses.members('C'),
    'courses.addMembers': () => client.courses.addMembers('C', { role: 'student' }),
    'courses.removeMember': () => client.courses.removeMember('C', 'U'),
    'courses.grades': () => client.courses.grades('C'),
    'courses.gradesCsv': () => client.courses.gradesCsv('C'),
    'courses.editGrade': () => client.courses.editGrade('C', 'A', 'U', { score: 1, attempt: null }),
    'courses.gradeHistory': () => client.courses.gradeHistory('C', 'A', 'U'),
    'courses.gradeCategories': () => client.courses.gradeCategories('C'),
    'courses.setGradeCategories': () => client.courses.setGradeCategories('C', []),
    'courses.previewGradeImport': () => client.courses.previewGradeImport('C', 'username'),
    'courses.applyGradeImport': () => client.courses.applyGradeImport('C', 'username', 'F'),
    'assignments.list': () => client.assignments.list('C'),
    'assignments.get': () => client.assignments.get('C', 'A'),
    'assignments.create': () => client.assignments.create('C', {}),
    'assignments.update': () => client.assignments.update('C', 'A', {}),
    'assignments.submissions': () => client.assignments.submissions('C', 'A'),
    'assignments.submit': () => client.assignments.submit('C', 'A', 'text', [file]),
    'assignments.submission': () => client.assignments.submission('C', 'A', 'S'),
    'assignments.attempts': () => client.assignments.attempts('C', 'A', 'S'),
    'assignments.grade': () => client.assignments.grade('C', 'A', 'S', { score: 1, feedback: '' }),
    'assignments.rubric': () => client.assignments.rubric('C', 'A'),
    'assignments.attachRubric': () => client.assignments.attachRubric('C', 'A', null),
    'assignments.extensions': () => client.assignments.extensions('C', 'A'),
    'assignments.putExtension': () =>
      client.assignments.putExtension('C', 'A', 'U', '2030-01-01T00:00:00.000Z'),
    'assignments.removeExtension': () => client.assignments.removeExtension('C', 'A', 'U'),
    'rubrics.list': () => client.rubrics.list('C'),
    'rubrics.create': () => client.rubrics.create('C', { title: 't', criteria: [] }),
    'rubrics.update': () => client.rubrics.update('C', 'B', { title: 't', criteria: [] }),
    'rubrics.copy': () => client.rubrics.copy('C', 'B'),
    'rubrics.remove': () => client.rubrics.remove('C', 'B'),
    'resources.list': () => client.resources.list('C'),
    'resources.upload': () => client.resources.upload('C', { name: 'n', category: 'lecture' }, file),
    'resources.remove': () => client.resources.remove('R'),
    'users.list': () => client.users.list(),
    'users.create': () => client.users.create({}),
    'users.update': () => client.users.update('U', {}),
    'users.setDisabled': () => client.users.setDisabled('U', true),
    'users.resetPassword': () => client.users.resetPassword('U'),
    'users.importCsv': () => client.users.importCsv('a,b'),
  };
  const recorded: Record<string, [string, string]> = {};
  for (const [name, call] of Object.entries(calls)) {
    seen.length = 0;
    await call().catch(() => undefined); // answers are stand-ins; only the request matters here
    const request = seen[0];
    if (request) recorded[name] = request;
  }
  return recorded;
}

/** `/api/v1/courses/{course_id}` with the values the calls above use: C, A, S, R, U. */
function concrete(template: string): string {
  const values: Record<string, string> = {
    course_id: 'C',
    assignment_id: 'A',
    submission_id: 'S',
    resource_id: 'R',
    user_id: 'U',
    student_id: 'U',
    rubric_id: 'B',
    notification_id: 'N',
  };
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name);
}

describe("the web client against a TypeScript client generated from the backend's document", () => {
  let services: RunningServices;

  beforeAll(async () => {
    services = await buildServices();
    const document = await openApiOf(services.apps.backend);
    mkdirSync(join(root, 'test-results', 'api-types'), { recursive: true });
    writeFileSync(
      generated,
      astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0])),
    );
  }, 120_000);
  afterAll(async () => services?.close());

  it('the table of calls names the operation each client function really requests', async () => {
    const recorded = await requestsOf();
    const expected = Object.fromEntries(
      Object.entries(clientCalls).map(([name, [method, path]]) => [name, [method, concrete(path)]]),
    );
    expect(recorded).toEqual(expected);
  });

  it('type-checks every call (operation exists, its answer fits what the client returns)', async () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const project = join(root, 'test', 'api-reference', 'client-types', 'tsconfig.json');
    const result = await run(process.execPath, [tsc, '-p', project], { cwd: root }).catch(
      (error: { stdout?: string; code?: number }) => ({ stdout: error.stdout ?? '', code: error.code }),
    );
    expect('code' in result ? result.stdout : '').toBe('');
  }, 180_000);
});
