// Backend benchmarks on loopback: authenticated GET /api/v1/auth/me against GET /healthz (the
// same server with no auth and no database) as the baseline, and password-login throughput,
// which bcrypt's cost bounds by design. Run with `npm run bench` (after `tsc -b`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@faraday/server-kit';
import autocannon from 'autocannon';
import { report } from '../../../bench/report.mjs';
import { buildApp } from '../dist/app.js';
import { backendEnvSchema, toBackendConfig } from '../dist/config.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function row(label, connections, result) {
  return {
    case: label,
    connections,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
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
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const token = (await login.json()).data.access_token;
  const rows = [];
  rows.push(row('GET /healthz (baseline)', 50, await run({ url: `${base}/healthz`, connections: 50 })));
  rows.push(
    row(
      'GET /api/v1/auth/me',
      50,
      await run({
        url: `${base}/api/v1/auth/me`,
        connections: 50,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  rows.push(
    row(
      `POST /api/v1/auth/login (bcrypt cost ${config.bcryptCost})`,
      8,
      await run({
        url: `${base}/api/v1/auth/login`,
        connections: 8,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'student', password: 'student123' }),
      }),
    ),
  );
  report('Backend identity', rows, { duration_s: DURATION_S, database: 'sqlite' });
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
