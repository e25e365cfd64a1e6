import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FolderBlobStore } from '../src/storage/folder-blob-store.js';
import {
  blobFiles,
  buildWorld,
  formDataBody,
  type Part,
  rowCounts,
  submitMultipart,
  type World,
} from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const LIMIT = 64 * 1024;

/** The server's open connections after closing the idle ones. */
async function openConnectionsAfterClosingIdle(server: Server): Promise<number> {
  server.closeIdleConnections();
  return new Promise<number>((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}
const BLOB_PATH = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

describe.each(testDatabaseFactories())('submission files on $name', (factory) => {
  let database: TestDatabase;
  let w: World;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database, { RESOURCE_MAX_BYTES: String(LIMIT) });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const download = (who: 'student' | 'teacher' | 'student2', url: string) =>
    w.t.app.inject({ method: 'GET', url, headers: w.headers[who] });

  /** Runs `attempt` and checks it changed no row and left no blob, finished or partial. */
  async function expectNothingLeftBehind(attempt: () => Promise<void>) {
    const [rowsBefore, blobsBefore] = [await rowCounts(w), blobFiles(w)];
    await attempt();
    expect(await rowCounts(w)).toEqual(rowsBefore);
    expect(blobFiles(w)).toEqual(blobsBefore);
    expect(blobFiles(w).filter((path) => path.startsWith('tmp'))).toEqual([]);
  }

  it('stores text and files from a real client, and streams the exact bytes back', async () => {
    const id = await w.assignment();
    const binary = randomBytes(LIMIT);
    const form = new FormData();
    form.append('content', 'Field lines attached');
    form.append('files', new Blob([binary], { type: 'application/pdf' }), '作业 答案 📄 résumé.pdf');
    form.append('files', new Blob(['∇ × E = −∂B/∂t'], { type: 'text/plain' }), 'faraday.txt');
    const body = await formDataBody(form);
    const res = await w.t.app.inject({
      method: 'POST',
      url: w.url(id, '/submissions'),
      headers: { ...w.headers.student, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().data;
    expect(sub.content).toBe('Field lines attached');
    expect(
      sub.attachments.map((f: { name: string; size: number; content_type: string }) => [
        f.name,
        f.size,
        f.content_type,
      ]),
    ).toEqual([
      ['作业 答案 📄 résumé.pdf', LIMIT, 'application/pdf'],
      ['faraday.txt', Buffer.byteLength('∇ × E = −∂B/∂t'), 'text/plain'],
    ]);

    for (const who of ['student', 'teacher'] as const) {
      const file = await download(who, sub.attachments[0].download_url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(binary)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-length']).toBe(String(LIMIT));
      const disposition = String(file.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('作业 答案 📄 résumé.pdf');
    }
    const text = await download('teacher', sub.attachments[1].download_url);
    expect(text.body).toBe('∇ × E = −∂B/∂t');
    expect((await download('student2', sub.attachments[1].download_url)).statusCode).toBe(404);
    const wrongFile = sub.attachments[1].download_url.replace(
      /[^/]+$/,
      sub.attachments[0].id.replace(/.$/, (last: string) => (last === '0' ? '1' : '0')),
    );
    expect((await download('teacher', wrongFile)).statusCode).toBe(404);
  });

  it('keeps hostile file names as display names only; blobs are named by the server', async () => {
    const id = await w.assignment();
    const names = [
      '../../etc/passwd',
      '..\\..\\windows\\boot.ini',
      '..',
      'evil\u202Efdp.exe',
      `${'n'.repeat(300)}.txt`,
    ];
    const res = await submitMultipart(
      w,
      'student2',
      id,
      names.map((filename) => ({
        name: 'files',
        filename,
        type: 'text/plain',
        data: `contents of ${filename}`,
      })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().data.attachments.map((f: { name: string }) => f.name);
    expect(stored.slice(0, 4)).toEqual(['passwd', 'boot.ini', 'file', 'evilfdp.exe']);
    expect(Array.from(stored[4] as string)).toHaveLength(255);
    expect(stored[4]).toMatch(/^n+\.txt$/);
    for (const name of stored) expect(name).not.toMatch(/[/\\]|^\.\.?$/);
    for (const path of blobFiles(w)) expect(path).toMatch(BLOB_PATH);
    const passwd = await download('student2', res.json().data.attachments[0].download_url);
    expect(passwd.body).toBe('contents of ../../etc/passwd');
  });

  it('serves declared content types only as downloads, and replaces malformed ones', async () => {
    const id = await w.assignment();
    const parts: Part[] = [
      {
        name: 'files',
        filename: 'page.html',
        type: 'text/html; charset=utf-8',
        data: '<script>alert(1)</script>',
      },
      { name: 'files', filename: 'weird.bin', type: 'not a type', data: 'x' },
      { name: 'files', filename: 'image.png', type: 'IMAGE/PNG', data: 'png' },
    ];
    const res = await submitMultipart(w, 'student', id, parts);
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json().data.attachments;
    expect(files.map((f: { content_type: string }) => f.content_type)).toEqual([
      'text/html',
      'application/octet-stream',
      'image/png',
    ]);
    const html = await download('teacher', files[0].download_url);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(String(html.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(String(html.headers['content-security-policy'])).toContain('sandbox');
  });

  it('refuses empty, surplus and misnamed files, leaving nothing behind', async () => {
    const id = await w.assignment();
    const small = (n: number): Part => ({ name: 'files', filename: `f${n}.txt`, data: `file ${n}` });
    const cases: [Part[], string][] = [
      [[small(1), { name: 'files', filename: 'empty.txt', data: '' }], 'empty'],
      [[1, 2, 3, 4, 5, 6].map(small), 'at most 5'],
      [[small(1), { name: 'file', filename: 'x.txt', data: 'x' }], 'files'],
      [
        [
          { name: 'content', value: 'a' },
          { name: 'content', value: 'b' },
        ],
        'twice',
      ],
      [[{ name: 'content', value: 'a\u0000b' }, small(1)], 'NUL'],
      [
        [
          { name: 'content', value: ' ' },
          { name: 'files', filename: '', data: '' },
        ],
        'no files',
      ],
    ];
    for (const [parts, detail] of cases) {
      await expectNothingLeftBehind(async () => {
        const res = await submitMultipart(w, 'student', id, parts);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: expect.stringContaining(detail),
        });
      });
    }
    const broken = await w.t.app.inject({
      method: 'POST',
      url: w.url(id, '/submissions'),
      headers: { ...w.headers.student, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nunterminated',
    });
    expect(broken.statusCode).toBe(400);
    // A form's empty file input (no name, no bytes) is not a file.
    const noFile = await submitMultipart(w, 'student', id, [
      { name: 'content', value: 'text only' },
      { name: 'files', filename: '', data: '' },
    ]);
    expect(noFile.statusCode).toBe(201);
    expect(noFile.json().data.attachments).toEqual([]);
  });

  it('refuses a file over RESOURCE_MAX_BYTES with 413, keeping neither rows nor blobs', async () => {
    const id = await w.assignment();
    await expectNothingLeftBehind(async () => {
      const res = await submitMultipart(w, 'student2', id, [
        { name: 'content', value: 'big one' },
        { name: 'files', filename: 'ok.txt', data: 'fits' },
        { name: 'files', filename: 'huge.bin', data: Buffer.alloc(LIMIT + 1, 7) },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatchObject({
        code: 'RESOURCE_TOO_LARGE',
        details: expect.stringContaining('huge.bin'),
      });
    });
    const exact = await submitMultipart(w, 'student2', id, [
      { name: 'files', filename: 'exact.bin', data: Buffer.alloc(LIMIT, 1) },
    ]);
    expect(exact.statusCode).toBe(201);
  });

  it('answers 413 over a real socket while the client is still sending', async () => {
    const id = await w.assignment();
    const base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    await expectNothingLeftBehind(async () => {
      const form = new FormData();
      form.append('content', 'streamed');
      form.append('files', new Blob([Buffer.alloc(4 * 1024 * 1024, 3)]), 'four-megabytes.bin');
      const res = await fetch(`${base}${w.url(id, '/submissions')}`, {
        method: 'POST',
        headers: w.headers.student,
        body: form,
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RESOURCE_TOO_LARGE');
    });
    // The refused connection must not stay stuck mid-body: it drains and then closes as idle.
    await expect
      .poll(() => openConnectionsAfterClosingIdle(w.t.app.server), { timeout: 5000, interval: 100 })
      .toBe(0);
    const form = new FormData();
    form.append('files', new Blob([Buffer.alloc(LIMIT, 9)]), 'fits.bin');
    const ok = await fetch(`${base}${w.url(id, '/submissions')}`, {
      method: 'POST',
      headers: w.headers.student,
      body: form,
    });
    expect(ok.status).toBe(201);
    const file = ((await ok.json()) as { data: { attachments: { download_url: string }[] } }).data
      .attachments[0];
    const bytes = Buffer.from(
      await (await fetch(`${base}${file?.download_url}`, { headers: w.headers.student })).arrayBuffer(),
    );
    expect(bytes.equals(Buffer.alloc(LIMIT, 9))).toBe(true);
  });

  it('keeps the files of every attempt: a resubmission adds its own and deletes none', async () => {
    const id = await w.assignment();
    const first = await submitMultipart(w, 'student', id, [
      { name: 'files', filename: 'v1-a.txt', data: 'a' },
      { name: 'files', filename: 'v1-b.txt', data: 'b' },
    ]);
    const oldFiles = first.json().data.attachments;
    const blobsBefore = blobFiles(w);
    const second = await submitMultipart(w, 'student', id, [
      { name: 'files', filename: 'v2.txt', data: 'v2' },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ attempt: 2, attachments: [{ name: 'v2.txt', size: 2 }] });
    const blobsAfter = blobFiles(w);
    expect(blobsAfter.length).toBe(blobsBefore.length + 1);
    // The old file URLs keep answering, for the student and the staff.
    for (const who of ['student', 'teacher'] as const) {
      const bodies = await Promise.all(
        oldFiles.map(async (old: { download_url: string }) => download(who, old.download_url)),
      );
      expect(bodies.map((b) => [b.statusCode, b.body])).toEqual([
        [200, 'a'],
        [200, 'b'],
      ]);
    }
    expect((await download('student', second.json().data.attachments[0].download_url)).body).toBe('v2');
    const attempts = (
      await w.api('teacher', 'GET', w.url(id, `/submissions/${second.json().data.id}/attempts`))
    ).json().data.attempts;
    expect(
      attempts.map((a: { attachments: { name: string }[] }) => a.attachments.map((f) => f.name)),
    ).toEqual([['v1-a.txt', 'v1-b.txt'], ['v2.txt']]);
  });

  it('leaves nothing behind when the blob store fails on the second file', async () => {
    const id = await w.assignment();
    const realPut = FolderBlobStore.prototype.put;
    let calls = 0;
    vi.spyOn(FolderBlobStore.prototype, 'put').mockImplementation(function (
      this: FolderBlobStore,
      source,
      max,
    ) {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('disk full (injected)'));
      return realPut.call(this, source, max);
    });
    await expectNothingLeftBehind(async () => {
      const res = await submitMultipart(w, 'student2', id, [
        { name: 'files', filename: 'one.txt', data: 'first' },
        { name: 'files', filename: 'two.txt', data: 'second' },
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL_ERROR');
    });
    expect(calls).toBe(2);
  });

  it('rolls back the whole submission when a write fails midway, keeping the previous one whole', async () => {
    const db = w.t.app.db;
    const id = await w.assignment();
    const previous = await submitMultipart(w, 'student', id, [
      { name: 'content', value: 'kept' },
      { name: 'files', filename: 'kept.txt', data: 'kept bytes' },
    ]);
    expect(previous.statusCode).toBe(201);
    const fresh = await w.assignment();
    // Without the link table, the submission row and the file rows are written, then the
    // transaction fails: everything it wrote must go, and so must the blobs it stored.
    const [rowsBefore, blobsBefore] = [await rowCounts(w), blobFiles(w)];
    await db.schema.alterTable('submission_files').renameTo('submission_files_off').execute();
    try {
      for (const target of [fresh, id]) {
        const res = await submitMultipart(w, 'student', target, [
          { name: 'content', value: 'lost' },
          { name: 'files', filename: 'lost.txt', data: 'lost bytes' },
        ]);
        expect(res.statusCode).toBe(500);
      }
    } finally {
      await db.schema.alterTable('submission_files_off').renameTo('submission_files').execute();
    }
    expect(await rowCounts(w)).toEqual(rowsBefore);
    expect(blobFiles(w)).toEqual(blobsBefore);
    const kept = (await w.api('student', 'GET', w.url(id))).json().data.my_submission;
    expect(kept).toMatchObject({ content: 'kept', attempt: 1, attachments: [{ name: 'kept.txt' }] });
    expect((await download('student', kept.attachments[0].download_url)).body).toBe('kept bytes');
    expect((await w.api('student', 'GET', w.url(fresh))).json().data.my_submission).toBeNull();
  });
});
