import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { blobFiles, type CoursePeople, courseWithPeople, upload } from './support/resources.js';

const ENV = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

type Who = keyof CoursePeople['as'] | 'anonymous';
type Outcome = [status: number, code?: string];
const FORBIDDEN: Outcome = [403, 'INSUFFICIENT_PERMISSIONS'];
const NO_COURSE: Outcome = [404, 'COURSE_NOT_FOUND'];
const NO_RESOURCE: Outcome = [404, 'RESOURCE_NOT_FOUND'];
const NO_TOKEN: Outcome = [401, 'UNAUTHORIZED'];

/**
 * Each caller × each endpoint. Permissions are checked first (a student never gets past
 * course:write), then the course: strangers learn nothing about what exists (404), and members
 * who may read but not change content get 403.
 */
const MATRIX: Record<Who, Record<'upload' | 'list' | 'download' | 'delete', Outcome>> = {
  admin: { upload: [201], list: [200], download: [200], delete: [200] },
  teacher: { upload: [201], list: [200], download: [200], delete: [200] },
  assistant: { upload: [201], list: [200], download: [200], delete: [200] },
  student: { upload: FORBIDDEN, list: [200], download: [200], delete: FORBIDDEN },
  teacherAsStudent: { upload: FORBIDDEN, list: [200], download: [200], delete: FORBIDDEN },
  outsider: { upload: FORBIDDEN, list: NO_COURSE, download: NO_RESOURCE, delete: FORBIDDEN },
  otherTeacher: { upload: NO_COURSE, list: NO_COURSE, download: NO_RESOURCE, delete: NO_RESOURCE },
  anonymous: { upload: NO_TOKEN, list: NO_TOKEN, download: NO_TOKEN, delete: NO_TOKEN },
};

describe.each(testDatabaseFactories())('resource authorization on $name', (factory) => {
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

  const headersOf = (who: Who): Record<string, string> => (who === 'anonymous' ? {} : c.as[who]);
  const file = { filename: 'm.txt', data: Buffer.from('matrix') };
  const newResource = async (courseId = c.courseId) => {
    const res = await upload(t.app, courseId, c.as.teacher, { file });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; download_url: string };
  };
  const expectOutcome = (
    res: { statusCode: number; body: string; json(): { error: { code: string } } },
    [status, code]: Outcome,
    what: string,
  ) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
    if (code) expect(res.json().error.code, what).toBe(code);
  };

  for (const who of Object.keys(MATRIX) as Who[]) {
    it(`${who}: upload, list, download, delete`, async () => {
      const expected = MATRIX[who];
      const blobsBefore = blobFiles(t.config.uploads.blobDir);
      const uploaded = await upload(t.app, c.courseId, headersOf(who), { file });
      expectOutcome(uploaded, expected.upload, `${who} upload`);
      // A refused upload stores nothing.
      if (expected.upload[0] !== 201) expect(blobFiles(t.config.uploads.blobDir)).toEqual(blobsBefore);

      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/courses/${c.courseId}/resources`,
        headers: headersOf(who),
      });
      expectOutcome(list, expected.list, `${who} list`);

      const resource = await newResource();
      const download = await t.app.inject({
        method: 'GET',
        url: resource.download_url,
        headers: headersOf(who),
      });
      expectOutcome(download, expected.download, `${who} download`);
      if (expected.download[0] === 200) expect(download.body).toBe('matrix');

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/resources/${resource.id}`,
        headers: headersOf(who),
      });
      expectOutcome(removed, expected.delete, `${who} delete`);
      const still = await t.app.inject({ method: 'GET', url: resource.download_url, headers: c.as.teacher });
      expect(still.statusCode, `${who} delete took effect?`).toBe(expected.delete[0] === 200 ? 404 : 200);
    });
  }

  it('answers 404 for unknown ids and hides everything of a deleted course, even from its teacher', async () => {
    const unknown = '0190f000-0000-7000-8000-000000000000';
    expectOutcome(await upload(t.app, unknown, c.as.admin, { file }), NO_COURSE, 'upload to unknown course');
    for (const [method, url] of [
      ['GET', `/api/v1/resources/${unknown}/download`],
      ['DELETE', `/api/v1/resources/${unknown}`],
      ['GET', '/api/v1/resources/..%2F..%2Fetc%2Fpasswd/download'],
    ] as const) {
      expectOutcome(
        await t.app.inject({ method, url, headers: c.as.admin }),
        NO_RESOURCE,
        `${method} ${url}`,
      );
    }

    const resource = await newResource();
    await t.app.db
      .updateTable('courses')
      .set({ deleted_at: new Date().toISOString(), live_code: null })
      .where('id', '=', c.courseId)
      .execute();
    try {
      for (const who of ['admin', 'teacher', 'assistant', 'student'] as const) {
        const headers = c.as[who];
        const refused = who === 'student' ? FORBIDDEN : NO_COURSE;
        expectOutcome(await upload(t.app, c.courseId, headers, { file }), refused, `${who} upload`);
        const list = await t.app.inject({
          method: 'GET',
          url: `/api/v1/courses/${c.courseId}/resources`,
          headers,
        });
        expectOutcome(list, NO_COURSE, `${who} list`);
        const download = await t.app.inject({ method: 'GET', url: resource.download_url, headers });
        expectOutcome(download, NO_RESOURCE, `${who} download`);
      }
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/resources/${resource.id}`,
        headers: c.as.teacher,
      });
      expectOutcome(removed, NO_RESOURCE, 'teacher delete');
    } finally {
      await t.app.db.updateTable('courses').set({ deleted_at: null }).where('id', '=', c.courseId).execute();
    }
  });
});
