import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { blobFiles, type CoursePeople, courseWithPeople, sha256, upload } from './support/resources.js';

const ENV = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', RESOURCE_MAX_BYTES: String(4 << 20) };
const UUID_PATH = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

describe.each(testDatabaseFactories())('course resources on $name', (factory) => {
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

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const pdfBytes = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

  it('uploads (fields before or after the file), lists and downloads the exact bytes', async () => {
    const before = blobFiles(t.config.uploads.blobDir);
    const data = pdfBytes(300_000);
    const first = await upload(t.app, c.courseId, c.as.teacher, {
      file: { filename: 'week1.pdf', data, contentType: 'application/pdf' },
      fields: { name: 'Week 1: Coulomb', category: 'lecture', chapter: '1', description: 'Slides' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json().data;
    expect(created).toMatchObject({
      name: 'Week 1: Coulomb',
      type: 'pdf',
      size: data.length,
      category: 'lecture',
      chapter: 1,
      description: 'Slides',
      file_name: 'week1.pdf',
      content_type: 'application/pdf',
      download_url: `/api/v1/resources/${created.id}/download`,
    });
    expect(new Date(created.uploaded_at).toISOString()).toBe(created.uploaded_at);

    const second = await upload(t.app, c.courseId, c.as.assistant, {
      file: {
        filename: 'sheet.txt',
        data: Buffer.from('exercise 1: compute E\n'),
        contentType: 'text/plain',
      },
      fields: { name: 'Sheet 1', category: 'exercise', chapter: '' },
      fileFirst: true,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ type: 'text', chapter: null, description: '' });

    const added = blobFiles(t.config.uploads.blobDir).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    for (const file of added) expect(file).toMatch(UUID_PATH);

    const list = await get(`/api/v1/courses/${c.courseId}/resources`, c.as.student);
    expect(list.statusCode).toBe(200);
    const { resources, categories, max_upload_bytes } = list.json().data;
    expect(max_upload_bytes).toBe(t.config.uploads.maxBytes);
    expect(categories).toEqual([
      { key: 'lecture', name: 'Lecture' },
      { key: 'exercise', name: 'Exercise' },
      { key: 'reference', name: 'Reference' },
    ]);
    const listed = resources.find((r: { id: string }) => r.id === created.id);
    expect(listed).toEqual({ ...created, uploaded_by_name: expect.any(String) });
    expect(resources[0].id).toBe(second.json().data.id); // newest first

    const download = await get(created.download_url, c.as.student);
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(data));
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(data.length),
      'accept-ranges': 'bytes',
      etag: `"${sha256(data)}"`,
      'content-disposition': `attachment; filename="week1.pdf"; filename*=UTF-8''week1.pdf`,
      'x-content-type-options': 'nosniff',
    });
  });

  it('filters the list by category and chapter and validates the filters', async () => {
    const data = Buffer.from('reference text');
    for (const [category, chapter] of [
      ['reference', '3'],
      ['reference', '4'],
      ['exercise', '3'],
    ] as const) {
      const res = await upload(t.app, c.courseId, c.as.teacher, {
        file: { filename: 'r.txt', data },
        fields: { name: `${category} ${chapter}`, category, chapter },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const names = async (query: string) => {
      const res = await get(`/api/v1/courses/${c.courseId}/resources?${query}`, c.as.teacher);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.resources.map((r: { name: string }) => r.name)
        .sort();
    };
    expect(await names('category=reference')).toEqual(['reference 3', 'reference 4']);
    expect(await names('category=reference&chapter=3')).toEqual(['reference 3']);
    expect(await names('chapter=3')).toEqual(['exercise 3', 'reference 3']);
    for (const bad of ['category=homework', 'chapter=0', 'chapter=abc']) {
      const res = await get(`/api/v1/courses/${c.courseId}/resources?${bad}`, c.as.teacher);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers byte ranges: first bytes, suffix, open-ended, clamped, unsatisfiable, If-Range', async () => {
    const data = randomBytes(10_000);
    const res = await upload(t.app, c.courseId, c.as.teacher, { file: { filename: 'data.bin', data } });
    const { download_url: url } = res.json().data;
    const etag = `"${sha256(data)}"`;
    const ranged = async (range: string, extra: Record<string, string> = {}) =>
      get(url, { ...c.as.student, range, ...extra });

    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=-10', 9990, 9999],
      ['bytes=9000-', 9000, 9999],
      ['bytes=9995-20000', 9995, 9999],
      ['bytes=-20000', 0, 9999],
    ];
    for (const [range, start, end] of cases) {
      const part = await ranged(range);
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
      expect(part.headers['content-length']).toBe(String(end - start + 1));
      expect(part.rawPayload.equals(data.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of ['bytes=10000-', 'bytes=-0', 'bytes=99999999999999999999-']) {
      const refused = await ranged(range);
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range']).toBe('bytes */10000');
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'RANGE_NOT_SATISFIABLE' } });
    }
    // Several ranges all past the end are refused like one.
    expect((await ranged('bytes=10000-,20000-')).statusCode).toBe(416);
    // Ranges we do not serve (several, other units, nonsense) get the whole file.
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-2', 'bytes=abc']) {
      const whole = await ranged(range);
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.equals(data)).toBe(true);
    }
    expect((await ranged('bytes=0-9', { 'if-range': etag })).statusCode).toBe(206);
    expect((await ranged('bytes=0-9', { 'if-range': '"stale"' })).statusCode).toBe(200);
    const cached = await get(url, { ...c.as.student, 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url, headers: c.as.student });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('10000');
  });

  it('decides the type from the bytes first, then the extension, then the content type', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(200)]);
    // A whole 1×1 PNG: file-type checks the chunks after the signature, not just the signature.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      randomBytes(64),
    ]);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(64)]);
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), randomBytes(64)]);
    const binary = Buffer.concat([Buffer.from([0, 1, 2, 0xff]), randomBytes(64)]);
    const cases: [string, Buffer, string | undefined, string, string][] = [
      [
        'notes.docx',
        zip,
        undefined,
        'document',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [
        'talk.pptx',
        zip,
        undefined,
        'presentation',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ],
      [
        'grades.xlsx',
        zip,
        undefined,
        'spreadsheet',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['old.doc', ole, 'application/msword', 'document', 'application/msword'],
      ['code.zip', zip, 'application/zip', 'archive', 'application/zip'],
      ['fake.pdf', zip, 'application/pdf', 'archive', 'application/zip'],
      ['photo.jpg', png, 'image/jpeg', 'image', 'image/png'],
      ['lecture.mp4', mp4, 'video/mp4', 'video', 'video/mp4'],
      ['data.csv', Buffer.from('x,y\n1,2\n'), 'text/csv', 'spreadsheet', 'text/csv'],
      ['README', Buffer.from('plain words'), undefined, 'text', 'text/plain'],
      ['not-really.pdf', Buffer.from('plain words'), 'application/pdf', 'text', 'text/plain'],
      ['clip', binary, 'video/mp4', 'other', 'application/octet-stream'],
      ['field.h5', binary, 'application/x-hdf5', 'other', 'application/x-hdf5'],
      ['tone', binary, 'audio/x-custom', 'audio', 'audio/x-custom'],
      ['page.html', Buffer.from('<h1>hi</h1>'), 'text/html', 'text', 'text/html'],
      // XML is recognised by its prolog, but for text formats the name decides.
      ['drawing.svg', Buffer.from('<?xml version="1.0"?><svg/>'), undefined, 'image', 'image/svg+xml'],
      ['notes.xml', Buffer.from('<?xml version="1.0"?><notes/>'), undefined, 'text', 'application/xml'],
      // The detected format is served with our table's MIME type (file-type says audio/x-m4a).
      ['song.m4a', m4a, undefined, 'audio', 'audio/mp4'],
    ];
    for (const [filename, data, contentType, type, servedAs] of cases) {
      const res = await upload(t.app, c.courseId, c.as.teacher, {
        file: { filename, data, ...(contentType ? { contentType } : {}) },
      });
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
      expect(res.json().data, filename).toMatchObject({ type, content_type: servedAs });
      const download = await get(res.json().data.download_url, c.as.teacher);
      expect(download.headers['content-type'], filename).toBe(servedAs);
    }
  });

  it('sends unicode and awkward file names in Content-Disposition with an ASCII fallback', async () => {
    const names = ['电磁学 讲义.pdf', 'a "quoted" name.txt', "it's (draft) 100%*.txt", 'Ünïcødé 🚀.txt'];
    for (const filename of names) {
      const res = await upload(t.app, c.courseId, c.as.teacher, {
        file: { filename, data: Buffer.from('%PDF-1.4 tiny') },
        fields: { name: filename, category: 'reference' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ name: filename, file_name: filename });
      const download = await get(res.json().data.download_url, c.as.student);
      const header = download.headers['content-disposition'] as string;
      const match =
        /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(
          header,
        );
      expect(match, header).not.toBeNull();
      expect(match?.[1]).not.toMatch(/["\\]/);
      expect(decodeURIComponent(match?.[2] ?? '')).toBe(filename);
    }
  });

  it('deletes a resource: rows, then the blob; afterwards it is gone for everyone', async () => {
    const data = randomBytes(2048);
    const created = (
      await upload(t.app, c.courseId, c.as.teacher, { file: { filename: 'gone.bin', data } })
    ).json().data;
    const before = blobFiles(t.config.uploads.blobDir);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/resources/${created.id}`,
      headers: c.as.teacher,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toBeTypeOf('string');
    const after = blobFiles(t.config.uploads.blobDir);
    expect(before.length - after.length).toBe(1);
    expect(
      await t.app.db.selectFrom('stored_files').select('id').where('sha256', '=', sha256(data)).execute(),
    ).toEqual([]);
    const download = await get(created.download_url, c.as.teacher);
    expect(download.statusCode).toBe(404);
    expect(download.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/resources/${created.id}`,
      headers: c.as.teacher,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const list = await get(`/api/v1/courses/${c.courseId}/resources`, c.as.teacher);
    expect(list.json().data.resources.map((r: { id: string }) => r.id)).not.toContain(created.id);
  });
});
