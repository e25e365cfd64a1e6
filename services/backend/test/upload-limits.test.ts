import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobFiles, buildWorld, rowCounts, type Who, type World } from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

/** Storage quotas, attempts per hour and uploads at once per user, over real sockets. */

interface Answer {
  status: number;
  code: string;
  details: string;
  retryAfter: string | null;
}

async function answerOf(response: Response): Promise<Answer> {
  const body = (await response.json()) as { error?: { code: string; details?: string } };
  return {
    status: response.status,
    code: body.error?.code ?? 'OK',
    details: body.error?.details ?? '',
    retryAfter: response.headers.get('retry-after'),
  };
}

function filesForm(sizes: number[], content = 'my work'): FormData {
  const form = new FormData();
  form.append('content', content);
  sizes.forEach((size, i) => {
    form.append('files', new Blob([Buffer.alloc(size, i + 1)]), `part-${i}.bin`);
  });
  return form;
}

async function submit(
  w: World,
  base: string,
  who: Who,
  assignmentId: string,
  sizes: number[],
  content?: string,
) {
  const response = await fetch(`${base}${w.url(assignmentId, '/submissions')}`, {
    method: 'POST',
    headers: w.headers[who],
    body: filesForm(sizes, content),
  });
  return answerOf(response);
}

async function uploadResource(w: World, base: string, size: number) {
  const form = new FormData();
  form.append('name', 'Lecture notes');
  form.append('category', 'lecture');
  form.append('file', new Blob([Buffer.alloc(size, 7)], { type: 'text/plain' }), 'notes.txt');
  const response = await fetch(`${base}/api/v1/courses/${w.courseId}/resources`, {
    method: 'POST',
    headers: w.headers.teacher,
    body: form,
  });
  return answerOf(response);
}

/** Runs `attempt` and checks it changed no row and left no blob, finished or partial. */
async function expectNothingStored(w: World, attempt: () => Promise<void>) {
  const [rowsBefore, blobsBefore] = [await rowCounts(w), blobFiles(w)];
  await attempt();
  expect(await rowCounts(w)).toEqual(rowsBefore);
  expect(blobFiles(w)).toEqual(blobsBefore);
}

describe.each(testDatabaseFactories())('storage quotas on $name', (factory) => {
  let database: TestDatabase;
  let w: World;
  let base: string;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database, {
      RESOURCE_MAX_BYTES: String(64 * 1024),
      STORAGE_QUOTA_USER_BYTES: '3000',
      STORAGE_QUOTA_COURSE_BYTES: '5800',
    });
    base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  it('keeps a student within their quota, naming it, and stores nothing of a refused attempt', async () => {
    const id = await w.assignment();
    expect((await submit(w, base, 'student', id, [1000, 1000])).status).toBe(201);
    // 1000 bytes left: the first file fills them exactly, the second goes past.
    await expectNothingStored(w, async () => {
      const refused = await submit(w, base, 'student', id, [1000, 1000]);
      expect(refused).toMatchObject({ status: 413, code: 'STORAGE_QUOTA_EXCEEDED' });
      expect(refused.details).toBe('quota: user (STORAGE_QUOTA_USER_BYTES) 3000 bytes; left: 1000 bytes');
    });
    // A single file larger than the room is cut off mid-stream, not stored.
    await expectNothingStored(w, async () => {
      expect((await submit(w, base, 'student', id, [40_000])).code).toBe('STORAGE_QUOTA_EXCEEDED');
    });
    expect((await submit(w, base, 'student', id, [1000])).status).toBe(200);
    // Full: the first byte of a file is refused; text-only attempts still go in.
    await expectNothingStored(w, async () => {
      expect((await submit(w, base, 'student', id, [1])).code).toBe('STORAGE_QUOTA_EXCEEDED');
    });
    expect((await submit(w, base, 'student', id, [])).status).toBe(200);
  });

  it("counts every member's files against the course's quota, resources too", async () => {
    const id = await w.assignment();
    // The course holds 3000 bytes from the test above; the second student adds 2500, leaving 300
    // in the course and 500 of their own.
    expect((await submit(w, base, 'student2', id, [2500])).status).toBe(201);
    await expectNothingStored(w, async () => {
      const refused = await submit(w, base, 'student2', id, [301]);
      expect(refused).toMatchObject({ status: 413, code: 'STORAGE_QUOTA_EXCEEDED' });
      expect(refused.details).toBe('quota: course (STORAGE_QUOTA_COURSE_BYTES) 5800 bytes; left: 300 bytes');
    });
    const resources = blobFiles(w);
    const refused = await uploadResource(w, base, 400);
    expect(refused).toMatchObject({ status: 413, code: 'STORAGE_QUOTA_EXCEEDED' });
    expect(blobFiles(w)).toEqual(resources);
    expect((await uploadResource(w, base, 300)).status).toBe(201);
  });
});

