// Solver runs through the backend (auth, forwarding, recording the run with its blobs) against
// the same requests sent straight to the simulation service, at 10 concurrent clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@faraday/server-kit';
import autocannon from 'autocannon';
import { report } from '../../../bench/report.mjs';
import { buildApp as buildSimApp } from '../../sim/dist/app.js';
import { simEnvSchema, toSimConfig } from '../../sim/dist/config.js';
import { buildApp } from '../dist/app.js';
import { backendEnvSchema, toBackendConfig } from '../dist/config.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;

const cases = {
  'laplace2d 100×100': {
    solver: 'laplace2d',
    body: { nx: 100, ny: 100, v_top: 10, v_bottom: 0, v_left: 0, v_right: 0 },
  },
  'point_charges grid 100': {
    solver: 'point_charges',
    body: {
      charges: [
        { x: -0.5, y: 0, q: 1e-9 },
        { x: 0.5, y: 0, q: -1e-9 },
      ],
      x_min: -2,
      x_max: 2,
      y_min: -2,
      y_max: 2,
      grid_size: 100,
    },
  },
};

const run = (url, body, headers = {}) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        method: 'POST',
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );
const row = (label, r) => ({
  case: label,
  'req/s': Number(r.requests.average.toFixed(1)),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
});

const sim = await buildSimApp(toSimConfig(parseConfig(simEnvSchema, { LOG_LEVEL: 'warn' })));
const simUrl = await sim.listen({ host: '127.0.0.1', port: 0 });
const dataDir = mkdtempSync(join(tmpdir(), 'faraday-bench-'));
const backend = await buildApp(
  toBackendConfig(
    parseConfig(backendEnvSchema, {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIM_SERVICE_URL: simUrl,
      SIM_RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    }),
  ),
);
const base = await backend.listen({ host: '127.0.0.1', port: 0 });
try {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const authorization = `Bearer ${(await login.json()).data.access_token}`;
  const rows = [];
  for (const [label, { solver, body }] of Object.entries(cases)) {
    rows.push(
      row(`${label}: sim service directly (baseline)`, await run(`${simUrl}/v1/sim/${solver}`, body)),
    );
    rows.push(
      row(
        `${label}: through the backend`,
        await run(`${base}/api/v1/sim/${solver}`, body, { authorization }),
      ),
    );
  }
  report('Simulation through the backend', rows, {
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    database: 'sqlite',
  });
} finally {
  await backend.close();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
}
