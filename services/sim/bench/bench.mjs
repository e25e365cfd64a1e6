// Sim service benchmark: requests per second and p50/p99 latency of a typical laplace2d (100 × 100)
// and point_charges (grid 100) straight against the service (HTTP, 10 concurrent clients), beside
// the same solve + figure + serialisation in this process, one at a time, for comparison.
//
// Run after building: `npm run bench` in services/sim (or `npm run bench` at the root).
// BENCH_DURATION_S (default 10) sets each HTTP run's length; BENCH_CONNECTIONS (default 10) the
// clients; SIM_WORKERS is passed to the service (default min(cores, 5)).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { solvers, toWire } from '@faraday/physics';
import { solverExamples } from '@faraday/physics/schemas';
import { renderSolverFigure } from '@faraday/plot';
import autocannon from 'autocannon';
import { report } from '../../../bench/report.mjs';

const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

// The documented example requests, on 100 × 100 grids.
const requests = {
  laplace2d: { ...solverExamples.laplace2d, nx: 100, ny: 100 },
  point_charges: { ...solverExamples.point_charges, grid_size: 100 },
};

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

// The service refuses callers without the shared token, as in production; the bench sends it as the
// backend does. One bench caller keeps `connections` runs in flight, so its queue cap is raised to
// that (the default cap, fairness between students, would count refusals as throughput).
const SERVICE_TOKEN = 'sim-bench-service-token';
const tokenHeader = { 'x-faraday-service-token': SERVICE_TOKEN };

/** The service as in production: its own process, compiled code. */
async function startService() {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('../dist/main.js', import.meta.url))], {
    env: {
      ...process.env,
      SIM_SERVICE_PORT: String(port),
      LOG_LEVEL: 'warn',
      AI_GATEWAY_SHARED_TOKEN: SERVICE_TOKEN,
      SIM_MAX_QUEUED_PER_USER: String(connections),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the sim service did not start');
}

async function post(url, solver, body) {
  const res = await fetch(`${url}/v1/sim/${solver}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...tokenHeader },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${solver}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text.length;
}

async function overHttp(url, solver, body) {
  // Warm every worker thread (first figure loads fonts) before measuring.
  await Promise.all(Array.from({ length: 5 }, () => post(url, solver, body)));
  const bytes = await post(url, solver, body);
  const result = await autocannon({
    url: `${url}/v1/sim/${solver}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...tokenHeader },
    body: JSON.stringify(body),
    connections,
    duration,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    case: `${solver} over HTTP (${connections} clients)`,
    'req/s': Number(result.requests.average.toFixed(1)),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    failures,
    'response kB': Math.round(bytes / 1024),
  };
}

/** Solve, draw the PNG and serialise, as the worker does, sequentially in this thread. */
async function inProcess(solver, body) {
  const entry = solvers[solver];
  const once = async () => {
    const t0 = performance.now();
    const params = entry.parse(body);
    const output = entry.solve(body);
    const t1 = performance.now();
    const png = await renderSolverFigure(solver, params, output, {}, 'png');
    const t2 = performance.now();
    JSON.stringify({ success: true, data: { ...toWire(output), png_base64: png.toString('base64') } });
    const t3 = performance.now();
    return [t1 - t0, t2 - t1, t3 - t2, t3 - t0];
  };
  for (let i = 0; i < 3; i++) await once();
  const runs = [];
  const until = performance.now() + Math.min(duration, 5) * 1000;
  while (performance.now() < until || runs.length < 10) runs.push(await once());
  const median = (k) => {
    const sorted = runs.map((r) => r[k]).sort((a, b) => a - b);
    return Number(sorted[Math.floor(sorted.length / 2)].toFixed(1));
  };
  return {
    case: `${solver} in process (1 at a time)`,
    'req/s': Number((1000 / median(3)).toFixed(1)),
    'p50 ms': median(3),
    'solve ms': median(0),
    'figure ms': median(1),
    'serialise ms': median(2),
    requests: runs.length,
  };
}

const rows = [];
const { url, child } = await startService();
try {
  const status = await (await fetch(`${url}/v1/sim/status`, { headers: tokenHeader })).json();
  for (const [solver, body] of Object.entries(requests)) {
    rows.push(await overHttp(url, solver, body));
    rows.push(await inProcess(solver, body));
  }
  report('Sim service', rows, {
    cpus: os.availableParallelism(),
    workers: status.data.workers,
    duration_s: duration,
    connections,
    note: 'HTTP rows: client and service on the same machine; in-process rows: one thread, no HTTP',
  });
} finally {
  child.kill('SIGTERM');
}
