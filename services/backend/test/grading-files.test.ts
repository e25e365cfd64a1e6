import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBuffer, type ZipFile } from 'yauzl';
import { FolderBlobStore } from '../src/storage/folder-blob-store.js';
import {
  buildWorld,
  type Part,
  submitMultipart,
  type Who,
  type World,
} from './support/assignments-fixtures.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const MB = 1024 * 1024;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Unzipped {
  name: string;
  utf8Flag: boolean;
  data: Buffer;
}

/** Every entry of a ZIP, read with a real ZIP reader (yauzl), in archive order. */
function unzip(archive: Buffer): Promise<Unzipped[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(archive, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const entries: Unzipped[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (openError, stream?: Readable) => {
          if (openError || !stream) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const utf8Flag = (entry.generalPurposeBitFlag & 0x800) !== 0;
            entries.push({ name: entry.fileName, utf8Flag, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

const manifestOf = (entries: Unzipped[]): Record<string, string>[] => {
  const csv = entries.find((entry) => entry.name === 'manifest.csv');
  if (!csv) throw new Error('no manifest.csv');
  return parse(csv.data.toString('utf8').replace(/^\uFEFF/, ''), { columns: true });
};

describe.each(testDatabaseFactories())('grading files on $name', (factory) => {
  let database: TestDatabase;
  let w: World;
  let base: string;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database, { RESOURCE_MAX_BYTES: String(8 * MB) });
    base = await w.t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const get = (who: Who, url: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { headers: { ...w.headers[who], ...headers } });

  async function submit(who: Who, assignmentId: string, parts: Part[]) {
    const res = await submitMultipart(w, who, assignmentId, parts);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as {
      id: string;
      attachments: { name: string; download_url: string; preview_url: string | null }[];
    };
  }

  it('streams each student’s latest attempt in a folder of their name, with a manifest', async () => {
    const id = await w.assignment({ title: '电磁 Lab 3: "fields"' });
    const first = randomBytes(1024);
    await submit('student', id, [
      { name: 'files', filename: 'old.pdf', type: 'application/pdf', data: first },
    ]);
    const pdf = randomBytes(3 * MB);
    const notes = Buffer.from('E = −∇φ\n');
    await submit('student', id, [
      { name: 'content', value: 'Second try' },
      { name: 'files', filename: '报告.pdf', type: 'application/pdf', data: pdf },
      { name: 'files', filename: 'notes.txt', type: 'text/plain', data: notes },
      { name: 'files', filename: 'NOTES.txt', type: 'text/plain', data: Buffer.from('again') },
    ]);
    const image = randomBytes(2 * MB);
    await submit('student2', id, [{ name: 'files', filename: 'con', type: 'image/png', data: image }]);
    await w.api('teacher', 'PUT', w.url(id, `/submissions/${await submissionIdOf(id, 'student2')}/grade`), {
      score: 88,
      feedback: 'ok',
    });

    const res = await get('assistant', w.url(id, '/submissions.zip'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    // Streamed: no length known up front, sent in chunks.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.zip"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(
      / - 电磁 Lab 3: "fields"\.zip$/,
    );

    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const userOf = (who: Who) =>
      w.t.app.db
        .selectFrom('users')
        .select(['name', 'username', 'email'])
        .where('id', '=', w.ids[who])
        .executeTakeFirstOrThrow();
    const [one, two] = [await userOf('student'), await userOf('student2')];
    const folder1 = `${one?.name} (${one?.username})`;
    const folder2 = `${two?.name} (${two?.username})`;
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    expect([...byName.keys()].sort()).toEqual(
      [
        `${folder1}/submission.txt`,
        `${folder1}/报告.pdf`,
        `${folder1}/notes.txt`,
        `${folder1}/NOTES (2).txt`,
        `${folder2}/_con`,
        'manifest.csv',
      ].sort(),
    );
    expect(entries.every((entry) => entry.utf8Flag)).toBe(true);
    expect(sha(byName.get(`${folder1}/报告.pdf`)?.data ?? Buffer.alloc(0))).toBe(sha(pdf));
    expect(byName.get(`${folder1}/notes.txt`)?.data.equals(notes)).toBe(true);
    expect(byName.get(`${folder1}/submission.txt`)?.data.toString()).toBe('Second try');
    expect(sha(byName.get(`${folder2}/_con`)?.data ?? Buffer.alloc(0))).toBe(sha(image));

    const manifest = manifestOf(entries);
    expect(
      manifest.map((row) => [row.username, row.email, row.attempt, row.late, row.status, row.score]),
    ).toEqual(
      expect.arrayContaining([
        [one?.username, one?.email, '2', 'no', 'submitted', ''],
        [two?.username, two?.email, '1', 'no', 'graded', '88'],
      ]),
    );
    const row1 = manifest.find((row) => row.username === one?.username);
    expect(row1?.files).toBe('报告.pdf; notes.txt; NOTES (2).txt');
    expect(row1?.folder).toBe(folder1);
    expect(row1?.missing_files).toBe('');
  });

  async function submissionIdOf(assignmentId: string, who: Who): Promise<string> {
    const list = (await w.api('teacher', 'GET', w.url(assignmentId, '/submissions'))).json().data;
    const found = list.submissions.find((s: { student_id: string }) => s.student_id === w.ids[who]);
    return found.id as string;
  }

  it('sends the first bytes before the later blobs are even read (memory does not grow with the set)', async () => {
    const id = await w.assignment();
    const big = [randomBytes(4 * MB), randomBytes(4 * MB)];
    await submit('student', id, [{ name: 'files', filename: 'a.bin', data: big[0] as Buffer }]);
    await submit('student2', id, [{ name: 'files', filename: 'b.bin', data: big[1] as Buffer }]);
    // The second blob's bytes wait until the client has received part of the answer: an archive
    // built whole before sending would never arrive, and the test would fail on its timeout.
    let release!: () => void;
    const clientHasBytes = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = FolderBlobStore.prototype.open;
    let opened = 0;
    vi.spyOn(FolderBlobStore.prototype, 'open').mockImplementation(async function (
      this: FolderBlobStore,
      ...args
    ) {
      opened += 1;
      if (opened === 2) await clientHasBytes;
      return open.apply(this, args);
    });
    const res = await get('teacher', w.url(id, '/submissions.zip'));
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Buffer[] = [];
    const firstChunk = await reader.read();
    expect(firstChunk.done).toBe(false);
    chunks.push(Buffer.from(firstChunk.value ?? new Uint8Array()));
    release();
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(Buffer.from(next.value));
    const entries = await unzip(Buffer.concat(chunks));
    expect(
      entries
        .filter((entry) => entry.name.endsWith('.bin'))
        .map((entry) => sha(entry.data))
        .sort(),
    ).toEqual(big.map(sha).sort());
  });

  it('lists a file whose blob is gone as missing instead of failing the download', async () => {
    const id = await w.assignment();
    await submit('student', id, [{ name: 'files', filename: 'lost.txt', type: 'text/plain', data: 'x' }]);
    const open = FolderBlobStore.prototype.open;
    vi.spyOn(FolderBlobStore.prototype, 'open').mockImplementation(async function (this: FolderBlobStore) {
      return open.call(this, '00000000-0000-7000-8000-000000000000');
    });
    const res = await get('teacher', w.url(id, '/submissions.zip'));
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const lost = entries.find((entry) => entry.name.endsWith('/lost.txt'));
    expect(lost?.data.length).toBe(0);
    expect(manifestOf(entries)[0]?.missing_files).toBe('lost.txt');
  });

  it('refuses students, outsiders and unknown assignments with catalogue errors', async () => {
    const id = await w.assignment();
    const cases: [Who, string, number, string][] = [
      ['student', id, 403, 'INSUFFICIENT_PERMISSIONS'],
      ['outsider', id, 403, 'INSUFFICIENT_PERMISSIONS'],
      ['otherTeacher', id, 404, 'COURSE_NOT_FOUND'],
      ['teacher', 'no-such-assignment', 404, 'ASSIGNMENT_NOT_FOUND'],
    ];
    for (const [who, assignmentId, status, code] of cases) {
      const res = await get(who, w.url(assignmentId, '/submissions.zip'));
      expect([who, res.status]).toEqual([who, status]);
      expect(await codeOf(res)).toBe(code);
    }
    const empty = await get('admin', w.url(id, '/submissions.zip'));
    const entries = await unzip(Buffer.from(await empty.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(['manifest.csv']);
    expect(manifestOf(entries)).toEqual([]);
  });

  it('previews PDF, images and text inline, sandboxed and framable by the app only', async () => {
    const id = await w.assignment();
    const sub = await submit('student', id, [
      { name: 'files', filename: 'r.pdf', type: 'application/pdf', data: '%PDF-1.4' },
      { name: 'files', filename: 'p.webp', type: 'image/webp', data: 'RIFF' },
      { name: 'files', filename: 'n.md', type: 'text/markdown', data: '# 笔记' },
      { name: 'files', filename: 'plain.txt', type: 'application/octet-stream', data: 'hi' },
    ]);
    const risky = await submit('student2', id, [
      { name: 'files', filename: 'x.svg', type: 'image/svg+xml', data: '<svg onload="alert(1)"/>' },
      { name: 'files', filename: 'x.html', type: 'text/html', data: '<script>alert(1)</script>' },
    ]);
    const [pdf, webp, md, plain] = sub.attachments;
    const [svg, html] = risky.attachments;
    expect([svg?.preview_url, html?.preview_url]).toEqual([null, null]);
    const expected: [typeof pdf, string][] = [
      [pdf, 'application/pdf'],
      [webp, 'image/webp'],
      [md, 'text/plain; charset=utf-8'],
      [plain, 'text/plain; charset=utf-8'],
    ];
    for (const [file, type] of expected) {
      expect(file?.preview_url).toBe(`${file?.download_url}/preview`);
      for (const who of ['teacher', 'student'] as const) {
        const res = await get(who, file?.preview_url ?? '');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(type);
        expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe(
          "sandbox; default-src 'none'; frame-ancestors 'self'",
        );
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      }
    }
    expect(await (await get('teacher', md?.preview_url ?? '')).text()).toBe('# 笔记');
    // The download stays a download: not framable at all.
    const download = await get('teacher', pdf?.download_url ?? '');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-frame-options')).toBe('DENY');

    for (const file of [svg, html]) {
      const res = await get('teacher', `${file?.download_url}/preview`);
      expect(res.status).toBe(415);
      expect(await codeOf(res)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const stranger = await get('student2', pdf?.preview_url ?? '');
    expect(stranger.status).toBe(404);
    expect(await codeOf(stranger)).toBe('SUBMISSION_NOT_FOUND');
  });
});
