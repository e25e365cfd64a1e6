// Backend identity benchmarks on loopback: authenticated GET /api/v1/auth/me against two floors
// measured in the same run, a bare Fastify route (the framework's own cost) and GET /healthz
// (this server's hooks, no auth, no database), plus password-login throughput, which bcrypt's
// cost bounds by design. auth/me runs twice: alone, and while another connection to the database
// file writes 20 times a second (as another process or the sweep workers would), since a token's
// state is reused only while the data is unchanged. Run with `npm run bench` (after `tsc -b`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@faraday/server-kit';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { DURATION_S, load, loadRow } from '../../../bench/load.mjs';
import { againstBaseline, report } from '../../../bench/report.mjs';
import { buildApp } from '../dist/app.js';
import { backendEnvSchema, toBackendConfig } from '../dist/config.js';

const FLOOR = 'bare Fastify route';

const bare = Fastify();
bare.get('/', async () => ({ success: true, data: { status: 'ok' } }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

const dataDir = mkdtempSync(join(tmpdir(), 'faraday-bench-'));
const config = toBackendConfig(
  parseConfig(backendEnvSchema, {
    AI_GATEWAY_SHARED_TOKEN: 'backend-bench-service-token',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  }),
);
const app = await buildApp(config);

/** Runs `work` while a second connection to the database commits `perSecond` small writes. */
async function whileWriting(perSecond, work) {
  const other = new SQLite(join(dataDir, 'faraday.db'));
  other.pragma('busy_timeout = 5000');
  const touch = other.prepare("update users set updated_at = ? where username = 'admin'");
  const timer = setInterval(() => touch.run(new Date().toISOString()), 1000 / perSecond);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    other.close();
  }
}
const base = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const token = (await login.json()).data.access_token;
  const rows = [
    loadRow(`${FLOOR} (framework floor)`, await load({ url: bareUrl }), { connections: 50 }),
    loadRow('GET /healthz', await load({ url: `${base}/healthz` }), { connections: 50 }),
    loadRow(
      'GET /api/v1/auth/me',
      await load({ url: `${base}/api/v1/auth/me`, headers: { authorization: `Bearer ${token}` } }),
      { connections: 50 },
    ),
    loadRow(
      'GET /api/v1/auth/me, 20 writes/s by another connection',
      await whileWriting(20, () =>
        load({ url: `${base}/api/v1/auth/me`, headers: { authorization: `Bearer ${token}` } }),
      ),
      { connections: 50 },
    ),
    loadRow(
      `POST /api/v1/auth/login (bcrypt cost ${config.bcryptCost})`,
      await load({
        url: `${base}/api/v1/auth/login`,
        connections: 8,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'student', password: 'student123' }),
      }),
      { connections: 8 },
    ),
  ];
  const compared = againstBaseline(againstBaseline(rows, { metric: 'req/s', baselineCase: FLOOR }), {
    metric: 'req/s',
    baselineCase: 'GET /healthz',
    column: 'vs /healthz',
  });
  report('Backend identity', compared, { duration_s: DURATION_S, database: 'sqlite' });
} finally {
  await app.close();
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}
