// Course list under load: 10,000 courses and 100,000 memberships, list with search at 50
// concurrent connections, for an admin (all courses), a teacher of 50 and a student (membership
// filter), against GET /healthz on the same server as the baseline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@faraday/server-kit';
import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import { report } from '../../../bench/report.mjs';
import { buildApp } from '../dist/app.js';
import { backendEnvSchema, toBackendConfig } from '../dist/config.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const COURSES = 10_000;
const STUDENTS = 2_000;
const MEMBERSHIPS = 100_000;

const run = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_S, connections: 50, ...options }, (e, r) => (e ? reject(e) : resolve(r))),
  );
const row = (label, r) => ({
  case: label,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
});

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
  const members = [];
  for (let i = 0; i < MEMBERSHIPS; i++) {
    // Every course gets 10 students; the demo student belongs to every 50th course.
    const course = courses[i % COURSES];
    const student = i % 50 === 0 && i < COURSES ? { id: studentId } : students[(i * 7919) % STUDENTS];
    members.push({ course_id: course.id, user_id: student.id, role: 'student', joined_at: now });
  }
  const unique = [...new Map(members.map((m) => [`${m.course_id}/${m.user_id}`, m])).values()];
  await db.transaction().execute(async (trx) => {
    for (const [table, rows] of [
      ['users', [...teachers, ...students]],
      ['courses', courses],
      ['course_members', unique],
    ]) {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 500))
          .execute();
    }
  });
  return unique.length;
}

const dataDir = mkdtempSync(join(tmpdir(), 'faraday-bench-'));
const config = toBackendConfig(
  parseConfig(backendEnvSchema, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  }),
);
const app = await buildApp(config);
const base = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const token = async (username, password) => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return (await res.json()).data.access_token;
  };
  const ids = Object.fromEntries(
    (await app.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
  );
  const started = Date.now();
  const memberships = await seed(app.db, ids.teacher, ids.student);
  const seedSeconds = (Date.now() - started) / 1000;
  const rows = [row('GET /healthz (baseline)', await run({ url: `${base}/healthz` }))];
  for (const [label, user, password, query] of [
    ['admin, search "optics"', 'admin', 'admin123', 'search=optics&limit=20'],
    ['admin, page 200, no search', 'admin', 'admin123', 'page=200&limit=20'],
    ['teacher (teaches 50), no search', 'teacher', 'teacher123', 'limit=20'],
    ['student (member of 200), search "optics"', 'student', 'student123', 'search=optics&limit=20'],
  ]) {
    const headers = { authorization: `Bearer ${await token(user, password)}` };
    rows.push(
      row(`GET /api/v1/courses ${label}`, await run({ url: `${base}/api/v1/courses?${query}`, headers })),
    );
  }
  report('Backend course list', rows, {
    duration_s: DURATION_S,
    connections: 50,
    database: 'sqlite',
    courses: COURSES,
    memberships,
    seed_seconds: seedSeconds,
  });
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
