// Solver runs through the backend (auth, forwarding, recording the run with its blobs) against the
// same requests sent straight to the simulation service, each service in its own process as
// `npm start` runs them (fresh SQLite in a temporary folder).
//
// 1. Round trip: laplace2d 316 × 316 at tolerance 1e-8, median of 10 sequential
//    requests per answer form, each against the solver + figure time its own answer's metadata
//    reports (computation_time + render_time, the floor of that round trip: `÷ own
//    solver+figure`, the median of the runs' ratios), and against the solver + figure time of the
//    sim service's own runs, whose figure is drawn with nothing beside it (`vs solver+figure
//    alone`). The client collects its own garbage between requests, outside the timed part.
// 2. Throughput at 10 concurrent clients, through the backend against the sim service directly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { solverExamples } from '@faraday/physics/schemas';
import autocannon from 'autocannon';
import { againstBaseline, report } from '../../../bench/report.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;
const RUNS = 10;
const services = fileURLToPath(new URL('../..', import.meta.url));

const laplace316 = { nx: 316, ny: 316, v_top: 10, v_bottom: 0, v_left: 0, v_right: 0, tolerance: 1e-8 };
const throughputCases = {
  'laplace2d 100×100': {
    solver: 'laplace2d',
    body: { nx: 100, ny: 100, v_top: 10, v_bottom: 0, v_left: 0, v_right: 0 },
  },
  'point_charges grid 100': {
    solver: 'point_charges',
    body: { ...solverExamples.point_charges, grid_size: 100 },
  },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the service exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

/** One service as its own process (dist/main.js), stopped with SIGTERM as a supervisor would. */
async function startService(name, env) {
  const child = spawn(process.execPath, [join(services, name, 'dist', 'main.js')], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** One POST (keep-alive, as a browser would): the headers and body bytes as they came over the wire. */
function post(url, headers) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', ...headers },
    });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(laplace316));
  });
}

const decoders = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/**
 * One request timed from the call to the last byte received, then the client's own work
 * (decompressing when the answer was compressed, JSON.parse) separately; the answer's metadata
 * gives the solver and figure times of that very run.
 */
async function timedRun(url, headers) {
  const started = performance.now();
  const response = await post(url, headers);
  const received = performance.now();
  const encoding = response.headers['content-encoding'];
  const text = (encoding ? decoders[encoding](response.bytes) : response.bytes).toString();
  const answer = JSON.parse(text);
  const parsed = performance.now();
  if (!answer.success) throw new Error(`${url}: ${JSON.stringify(answer.error)}`);
  const { computation_time, render_time } = answer.data.metadata;
  return {
    total: received - started,
    parse: parsed - received,
    floor: (computation_time + render_time) * 1000,
    wireBytes: response.bytes.length,
  };
}

/**
 * Every case RUNS times, taking turns (case 1, case 2, …, then again), so a change in the
 * machine's load touches all cases alike; a first round warms the solver's threads and the
 * connections. Each run is also divided by its own solver + figure time (from its metadata).
 */
async function roundTrips(cases) {
  const runs = cases.map(() => []);
  for (let round = 0; round <= RUNS; round++) {
    for (const [i, { url, headers }] of cases.entries()) {
      // This client's garbage (the last answer parsed: 300,000 numbers) is collected before the
      // clock starts, not while the next answer arrives (npm run bench passes --expose-gc).
      globalThis.gc?.();
      const run = await timedRun(url, headers);
      if (round > 0) runs[i].push(run);
    }
  }
  return cases.map(({ label }, i) => {
    const mine = runs[i];
    return {
      case: label,
      'median ms': +median(mine.map((r) => r.total)).toFixed(1),
      'min ms': +Math.min(...mine.map((r) => r.total)).toFixed(1),
      'solver+figure ms': +median(mine.map((r) => r.floor)).toFixed(1),
      '÷ own solver+figure': `${median(mine.map((r) => r.total / r.floor)).toFixed(2)}×`,
      'client decode ms': +median(mine.map((r) => r.parse)).toFixed(1),
      'MB on the wire': +(median(mine.map((r) => r.wireBytes)) / 1e6).toFixed(2),
      floors: mine.map((r) => r.floor),
    };
  });
}

const throughput = (url, body, headers = {}) =>
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
const throughputRow = (label, r) => ({
  case: label,
  'req/s': Number(r.requests.average.toFixed(1)),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
});