describe('attempts per hour and uploads at once', () => {
  let database: TestDatabase;
  let w: World;
  let base: string;

  beforeAll(async () => {
    database = await testDatabaseFactories()[0]!.create();
    w = await buildWorld(database, { SUBMISSION_ATTEMPTS_PER_HOUR: '3', UPLOADS_PER_USER: '1' });
    base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  it('refuses a fourth attempt within the hour at one assignment, with Retry-After', async () => {
    const id = await w.assignment();
    for (let i = 0; i < 3; i++) expect((await submit(w, base, 'student', id, [10])).code).toBe('OK');
    await expectNothingStored(w, async () => {
      const refused = await submit(w, base, 'student', id, [10]);
      expect(refused).toMatchObject({ status: 429, code: 'ATTEMPT_LIMIT_REACHED' });
      expect(refused.details).toContain('3 attempts per assignment per hour');
      expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    });
    // Another assignment and another student are not affected.
    expect((await submit(w, base, 'student', await w.assignment(), [10])).code).toBe('OK');
    expect((await submit(w, base, 'student2', id, [10])).code).toBe('OK');
  });

  it('refuses a second upload while one of the same user is still arriving, and frees the slot when it ends', async () => {
    const id = await w.assignment();
    const other = await w.assignment();
    // A stalled upload: headers and the start of a large body, then nothing.
    const boundary = '----stalled';
    const stalled = httpRequest(`${base}${w.url(id, '/submissions')}`, {
      method: 'POST',
      headers: {
        ...w.headers.student,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(1024 * 1024),
      },
    });
    const closed = new Promise<void>((resolve) => stalled.on('close', resolve));
    stalled.on('error', () => {});
    stalled.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="slow.bin"\r\n\r\n${'x'.repeat(100)}`,
    );
    // An empty form takes an upload slot and then stores nothing (a submission needs text or a file).
    const probe = async () => (await submit(w, base, 'student', other, [], '')).code;
    expect(await probe()).not.toBe('OK');
    // Once the server holds the stalled upload, the same student's next one is refused at once.
    await expect.poll(probe, { timeout: 10_000 }).toBe('UPLOADS_IN_PROGRESS');
    const refused = await submit(w, base, 'student', other, [10]);
    expect(refused).toMatchObject({ status: 429, code: 'UPLOADS_IN_PROGRESS' });
    expect(refused.details).toContain('1 uploads at once per user (UPLOADS_PER_USER)');
    expect(refused.retryAfter).not.toBeNull();
    // Others upload meanwhile.
    expect((await submit(w, base, 'student2', other, [10])).code).toBe('OK');
    // The client gives up: the slot is free again and its partial file is gone.
    stalled.destroy();
    await closed;
    await expect.poll(probe, { timeout: 10_000 }).toBe('VALIDATION_ERROR');
    expect((await submit(w, base, 'student', other, [10])).code).toBe('OK');
    await expect.poll(() => blobFiles(w).filter((path) => path.startsWith('tmp'))).toEqual([]);
  });
});
