import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import {
  blobFiles,
  type CoursePeople,
  courseWithPeople,
  multipart,
  sha256,
  upload,
} from './support/resources.js';

const LIMIT = 1 << 20;
const ENV = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', RESOURCE_MAX_BYTES: String(LIMIT) };

describe.each(testDatabaseFactories())('hostile resource uploads on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let c: CoursePeople;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, ENV);
    c = await courseWithPeople(t);
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  let address: string | undefined;
  /** The app on a real loopback port, for tests that need a real HTTP client. */
  const listening = async () => {
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    return address;
  };
  const blobs = () => blobFiles(t.config.uploads.blobDir);
  const fileRows = async () =>
    (await t.app.db.selectFrom('stored_files').select('blob_key').execute()).length;
  const resourceRows = async () => (await t.app.db.selectFrom('resources').select('id').execute()).length;

  /** Runs `act` and checks it left no blob (tmp included), no file row and no resource row behind. */
  async function leavesNothing(act: () => Promise<void>): Promise<void> {
    const before = { blobs: blobs(), files: await fileRows(), resources: await resourceRows() };
    await act();
    expect(blobs()).toEqual(before.blobs);
    expect(await fileRows()).toBe(before.files);
    expect(await resourceRows()).toBe(before.resources);
  }

  const expectError = (
    res: { statusCode: number; body: string; json(): { error: { code: string } } },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: { code } });
  };

  it('accepts a file of exactly the limit and refuses one byte more with 413, leaving nothing', async () => {
    const exact = await upload(t.app, c.courseId, c.as.teacher, {
      file: { filename: 'exact.bin', data: randomBytes(LIMIT) },
    });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data.size).toBe(LIMIT);
    for (const [size, fileFirst] of [
      [LIMIT + 1, false],
      [3 * LIMIT, true],
    ] as const) {
      await leavesNothing(async () => {
        const res = await upload(t.app, c.courseId, c.as.teacher, {
          file: { filename: 'huge.bin', data: randomBytes(size) },
          fileFirst,
        });
        expectError(res, 413, 'RESOURCE_TOO_LARGE');
        expect(res.json().error.message).toContain(String(LIMIT));
      });
    }
    expect(blobs().filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });

  it('refuses an empty file with 400 and keeps nothing', async () => {
    await leavesNothing(async () => {
      const res = await upload(t.app, c.courseId, c.as.teacher, {
        file: { filename: 'empty.pdf', data: Buffer.alloc(0) },
      });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.json().error.message).toMatch(/empty/i);
    });
  });

  it('validates the fields whether they come before or after the file, deleting a stored file', async () => {
    const file = { filename: 'a.txt', data: Buffer.from('some text') };
    const bad: [Record<string, string>, RegExp][] = [
      [{ name: 'x', category: 'homework' }, /body\.category/],
      [{ category: 'lecture' }, /body\.name/],
      [{ name: '   ', category: 'lecture' }, /body\.name/],
      [{ name: 'x'.repeat(201), category: 'lecture' }, /body\.name/],
      [{ name: 'x', category: 'lecture', chapter: '0' }, /body\.chapter/],
      [{ name: 'x', category: 'lecture', chapter: '2.5' }, /body\.chapter/],
      [{ name: 'x', category: 'lecture', chapter: '1; DROP TABLE resources' }, /body\.chapter/],
      [{ name: 'x', category: 'lecture', description: 'd'.repeat(5001) }, /body\.description/],
    ];
    for (const [fields, detail] of bad) {
      for (const fileFirst of [false, true]) {
        await leavesNothing(async () => {
          const res = await upload(t.app, c.courseId, c.as.teacher, { file, fields, fileFirst });
          expectError(res, 400, 'VALIDATION_ERROR');
          expect(res.json().error.details, JSON.stringify(fields)).toMatch(detail);
        });
      }
    }
  });

  it('refuses bodies that are not one multipart file with clear 4xx errors', async () => {
    const url = `/api/v1/courses/${c.courseId}/resources`;
    const post = (headers: Record<string, string>, payload: string | Buffer) =>
      t.app.inject({ method: 'POST', url, headers: { ...c.as.teacher, ...headers }, payload });
    await leavesNothing(async () => {
      const json = await post({ 'content-type': 'application/json' }, JSON.stringify({ name: 'x' }));
      expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(json.json().error.message).toContain('multipart/form-data');
      expectError(await post({ 'content-type': 'text/plain' }, 'just text'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectError(
        await post({ 'content-type': 'application/pdf' }, '%PDF-1.4'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expectError(
        await post({ 'content-type': 'multipart/form-data' }, 'no boundary'),
        400,
        'VALIDATION_ERROR',
      );
      const cut = multipart([{ name: 'file', filename: 'a.txt', data: Buffer.from('abc') }]);
      const truncated = await post(cut.headers, cut.payload.subarray(0, cut.payload.length - 20));
      expectError(truncated, 400, 'VALIDATION_ERROR');
      const noFile = await upload(t.app, c.courseId, c.as.teacher, {});
      expectError(noFile, 400, 'VALIDATION_ERROR');
      expect(noFile.json().error.details).toMatch(/body\.file/);
      const fields = [
        { name: 'name', value: 'x' },
        { name: 'category', value: 'lecture' },
      ];
      const data = Buffer.from('abc');
      for (const parts of [
        [...fields, { name: 'attachment', filename: 'a.txt', data }],
        [...fields, { name: 'file', filename: 'a.txt', data }, { name: 'file', filename: 'b.txt', data }],
        [...fields, { name: 'name', value: 'again' }, { name: 'file', filename: 'a.txt', data }],
        [...fields, { name: '__proto__', value: 'x' }, { name: 'file', filename: 'a.txt', data }],
      ]) {
        const body = multipart(parts);
        expectError(await post(body.headers, body.payload), 400, 'VALIDATION_ERROR');
      }
      const tooMany = multipart([
        ...Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
        { name: 'file', filename: 'a.txt', data },
      ]);
      expectError(await post(tooMany.headers, tooMany.payload), 400, 'VALIDATION_ERROR');
    });
  });

  it('keeps traversal-looking file names as display names only; blob keys never come from input', async () => {
    const names: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\win.ini', 'win.ini'],
      ['C:\\Users\\me\\notes.txt', 'notes.txt'],
      ['..', 'file'],
      ['evil\u202Etxt.exe', 'eviltxt.exe'],
    ];
    const data = Buffer.from('root:x:0:0');
    for (const [filename, stored] of names) {
      const before = blobs();
      const res = await upload(t.app, c.courseId, c.as.teacher, {
        file: { filename, data },
        fields: { name: filename, category: 'reference' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ name: filename, file_name: stored });
      const added = blobs().filter((f) => !before.includes(f));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      const download = await t.app.inject({
        method: 'GET',
        url: res.json().data.download_url,
        headers: c.as.student,
      });
      expect(download.rawPayload.equals(data)).toBe(true);
      expect(download.headers['content-disposition']).toContain(`filename="${stored}"`);
    }
  });

  it('stores SQL-looking names and descriptions as plain text', async () => {
    const name = "x'); DROP TABLE resources; --";
    const description = "' OR '1'='1";
    const res = await upload(t.app, c.courseId, c.as.teacher, {
      file: { filename: "'; DELETE FROM stored_files; --.txt", data: Buffer.from('sql') },
      fields: { name, category: 'lecture', description },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${c.courseId}/resources?category=lecture`,
      headers: c.as.student,
    });
    const found = list.json().data.resources.find((r: { id: string }) => r.id === res.json().data.id);
    expect(found).toMatchObject({ name, description, file_name: "'; DELETE FROM stored_files; --.txt" });
    expect(await fileRows()).toBeGreaterThan(1);
    const odd = await t.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${c.courseId}/resources?category=${encodeURIComponent("lecture' OR 1=1 --")}`,
      headers: c.as.student,
    });
    expectError(odd, 400, 'VALIDATION_ERROR');
  });

  it('rolls back the file row and deletes the blob when the resource insert fails', async () => {
    const db = t.app.db;
    const before = { blobs: blobs(), files: await fileRows(), resources: await resourceRows() };
    await db.schema.alterTable('resources').renameTo('resources_away').execute();
    try {
      const res = await upload(t.app, c.courseId, c.as.teacher, {
        file: { filename: 'doomed.pdf', data: Buffer.from('%PDF-1.4 doomed') },
      });
      expectError(res, 500, 'INTERNAL_ERROR');
      expect(res.body).not.toMatch(/resources|select|insert/i);
    } finally {
      await db.schema.alterTable('resources_away').renameTo('resources').execute();
    }
    // The stored_files row was written inside the transaction before the failure: rolled back.
    expect({ blobs: blobs(), files: await fileRows(), resources: await resourceRows() }).toEqual(before);
    const after = await upload(t.app, c.courseId, c.as.teacher, {
      file: { filename: 'fine.pdf', data: Buffer.from('%PDF-1.4 fine') },
    });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('answers a real HTTP client that sends too much with 413 (rest of the body drained), then takes the next upload', async () => {
    const base = await listening();
    const send = async (size: number, category = 'lecture') => {
      const form = new FormData();
      form.append('name', 'Over HTTP');
      form.append('category', category);
      const data = randomBytes(size);
      form.append('file', new Blob([data], { type: 'application/octet-stream' }), 'over-http.bin');
      const res = await fetch(`${base}/api/v1/courses/${c.courseId}/resources`, {
        method: 'POST',
        headers: c.as.teacher,
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as {
        data: { download_url: string };
        error: { code: string; details: string };
      };
      return { res, body, sha: sha256(data) };
    };
    await leavesNothing(async () => {
      const tooBig = await send(4 * LIMIT);
      expect(tooBig.res.status).toBe(413);
      expect(tooBig.body.error.code).toBe('RESOURCE_TOO_LARGE');
      // A bad field ahead of the file fails before the file is read; the file is discarded unread.
      const badField = await send(LIMIT - 1000, 'homework');
      expect(badField.res.status).toBe(400);
      expect(badField.body.error.details).toMatch(/body\.category/);
    });
    const { res, body, sha } = await send(LIMIT - 1000);
    expect(res.status).toBe(201);
    const download = await fetch(`${base}${body.data.download_url}`, { headers: c.as.student });
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha);
  });

  it('leaves no temporary file when the client goes away in the middle of the file', async () => {
    const base = new URL(await listening());
    const body = multipart([
      { name: 'name', value: 'Aborted' },
      { name: 'category', value: 'lecture' },
      { name: 'file', filename: 'partial.bin', data: randomBytes(LIMIT - 10) },
    ]);
    await leavesNothing(async () => {
      const request = httpRequest({
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: `/api/v1/courses/${c.courseId}/resources`,
        headers: { ...c.as.teacher, ...body.headers, 'content-length': String(body.payload.length) },
      });
      request.on('error', () => {});
      request.write(body.payload.subarray(0, body.payload.length / 2));
      const hasTmp = () => blobs().some((f) => f.startsWith('tmp/'));
      // The server writes the half it got to a tmp file as it arrives (streamed, not buffered)…
      await expect.poll(hasTmp, { timeout: 5000, interval: 20 }).toBe(true);
      // …and removes it once the client hangs up.
      request.destroy();
      await expect.poll(hasTmp, { timeout: 5000, interval: 20 }).toBe(false);
    });
  });

  it('logged no server error for any of the hostile input (the forced database failure aside)', () => {
    const errors = t.logs.lines
      .filter((line) => Number(line.level) >= 50)
      .map((line) => `${line.msg}: ${(line.err as { message?: string } | undefined)?.message}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^unhandled error: .*resources/);
  });
});
