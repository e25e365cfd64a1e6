import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, createUserAs, loginAs } from './auth.js';
import type { TestDatabase } from './databases.js';
import { addMember, buildCourse, userIdOf } from './factories.js';

/**
 * The cast of the assignment and submission tests: one course taught by `teacher`, with an
 * assistant (a teacher account) and two students; an admin; a student outside the course; and
 * a teacher of another course. (Not a *.test.ts file: vitest does not run it on its own.)
 */
export const cast = [
  'admin',
  'teacher',
  'assistant',
  'student',
  'student2',
  'outsider',
  'otherTeacher',
] as const;
export type Who = (typeof cast)[number];
export const staff: readonly Who[] = ['admin', 'teacher', 'assistant'];

export const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };
const PASSWORD = 'Passw0rd!x';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface World {
  t: TestApp;
  courseId: string;
  headers: Record<Who, { authorization: string }>;
  ids: Record<Who, string>;
  api(who: Who | null, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Creates an assignment as the teacher (published unless told otherwise) and answers its id. */
  assignment(fields?: Record<string, unknown>, status?: 'draft' | 'published' | 'closed'): Promise<string>;
  url(assignmentId?: string, rest?: string): string;
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export async function buildWorld(database: TestDatabase, env: Record<string, string> = {}): Promise<World> {
  const t = await buildTestApp(database, { ...FAST, ...env });
  const db = t.app.db;
  const adminToken = await loginAs(t.app, 'admin');
  const suffix = randomBytes(3).toString('hex');
  const roleOf: Record<string, string> = { assistant: 'teacher', otherTeacher: 'teacher' };
  const headers = { admin: bearer(adminToken) } as World['headers'];
  const ids = {} as World['ids'];
  for (const who of cast) {
    if (who === 'admin' || who === 'teacher' || who === 'student') {
      if (who !== 'admin') headers[who] = bearer(await loginAs(t.app, who));
      ids[who] = await userIdOf(db, who);
      continue;
    }
    const username = `${who.toLowerCase()}_${suffix}`;
    ids[who] = await createUserAs(t.app, adminToken, { username, role: roleOf[who] ?? 'student' });
    headers[who] = bearer(await loginAs(t.app, username, PASSWORD));
  }
  const courseId = await buildCourse(db, { teacherId: ids.teacher });
  await addMember(db, courseId, ids.assistant, 'assistant');
  await addMember(db, courseId, ids.student, 'student');
  await addMember(db, courseId, ids.student2, 'student');
  await buildCourse(db, { teacherId: ids.otherTeacher });

  const url = (assignmentId?: string, rest = '') =>
    `/api/v1/courses/${courseId}/assignments${assignmentId ? `/${assignmentId}` : ''}${rest}`;
  const api: World['api'] = (who, method, path, payload) =>
    t.app.inject({
      method,
      url: path,
      headers: who ? headers[who] : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    t,
    courseId,
    headers,
    ids,
    api,
    url,
    async assignment(fields = {}, status = 'published') {
      const res = await api('teacher', 'POST', url(), {
        title: 'Maxwell equations',
        description: 'Derive the wave equation',
        due_date: inDays(7),
        max_score: 100,
        instructions: 'Show every step',
        attachments: ['sheet.pdf'],
        ...fields,
      });
      if (res.statusCode !== 201) throw new Error(`create assignment: ${res.statusCode} ${res.body}`);
      const id = res.json().data.id as string;
      for (const next of status === 'draft'
        ? []
        : status === 'published'
          ? ['published']
          : ['published', 'closed']) {
        const moved = await api('teacher', 'PUT', url(id), { status: next });
        if (moved.statusCode !== 200) throw new Error(`move to ${next}: ${moved.statusCode} ${moved.body}`);
      }
      return id;
    },
  };
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; data: Buffer | string };

/**
 * A multipart/form-data body written byte by byte, so tests can send what no well-behaved client
 * would: file names with folders and backslashes, odd content types.
 */
export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----faradayTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.from('filename' in part ? part.data : part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A body as a real client (undici's FormData) encodes it. */
export async function formDataBody(
  form: FormData,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function submitMultipart(w: World, who: Who, assignmentId: string, parts: readonly Part[]) {
  const body = multipart(parts);
  return w.t.app.inject({
    method: 'POST',
    url: w.url(assignmentId, '/submissions'),
    headers: { ...w.headers[who], ...body.headers },
    payload: body.payload,
  });
}

/** Every blob in the store (finished and in-flight), as paths relative to its folder. */
export function blobFiles(w: World): string[] {
  try {
    return readdirSync(w.t.config.uploads.blobDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(w.t.config.uploads.blobDir.length + 1))
      .sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

export async function rowCounts(w: World) {
  const db = w.t.app.db;
  const count = async (table: 'submissions' | 'submission_attempts' | 'stored_files' | 'submission_files') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    submissions: await count('submissions'),
    submission_attempts: await count('submission_attempts'),
    stored_files: await count('stored_files'),
    submission_files: await count('submission_files'),
  };
}