const dataDir = mkdtempSync(join(tmpdir(), 'faraday-bench-'));
const [simPort, backendPort] = [await freePort(), await freePort()];
const simUrl = `http://127.0.0.1:${simPort}`;
const base = `http://127.0.0.1:${backendPort}`;
// One bench user keeps CONNECTIONS requests in flight: the per-user queue cap (fairness between
// students) would otherwise refuse most of them and the row would count refusals as throughput.
// Both services require the shared token; the direct rows send it as the backend does.
const SERVICE_TOKEN = 'simulations-bench-service-token';
const sim = await startService('sim', {
  AI_GATEWAY_SHARED_TOKEN: SERVICE_TOKEN,
  SIM_SERVICE_PORT: String(simPort),
  SIM_MAX_QUEUED_PER_USER: String(CONNECTIONS),
});
const backend = await startService('backend', {
  BACKEND_PORT: String(backendPort),
  AI_GATEWAY_SHARED_TOKEN: SERVICE_TOKEN,
  DATA_DIR: dataDir,
  SIM_SERVICE_URL: simUrl,
  SIM_RATE_LIMIT_PER_MINUTE: '100000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
});
try {
  await waitFor(`${simUrl}/healthz`, sim.child);
  await waitFor(`${base}/healthz`, backend.child);
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const authorization = `Bearer ${(await login.json()).data.access_token}`;

  const through = (query, extra = {}) => ({
    url: `${base}/api/v1/sim/laplace2d${query}`,
    headers: { authorization, ...extra },
  });
  const measured = await roundTrips([
    {
      label: 'sim service directly, JSON envelope',
      url: `${simUrl}/v1/sim/laplace2d`,
      headers: { 'x-faraday-service-token': SERVICE_TOKEN },
    },
    { label: 'backend, full default answer (JSON)', ...through('') },
    { label: 'backend, full answer, arrays as base64 float64', ...through('?arrays=float64') },
    { label: 'backend, full answer, arrays as base64 float32', ...through('?arrays=float32') },
    { label: 'backend, figure and scalars only', ...through('?fields=figure,scalars') },
  ]);
  // Compression apart: megabytes of brotli and gzip would weigh on the runs that follow them.
  const compressed = await roundTrips([
    { label: 'backend, full default answer, gzip asked', ...through('', { 'accept-encoding': 'gzip' }) },
    { label: 'backend, full default answer, br asked', ...through('', { 'accept-encoding': 'br' }) },
    {
      label: "backend, full default answer, a browser's gzip, deflate, br",
      ...through('', { 'accept-encoding': 'gzip, deflate, br' }),
    },
  ]);
  // The sim service's own runs draw their figure with nothing beside it; through the backend the
  // figure is drawn while the arrays are sent and stored, which slows it on two cores.
  const alone = median(measured[0].floors);
  const rows = [
    {
      case: 'solver + figure alone (computation_time + render_time of the sim service runs)',
      'median ms': +alone.toFixed(1),
    },
    ...[...measured, ...compressed].map(({ floors: _floors, ...row }) => row),
  ];
  report(
    'Simulation round trip',
    againstBaseline(rows, {
      metric: 'median ms',
      baselineCase: 'solver + figure alone',
      column: 'vs solver+figure alone',
    }),
    {
      request: { solver: 'laplace2d', ...laplace316 },
      runs: `${RUNS} per case, the cases taking turns (the compressed ones in a round of their own)`,
      timing:
        'call to last byte received; the client decoding (decompression, JSON.parse) apart; identity encoding unless stated',
      processes: 'sim service and backend each in its own process, SQLite, blobs in a folder',
    },
  );

  const rowsThroughput = [];
  for (const [label, { solver, body }] of Object.entries(throughputCases)) {
    rowsThroughput.push(
      throughputRow(
        `${label}: sim service directly (baseline)`,
        await throughput(`${simUrl}/v1/sim/${solver}`, body, {
          'x-faraday-service-token': SERVICE_TOKEN,
        }),
      ),
    );
    rowsThroughput.push(
      throughputRow(
        `${label}: through the backend`,
        await throughput(`${base}/api/v1/sim/${solver}`, body, { authorization }),
      ),
    );
  }
  report(
    'Simulation through the backend',
    againstBaseline(rowsThroughput, {
      metric: 'req/s',
      baselineOf: (row) => `${row.case.split(':')[0]}: sim service directly`,
    }),
    { duration_s: DURATION_S, connections: CONNECTIONS, database: 'sqlite' },
  );
} finally {
  await backend.stop();
  await sim.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
