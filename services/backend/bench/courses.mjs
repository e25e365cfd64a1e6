// Course list under load: 10,000 courses and 100,000 memberships, list with search at 50
// concurrent connections, for an admin (all courses), a teacher of 50 and a student (membership
// filter), against GET /healthz on the same server as the baseline. On SQLite, and also on
// PostgreSQL when BENCH_POSTGRES_URL names a server (a scratch database is made and dropped).
// The rows are written straight into the database, as a bulk import would, and the backend is
// then restarted on them (SQLite gathers its planner statistics at start, see db/database.ts;
// PostgreSQL is told to ANALYZE, as its documentation advises after a bulk load).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@faraday/server-kit';
import { sql } from 'kysely';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { DURATION_S, load, loadRow } from '../../../bench/load.mjs';
import { againstBaseline, report } from '../../../bench/report.mjs';
import { buildApp } from '../dist/app.js';
import { backendEnvSchema, toBackendConfig } from '../dist/config.js';

const COURSES = 10_000;
const STUDENTS = 2_000;
const MEMBERSHIPS = 100_000;

async function seed(db, teacherId, studentId) {
  const now = new Date().toISOString();
  const teachers = Array.from({ length: 100 }, (_, i) => ({
    id: uuidv7(),
    username: `benchteacher${i}`,
    name: `Bench Teacher ${i}`,
    email: `benchteacher${i}@example.edu`,
    role: 'teacher',
    password_hash: 'x',
    must_change_password: 0,
    disabled: 0,
    created_at: now,
    updated_at: now,
    last_login: null,
    corpchat_user_id: null,
  }));
  const students = Array.from({ length: STUDENTS }, (_, i) => ({
    id: uuidv7(),
    username: `bench${i}`,
    name: `Bench Student ${i}`,
    email: `bench${i}@example.edu`,
    role: 'student',
    password_hash: 'x',
    must_change_password: 0,
    disabled: 0,
    created_at: now,
    updated_at: now,
    last_login: null,
    corpchat_user_id: null,
  }));
  const topics = [
    'Electrostatics',
    'Magnetostatics',
    'Waves',
    'Optics',
    'Circuits',
    'Relativity',
    'Plasma',
    'Antennas',
  ];
  const courses = Array.from({ length: COURSES }, (_, i) => ({
    id: uuidv7(),
    name: `${topics[i % topics.length]} ${Math.floor(i / topics.length)}`,
    code: `B${i}`,
    live_code: `b${i}`,
    semester: '2025-2026-1',
    description: '',
    syllabus: '',
    schedule: '[]',
    // The demo teacher teaches every 200th course (50); the rest spread over 100 teachers.
    teacher_id: i % 200 === 0 ? teacherId : teachers[i % 100].id,
    max_students: 1000,
    student_count: 10,
    status: 'active',
    invite_code: null,
    invite_expires_at: null,
    created_at: new Date(Date.now() - i * 1000).toISOString(),
    updated_at: now,
    deleted_at: null,
  }));
  // Course c's k-th student is (c + k * 200) mod 2,000: ten distinct students a course (each
  // student in 50 courses), and the demo student takes the first place in every 50th course (200).
  const members = [];
  const stride = STUDENTS / (MEMBERSHIPS / COURSES);
  for (let i = 0; i < MEMBERSHIPS; i++) {
    const c = i % COURSES;
    const k = Math.floor(i / COURSES);
    const student = k === 0 && c % 50 === 0 ? studentId : students[(c + k * stride) % STUDENTS].id;
    members.push({ course_id: courses[c].id, user_id: student, role: 'student', joined_at: now });
  }
  await db.transaction().execute(async (trx) => {
    for (const [table, rows] of [
      ['users', [...teachers, ...students]],
      ['courses', courses],
      ['course_members', members],
    ]) {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 500))
          .execute();
    }
  });
  return members.length;
}

async function scratchPostgres(url) {
  const name = `faraday_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function benchmark(database, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'faraday-bench-'));
  const config = toBackendConfig(
    parseConfig(backendEnvSchema, {
      AI_GATEWAY_SHARED_TOKEN: 'courses-bench-service-token',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
  );
  let app = await buildApp(config);
  try {
    const ids = Object.fromEntries(
      (await app.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const started = Date.now();
    const memberships = await seed(app.db, ids.teacher, ids.student);
    const seedSeconds = (Date.now() - started) / 1000;
    // PostgreSQL's advice after a bulk load; autovacuum would do the same a minute or so later.
    if (database === 'postgres') await sql`analyze`.execute(app.db);
    await app.close();
    app = await buildApp(config);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = async (username, password) => {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return (await res.json()).data.access_token;
    };
    const rows = [loadRow('GET /healthz (baseline)', await load({ url: `${base}/healthz` }))];
    for (const [label, user, password, query] of [
      ['admin, search "optics"', 'admin', 'admin123', 'search=optics&limit=20'],
      ['admin, page 200, no search', 'admin', 'admin123', 'page=200&limit=20'],
      ['teacher (teaches 50), no search', 'teacher', 'teacher123', 'limit=20'],
      ['student (member of 200), search "optics"', 'student', 'student123', 'search=optics&limit=20'],
    ]) {
      const headers = { authorization: `Bearer ${await token(user, password)}` };
      rows.push(
        loadRow(
          `GET /api/v1/courses ${label}`,
          await load({ url: `${base}/api/v1/courses?${query}`, headers }),
        ),
      );
    }
    report(
      `Backend course list (${database})`,
      againstBaseline(rows, { metric: 'req/s', baselineCase: 'GET /healthz' }),
      {
        duration_s: DURATION_S,
        connections: 50,
        database,
        courses: COURSES,
        memberships,
        seed_seconds: seedSeconds,
      },
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchmark('sqlite');
const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (postgresUrl) {
  const scratch = await scratchPostgres(postgresUrl);
  try {
    await benchmark('postgres', scratch.url);
  } finally {
    await scratch.drop();
  }
}
