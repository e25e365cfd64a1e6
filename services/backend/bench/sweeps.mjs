// Parameter-sweep wall time: a 50-run point_charges sweep (grid 100) through the backend, run
// in-process (no Redis) and, with REDIS_URL set, on 1 and on 2 sim-worker processes. Every
// configuration first runs a small warm-up sweep (sim threads loaded, speed measured).
// Run after `tsc -b`: `REDIS_URL=redis://127.0.0.1:6379 node services/backend/bench/sweeps.mjs`.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@faraday/server-kit';
import { Queue } from 'bullmq';
import { report } from '../../../bench/report.mjs';
import { buildApp as buildSimApp } from '../../sim/dist/app.js';
import { simEnvSchema, toSimConfig } from '../../sim/dist/config.js';
import { buildApp } from '../dist/app.js';
import { backendEnvSchema, toBackendConfig } from '../dist/config.js';
import { SWEEP_QUEUE_NAME, sweepQueuePrefix } from '../dist/sweeps/sweep-queue.js';

const RUNS = Number(process.env.BENCH_SWEEP_RUNS ?? 50);
const WORKER = fileURLToPath(new URL('../dist/sweeps/sim-worker.js', import.meta.url));
const redisUrl = process.env.REDIS_URL;

function sweep(steps) {
  return {
    simulation_type: 'point_charges',
    base_parameters: {
      charges: [
        { x: -0.3, y: 0, q: 1e-9 },
        { x: 0.3, y: 0, q: -1e-9 },
      ],
      grid_size: 100,
    },
    sweep_parameters: { 'charges[0].q': { type: 'linear', start: 1e-9, end: 5e-9, steps } },
    output_format: 'summary',
  };
}

async function call(base, path, token, init = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await res.json();
  if (!body.success) throw new Error(`${path}: ${res.status} ${JSON.stringify(body.error)}`);
  return body.data;
}

/** POST a sweep, poll until it ends; wall time from the request to the last run. */
async function timeSweep(base, token, steps) {
  const started = performance.now();
  const task = await call(base, '/api/v1/sim/parameter_sweep', token, {
    method: 'POST',
    body: JSON.stringify(sweep(steps)),
  });
  for (;;) {
    const progress = await call(base, `/api/v1/sim/sweep/${task.task_id}`, token);
    if (progress.status !== 'processing') {
      if (progress.status !== 'completed' || progress.failed > 0) throw new Error(JSON.stringify(progress));
      return { seconds: (performance.now() - started) / 1000, estimated: task.estimated_time };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sim service refuses callers without the shared token; the backend and workers send this one. */
const SERVICE_TOKEN = 'sweeps-bench-service-token';

async function startBackend(dataDir, simUrl, env) {
  const config = toBackendConfig(
    parseConfig(backendEnvSchema, {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BCRYPT_COST: '4',
      SIM_SERVICE_URL: simUrl,
      AI_GATEWAY_SHARED_TOKEN: SERVICE_TOKEN,
      SWEEP_RATE_LIMIT_PER_HOUR: '1000',
      ...env,
    }),
  );
  const app = await buildApp(config);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const { access_token } = await call(base, '/api/v1/auth/login', undefined, {
    method: 'POST',
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  return { app, base, token: access_token };
}

function startWorker(dataDir, simUrl, appEnv, name) {
  const child = fork(WORKER, [], {
    env: {
      APP_ENV: appEnv,
      DATA_DIR: dataDir,
      SIM_SERVICE_URL: simUrl,
      AI_GATEWAY_SHARED_TOKEN: SERVICE_TOKEN,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      SWEEP_WORKER_NAME: name,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ child, exited }));
    child.once('exit', (code) => reject(new Error(`worker ${name} exited with ${code}`)));
  });
}

function row(mode, workers, result) {
  return {
    mode,
    'runs at once': workers,
    runs: RUNS,
    'wall s': Number(result.seconds.toFixed(2)),
    'runs/s': Number((RUNS / result.seconds).toFixed(1)),
    'estimated_time s': result.estimated,
  };
}

const sim = await buildSimApp(
  toSimConfig(parseConfig(simEnvSchema, { LOG_LEVEL: 'warn', AI_GATEWAY_SHARED_TOKEN: SERVICE_TOKEN })),
);
const simUrl = await sim.listen({ host: '127.0.0.1', port: 0 });
const dirs = [];
const rows = [];
try {
  const inProcessDir = mkdtempSync(join(tmpdir(), 'faraday-bench-sweeps-'));
  dirs.push(inProcessDir);
  const local = await startBackend(inProcessDir, simUrl, {});
  try {
    await timeSweep(local.base, local.token, 4);
    rows.push(row('in-process (no Redis)', 2, await timeSweep(local.base, local.token, RUNS)));
  } finally {
    await local.app.close();
  }

  if (redisUrl) {
    const appEnv = `bench-${randomBytes(4).toString('hex')}`;
    const queueDir = mkdtempSync(join(tmpdir(), 'faraday-bench-sweeps-'));
    dirs.push(queueDir);
    const backend = await startBackend(queueDir, simUrl, { REDIS_URL: redisUrl, APP_ENV: appEnv });
    const workers = [];
    try {
      for (const count of [1, 2]) {
        while (workers.length < count)
          workers.push(await startWorker(queueDir, simUrl, appEnv, `bench-${workers.length + 1}`));
        await timeSweep(backend.base, backend.token, 4);
        rows.push(
          row(
            'Redis queue',
            `${count} sim-worker${count > 1 ? 's' : ''}`,
            await timeSweep(backend.base, backend.token, RUNS),
          ),
        );
      }
    } finally {
      for (const worker of workers) worker.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
      await backend.app.close();
      const queue = new Queue(SWEEP_QUEUE_NAME, {
        connection: { url: redisUrl },
        prefix: sweepQueuePrefix(appEnv),
      });
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }
  report('Parameter sweeps', rows, {
    solver: 'point_charges, grid 100, two charges',
    cores: availableParallelism(),
    sim_threads: Math.min(availableParallelism(), 5),
    in_process_runs_at_once: 2,
    redis: redisUrl ? 'yes' : 'not set: queue rows skipped',
    database: 'sqlite',
  });
} finally {
  await sim.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
