import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baselineInputs,
  fieldName,
  type OpenApiDocument,
  operationsOf,
  stringInputsOf,
  toRequest,
  withValue,
} from '../../../test/support/openapi.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { type CoursePeople, courseWithPeople, multipart, upload } from './support/resources.js';

/**
 * No NUL reaches any database. The cases come from the backend's own OpenAPI
 * document: every operation, every string input (path and query parameters, each string of the
 * body at any depth, a text body), each sent with `a\u0000b` while the rest of the request is
 * a plausible baseline. Every one must be a 400 VALIDATION_ERROR naming that input, the same on
 * SQLite, MariaDB and PostgreSQL (which answered 500 for these before).
 */

// Every solver is an operation of its own in the document: far more runs than the per-minute limit.
const ENV = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '100000', SIM_RATE_LIMIT_PER_MINUTE: '100000' };
const NUL_VALUE = 'a\u0000b';

describe.each(testDatabaseFactories())('NUL characters on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let people: CoursePeople;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, ENV);
    people = await courseWithPeople(t);
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  it('refuses a NUL in every string input of every operation with 400 naming the input', async () => {
    const wrong: string[] = [];
    let cases = 0;
    for (const op of operationsOf(doc)) {
      // Multipart uploads carry files, where a NUL byte is data: their text fields are the next tests'.
      if (op.body?.type.startsWith('multipart/')) continue;
      const baseline = baselineInputs(doc, op);
      // A real course, so a NUL elsewhere in the request would otherwise reach its rows.
      if ('course_id' in baseline.params) baseline.params.course_id = people.courseId;
      for (const input of stringInputsOf(doc, op)) {
        cases++;
        const spec = toRequest(op, withValue(baseline, input, NUL_VALUE), people.as.admin);
        const res = await t.app.inject({
          method: spec.method as 'GET',
          url: spec.url,
          headers: spec.headers,
          ...(spec.payload === undefined ? {} : { payload: spec.payload }),
        });
        const expected = `${fieldName(input)}: must not contain the character U+0000`;
        const error = res.statusCode === 400 ? res.json().error : undefined;
        if (error?.code !== 'VALIDATION_ERROR' || error?.details !== expected) {
          wrong.push(
            `${op.method} ${op.path} ${fieldName(input)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    // The document lists at least the inputs an attacker tries first: ids in paths, searches, names, codes.
    expect(cases, `${cases} cases`).toBeGreaterThan(80);
    console.info(`NUL cases on ${factory.name}: ${cases}`);
    expect(wrong).toEqual([]);
  });

  it('refuses a NUL in a multipart field of a resource upload and stores nothing', async () => {
    const res = await upload(t.app, people.courseId, people.as.teacher, {
      fields: { name: NUL_VALUE, category: 'lecture' },
      file: { filename: 'notes.txt', data: Buffer.from('Gauss') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: 'body.name: must not contain the character U+0000',
    });
    expect(await t.app.db.selectFrom('resources').select('id').execute()).toEqual([]);
  });

  it('refuses a NUL in the text of a multipart submission and stores no attempt', async () => {
    const base = `/api/v1/courses/${people.courseId}/assignments`;
    const created = await t.app.inject({
      method: 'POST',
      url: base,
      headers: people.as.teacher,
      payload: {
        title: 'Lab report',
        description: '',
        due_date: new Date(Date.now() + 86_400_000).toISOString(),
        max_score: 10,
      },
    });
    const id = created.json().data.id;
    await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}`,
      headers: people.as.teacher,
      payload: { status: 'published' },
    });
    const body = multipart([
      { name: 'content', value: NUL_VALUE },
      { name: 'files', filename: 'report.txt', data: Buffer.from('flux') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/${id}/submissions`,
      headers: { ...people.as.student, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details).toContain('content');
    expect(await t.app.db.selectFrom('submission_attempts').selectAll().execute()).toEqual([]);
  });

  it('refuses other control characters in names and titles, but keeps line breaks in free text', async () => {
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: people.as.admin,
      payload: { name: 'Field\u001btheory', code: 'CTL101', description: 'line one\nline two' },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().error.details).toContain('body.name: must not contain control characters');
    const described = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: people.as.admin,
      payload: {
        name: 'Field theory',
        code: 'CTL102',
        description: 'line one\nline two',
        semester: '2026-2027-1',
      },
    });
    expect(described.statusCode, described.body).toBe(201);
    expect(described.json().data.description).toBe('line one\nline two');
  });
});
