import { parseConfig } from '@faraday/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendEnvSchema } from '../src/config.js';
import { runCompiled } from '../src/db/database.js';
import { databaseTargetOf } from '../src/db/database-target.js';
import { buildTestApp, TEST_SERVICE_TOKEN, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, type TestDatabaseFactory, testDatabaseFactories } from './support/databases.js';

// The queries every request runs (token state, the course list) are compiled once per shape and
// then only bound to the caller's values (db/compiled-once.ts). A value left over from another
// caller would show up here as someone else's courses.
function withApp(factory: TestDatabaseFactory) {
  const context = {} as { database: TestDatabase; t: TestApp; admin: { authorization: string } };
  beforeAll(async () => {
    context.database = await factory.create();
    context.t = await buildTestApp(context.database);
    context.admin = bearer(await loginAs(context.t.app, 'admin'));
  });
  afterAll(async () => {
    await context.t?.app.close();
    await context.database?.drop();
  });
  return context;
}

async function list(t: TestApp, headers: { authorization: string }, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/courses${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { total: number; courses: { code: string }[] };
}

describe.each(testDatabaseFactories())('hot statements on $name', (factory) => {
  const context = withApp(factory);

  it('binds each caller, search and page afresh to the one compiled query', async () => {
    const { t, admin } = context;
    const teacher = bearer(await loginAs(t.app, 'teacher'));
    for (const code of ['HOT-A1', 'HOT-A2', 'HOT-B1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/courses',
        headers: code.startsWith('HOT-A') ? teacher : admin,
        payload: { name: `Hot ${code}`, code, semester: '2026-2027-1' },
      });
      expect(res.statusCode).toBe(201);
    }
    const codes = async (headers: { authorization: string }, query = '') =>
      (await list(t, headers, query)).courses.map((c) => c.code).filter((c) => c.startsWith('HOT-'));
    // Same shapes, different callers and values, in turns.
    expect(await codes(teacher)).toEqual(['HOT-A2', 'HOT-A1']);
    expect(await codes(admin)).toEqual(['HOT-B1', 'HOT-A2', 'HOT-A1']);
    expect(await codes(teacher, '?search=a1')).toEqual(['HOT-A1']);
    expect(await codes(teacher, '?search=a2')).toEqual(['HOT-A2']);
    expect(await codes(teacher, '?limit=1&page=2')).toEqual(['HOT-A1']);
    expect(await codes(admin, '?search=hot-b')).toEqual(['HOT-B1']);
    expect(await codes(teacher)).toEqual(['HOT-A2', 'HOT-A1']);
  });

  it('reads the token states of requests that arrive together for each request alone', async () => {
    const { t } = context;
    // Several logins of three users; one token is then revoked. All are presented at once, so on
    // MySQL and PostgreSQL they are read in one query (auth-tokens.repository.ts readTogether).
    const tokens: { user: string; token: string }[] = [];
    for (const user of ['admin', 'teacher', 'student', 'teacher', 'student'])
      tokens.push({ user, token: await loginAs(t.app, user) });
    const revoked = tokens[3] as { user: string; token: string };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(revoked.token) }))
        .statusCode,
    ).toBe(200);
    const answers = await Promise.all(
      tokens.map(({ token }) =>
        t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) }),
      ),
    );
    answers.forEach((res, i) => {
      const { user, token } = tokens[i] as { user: string; token: string };
      if (token === revoked.token) expect(res.statusCode).toBe(401);
      else expect(res.json().data.username).toBe(user);
    });
  });
});

describe.each(testDatabaseFactories().filter((f) => f.name === 'postgres'))(
  'prepared statements on $name',
  (factory) => {
    const context = withApp(factory);

    it('plans the course list once per connection, for every caller alike (a generic plan)', async () => {
      const { t } = context;
      const teacher = bearer(await loginAs(t.app, 'teacher'));
      // One request at a time: the pool hands out its most recently released connection, so
      // these all run on one connection, as does the look at its prepared statements below.
      for (let i = 0; i < 8; i++) await list(t, teacher, i % 2 ? '' : '?limit=5');
      const statements = (await runCompiled(
        t.app.db,
        'select statement, generic_plans, custom_plans from pg_prepared_statements',
        [],
      )) as { statement: string; generic_plans: string; custom_plans: string }[];
      const courseList = statements.find((s) => s.statement.includes('count(*) over()'));
      expect(courseList).toMatchObject({ generic_plans: '8', custom_plans: '0' });
    });

    it('prepares nothing when the operator turns prepared statements off', async () => {
      const { database } = context;
      expect(
        databaseTargetOf(
          parseConfig(backendEnvSchema, {
            DATABASE_URL: 'postgres://db/x',
            DATABASE_PREPARED_STATEMENTS: 'false',
            AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
          }),
        ),
      ).toEqual({ dialect: 'postgres', url: 'postgres://db/x', preparedStatements: false });
      const t = await buildTestApp({
        ...database,
        target: {
          dialect: 'postgres',
          url: (database.target as { url: string }).url,
          preparedStatements: false,
        },
      });
      try {
        const teacher = bearer(await loginAs(t.app, 'teacher'));
        for (let i = 0; i < 3; i++) await list(t, teacher);
        const [row] = (await runCompiled(
          t.app.db,
          'select count(*)::int as n from pg_prepared_statements',
          [],
        )) as {
          n: number;
        }[];
        expect(row?.n).toBe(0);
      } finally {
        await t.app.close();
      }
    });
  },
);
