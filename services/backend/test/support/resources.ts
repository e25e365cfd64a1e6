import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app.js';
import { bearer, createUserAs, loginAs } from './auth.js';
import { addMember, buildCourse, userIdOf } from './factories.js';

/** Shared by the resources test files: multipart bodies, the blob folder, a course with people. */

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, so tests choose part order, names and types freely. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----faraday${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) {
      // A quote cannot sit inside filename="…", so such names go as RFC 5987 filename*.
      const name = part.filename.includes('"')
        ? `filename*=UTF-8''${encodeURIComponent(part.filename)}`
        : `filename="${part.filename}"`;
      head += `; ${name}\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Every file under the blob folder (tmp/ included), as paths relative to it. */
export function blobFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // the store creates its folder on first use
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

export interface CoursePeople {
  courseId: string;
  /** Authorization headers by who is calling. */
  as: Record<
    'admin' | 'teacher' | 'assistant' | 'student' | 'outsider' | 'otherTeacher' | 'teacherAsStudent',
    { authorization: string }
  >;
}

let courseCounter = 0;

/**
 * A course taught by the demo teacher, with a teacher-role assistant, the demo student, a
 * teacher enrolled as a student, and two strangers: a student and another teacher.
 */
export async function courseWithPeople(t: TestApp): Promise<CoursePeople> {
  const { app } = t;
  const db = app.db;
  const admin = await loginAs(app, 'admin');
  const suffix = `${Date.now().toString(36)}${courseCounter++}`;
  const password = 'Passw0rd!x';
  const assistantId = await createUserAs(app, admin, { username: `ta${suffix}`, role: 'teacher' });
  await createUserAs(app, admin, { username: `out${suffix}`, role: 'student' });
  await createUserAs(app, admin, { username: `ot${suffix}`, role: 'teacher' });
  const enrolledTeacherId = await createUserAs(app, admin, { username: `ts${suffix}`, role: 'teacher' });
  const courseId = await buildCourse(db, { teacherId: await userIdOf(db, 'teacher') });
  await addMember(db, courseId, assistantId, 'assistant');
  await addMember(db, courseId, await userIdOf(db, 'student'), 'student');
  await addMember(db, courseId, enrolledTeacherId, 'student');
  const login = async (username: string, pw?: string) => bearer(await loginAs(app, username, pw));
  return {
    courseId,
    as: {
      admin: bearer(admin),
      teacher: await login('teacher'),
      assistant: await login(`ta${suffix}`, password),
      student: await login('student'),
      outsider: await login(`out${suffix}`, password),
      otherTeacher: await login(`ot${suffix}`, password),
      teacherAsStudent: await login(`ts${suffix}`, password),
    },
  };
}

export interface UploadInput {
  file?: { filename: string; data: Buffer; contentType?: string };
  fields?: Record<string, string>;
  /** Send the file part before the fields (default: after). */
  fileFirst?: boolean;
}

/** POSTs an upload through inject and answers the response. */
export async function upload(
  app: FastifyInstance,
  courseId: string,
  auth: Record<string, string>,
  input: UploadInput,
) {
  const fields = Object.entries(input.fields ?? { name: 'Notes', category: 'lecture' }).map(
    ([name, value]): FormPart => ({ name, value }),
  );
  const files: FormPart[] = input.file ? [{ name: 'file', ...input.file }] : [];
  const body = multipart(input.fileFirst ? [...files, ...fields] : [...fields, ...files]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/courses/${courseId}/resources`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}
