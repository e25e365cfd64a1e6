import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { solverExamples } from '@faraday/physics/schemas';
import { parseConfig } from '@faraday/server-kit';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { backendEnvSchema, toBackendConfig } from '../src/config.js';
import { createBlobStore } from '../src/storage/create-blob-store.js';
import { ORPHAN_GRACE_MS, removeOrphanBlobs } from '../src/storage/orphan-blobs.js';
import { SWEEP_QUEUE_NAME, sweepQueuePrefix } from '../src/sweeps/sweep-queue.js';
import { buildTestApp, TEST_SERVICE_TOKEN, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startS3 } from './support/s3-server.js';
import { ENDLESS_SOLENOID_WORKER, simPoolStatus, startSimService } from './support/sim-service.js';
import {
  type Auth,
  pointChargesSweep,
  postSweep,
  recordsOf,
  runsOf,
  untilEnded,
  waitFor,
} from './support/sweeps.js';
import { startTcpGate } from './support/tcp-gate.js';

/** The compiled worker, as `npm run sim:worker` starts it (`tsc -b` first). */
const WORKER = fileURLToPath(new URL('../dist/sweeps/sim-worker.js', import.meta.url));
const sqlite = testDatabaseFactories().find((f) => f.name === 'sqlite')!;

interface WorkerProcess {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** Runs the compiled worker to its exit; for configurations it must refuse. */
function runWorkerToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = fork(WORKER, [], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

// Needs no Redis: the worker checks its configuration before connecting to anything.
describe('sim-worker configuration', () => {
  it('refuses to start without REDIS_URL or with invalid settings, saying why', async () => {
    expect(existsSync(WORKER), `${WORKER} is missing; build first (npx tsc -b services/backend)`).toBe(true);
    const noRedis = await runWorkerToExit({
      DATA_DIR: '/nonexistent',
      AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
    });
    expect(noRedis.code).toBe(1);
    expect(noRedis.output).toContain('REDIS_URL is required');
    const bad = await runWorkerToExit({
      REDIS_URL: 'redis://127.0.0.1:1',
      SWEEP_WORKER_CONCURRENCY: '99',
      AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
    });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('SWEEP_WORKER_CONCURRENCY');
    // Two cold starts of the compiled worker: about 3.5 s each on a quiet machine, far more while
    // the browser lane shares its two cores.
  }, 90_000);
});

describeWith(['redis'], 'sweeps on sim-workers through Redis', ({ redis: redisUrl }) => {
  // A namespace of our own: other test runs and environments on this Redis never see our jobs.
  const appEnv = `sweeptest-${randomBytes(6).toString('hex')}`;
  let database: TestDatabase;
  let sim: { app: FastifyInstance; url: string };
  let t: TestApp;
  let student: Auth;
  const workers: WorkerProcess[] = [];

  /** `defaultLocks`: the lock settings a deployment gets, not the tests' short ones. */
  function startWorker(
    name: string,
    options: {
      defaultLocks?: boolean;
      simUrl?: string;
      logLevel?: string;
      env?: Record<string, string>;
    } = {},
  ): Promise<WorkerProcess> {
    const target = database.target;
    if (target.dialect !== 'sqlite') throw new Error('the worker shares the test SQLite file');
    const child = fork(WORKER, [], {
      env: {
        APP_ENV: appEnv,
        DATA_DIR: database.dataDir,
        DATABASE_URL: `sqlite:${target.file}`,
        SIM_SERVICE_URL: options.simUrl ?? sim.url,
        AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
        REDIS_URL: redisUrl,
        LOG_LEVEL: options.logLevel ?? 'warn',
        SWEEP_WORKER_NAME: name,
        // Short, so a killed worker's job is found stalled and retried within seconds.
        ...(options.defaultLocks
          ? {}
          : { SWEEP_LOCK_DURATION_MS: '2000', SWEEP_STALLED_INTERVAL_MS: '1000' }),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const worker: WorkerProcess = {
      name,
      child,
      output: [],
      exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    };
    child.stdout?.on('data', (chunk: Buffer) => worker.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => worker.output.push(chunk.toString()));
    workers.push(worker);
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(worker));
      child.once('exit', (code) =>
        reject(new Error(`worker ${name} exited (${code}): ${worker.output.join('')}`)),
      );
    });
  }

  beforeAll(async () => {
    if (!existsSync(WORKER))
      throw new Error(`${WORKER} is missing; build first (npx tsc -b services/backend)`);
    sim = await startSimService();
    database = await sqlite.create();
    t = await buildTestApp(database, {
      BCRYPT_COST: '4',
      APP_ENV: appEnv,
      REDIS_URL: redisUrl,
      SIM_SERVICE_URL: sim.url,
    });
    await t.app.ready();
    student = bearer(await loginAs(t.app, 'student'));
  });

  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await t?.app.close();
    await sim?.app.close();
    const prefix = sweepQueuePrefix(appEnv);
    const queue = new Queue(SWEEP_QUEUE_NAME, { connection: { url: redisUrl }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    const redis = new Redis(redisUrl);
    const left = await redis.keys(`${prefix}:*`);
    if (left.length > 0) await redis.del(...left);
    await redis.quit();
    await database?.drop();
  });

  it('removes the object a worker killed mid-upload left in the bucket, and nothing any record names', async () => {
    const s3 = await startS3();
    const gate = await startTcpGate({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    try {
      // Worker A reaches the bucket through the relay, which stops answering the moment the first
      // object is stored: A never learns it was, and is killed waiting, as a worker dies mid-run.
      let frozen = false;
      s3.onCall((call) => {
        if (!frozen && /^PUT \/[^/ ]+\/[^ ]+ 200$/.test(call)) {
          frozen = true;
          gate.freeze();
        }
      });
      const a = await startWorker('orphan-a', {
        env: { ...s3.env, S3_ENDPOINT: gate.url, S3_TIMEOUT_SEC: '120' },
      });
      const res = await postSweep(t.app, student, pointChargesSweep(3, 40));
      expect(res.statusCode, res.body).toBe(201);
      const taskId = res.json().data.task_id;
      await waitFor(
        () => s3.keys(),
        (keys) => frozen && keys.length > 0,
        'an object stored',
        60_000,
        20,
      );
      a.child.kill('SIGKILL');
      await a.exited;
      const [orphan] = await s3.keys();

      const b = await startWorker('orphan-b', { env: s3.env });
      expect(await untilEnded(t.app, student, taskId)).toMatchObject({ status: 'completed', completed: 3 });
      const named = async () =>
        (
          await t.app.db
            .selectFrom('simulations')
            .select(['png_blob_key', 'data_blob_key'])
            .where('sweep_id', '=', taskId)
            .execute()
        )
          .flatMap((r) => [r.png_blob_key, r.data_blob_key])
          .concat(
            (
              await t.app.db
                .selectFrom('sweep_tasks')
                .select('summary_blob_key')
                .where('id', '=', taskId)
                .executeTakeFirst()
            )?.summary_blob_key ?? null,
          )
          .filter((k) => k !== null);
      expect(await named()).not.toContain(orphan);
      const store = createBlobStore(
        toBackendConfig(
          parseConfig(backendEnvSchema, {
            ...s3.env,
            DATA_DIR: database.dataDir,
            AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
          }),
        ).uploads,
      );
      try {
        // Within the grace period nothing is touched: the object could be a run still storing.
        expect(await removeOrphanBlobs(t.app.db, store, new Date(Date.now() - ORPHAN_GRACE_MS))).toBe(0);
        expect(await s3.keys()).toContain(orphan);
        expect(await removeOrphanBlobs(t.app.db, store, new Date(Date.now() + 1_000))).toBeGreaterThan(0);
        const left = await s3.keys();
        expect(left).not.toContain(orphan);
        // Every object still there is named by a record, and every record's objects are still there.
        expect(new Set(left)).toEqual(new Set(await named()));
      } finally {
        store.close?.();
        // The later tests count on their own workers alone taking the runs.
        b.child.kill('SIGKILL');
        await b.exited;
      }
    } finally {
      await gate.close();
      await s3.stop();
    }
  }, 120_000);

  it('spreads the runs over two workers and retries a killed worker’s run on the other', async () => {
    const [a, b] = [await startWorker('worker-a'), await startWorker('worker-b')];
    const res = await postSweep(t.app, student, pointChargesSweep(24, 100));
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().data.task_id;

    // Both have finished runs, and A is in the middle of one: kill it there.
    await waitFor(
      () => runsOf(t.app.db, taskId),
      (runs) =>
        runs.some((r) => r.status === 'completed' && r.worker === a.name) &&
        runs.some((r) => r.status === 'completed' && r.worker === b.name) &&
        runs.some((r) => r.status === 'running' && r.worker === a.name),
      'both workers busy',
      60_000,
      10,
    );
    a.child.kill('SIGKILL');
    await a.exited;
    const orphaned = (await runsOf(t.app.db, taskId)).filter(
      (r) => r.status === 'running' && r.worker === a.name,
    );
    expect(orphaned).toHaveLength(1);

    const done = await untilEnded(t.app, student, taskId);
    expect(done).toMatchObject({ status: 'completed', completed: 24, failed: 0 });
    const runs = await runsOf(t.app.db, taskId);
    expect(runs.every((r) => r.status === 'completed')).toBe(true);
    expect(new Set(runs.map((r) => r.worker))).toEqual(new Set([a.name, b.name]));
    const retried = runs.find((r) => r.run_index === orphaned[0]!.run_index)!;
    expect(retried.worker).toBe(b.name);
    expect(retried.attempts).toBe(orphaned[0]!.attempts + 1);
    // Every run done exactly once: one record each, none left over from the killed attempt.
    const records = await recordsOf(t.app.db, taskId);
    expect(records).toHaveLength(24);
    expect(new Set(runs.map((r) => r.simulation_id))).toEqual(new Set(records));
  });

  it('stops a worker on SIGTERM only after the run in hand is done', async () => {
    const c = await startWorker('worker-c', { logLevel: 'info' });
    const res = await postSweep(t.app, student, pointChargesSweep(12, 100));
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().data.task_id;
    const running = await waitFor(
      () => runsOf(t.app.db, taskId),
      (runs) => runs.some((r) => r.status === 'running' && r.worker === c.name),
      'worker-c to take a run',
      60_000,
      10,
    );
    const inHand = running.find((r) => r.status === 'running' && r.worker === c.name)!;
    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    const after = (await runsOf(t.app.db, taskId)).find((r) => r.run_index === inHand.run_index)!;
    expect(after).toMatchObject({ status: 'completed', worker: c.name, attempts: inHand.attempts });
    // The sweep waits for a worker; the one left from the first test takes the rest.
    expect((await untilEnded(t.app, student, taskId)).status).toBe('completed');
    expect(await recordsOf(t.app.db, taskId)).toHaveLength(12);
    // Its log: pino JSON lines like the services', naming the service and the worker.
    const lines = c.output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    const common = { level: 30, service: 'sim-worker', worker: c.name, time: expect.any(Number) };
    expect(lines).toContainEqual({ ...common, concurrency: 1, msg: 'sim worker ready' });
    expect(lines).toContainEqual({
      ...common,
      signal: 'SIGTERM',
      msg: 'finishing the runs in hand, then stopping',
    });
  });
  it('has a killed worker’s run taken over within 60 s with the default lock settings', async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    const d = await startWorker('worker-d', { defaultLocks: true });
    const res = await postSweep(t.app, student, pointChargesSweep(12, 100));
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().data.task_id;
    await waitFor(
      () => runsOf(t.app.db, taskId),
      (runs) =>
        runs.some((r) => r.status === 'completed') &&
        runs.some((r) => r.status === 'running' && r.worker === d.name),
      'worker-d in the middle of a run',
      60_000,
      10,
    );
    d.child.kill('SIGKILL');
    await d.exited;
    const orphan = (await runsOf(t.app.db, taskId)).find(
      (r) => r.status === 'running' && r.worker === d.name,
    )!;
    const e = await startWorker('worker-e', { defaultLocks: true });
    // The wait gives up 60 s after worker-e started: the bound in the test's name.
    const done = await untilEnded(t.app, student, taskId, 60_000);
    expect(done).toMatchObject({ status: 'completed', completed: 12, failed: 0 });
    const runs = await runsOf(t.app.db, taskId);
    expect(runs.find((r) => r.run_index === orphan.run_index)).toMatchObject({
      worker: e.name,
      attempts: orphan.attempts + 1,
    });
    const records = await recordsOf(t.app.db, taskId);
    expect(records).toHaveLength(12);
    expect(new Set(runs.map((r) => r.simulation_id))).toEqual(new Set(records));
  }, 150_000);

  it('stops a worker’s computation in the sim service when its sweep is cancelled, told at once', async () => {
    // A sim service whose solenoid never ends: only stopping the call frees its thread.
    const endless = await startSimService({ SIM_TIMEOUT_SEC: '600' }, ENDLESS_SOLENOID_WORKER);
    try {
      const f = await startWorker('worker-f', { simUrl: endless.url, logLevel: 'info' });
      const res = await postSweep(t.app, student, {
        simulation_type: 'solenoid',
        base_parameters: solverExamples.solenoid,
        sweep_parameters: { current: { type: 'linear', start: 1, end: 2, steps: 5 } },
      });
      expect(res.statusCode, res.body).toBe(201);
      const taskId = res.json().data.task_id;
      await waitFor(
        () => simPoolStatus(endless.url),
        (s) => s.running === 1,
        'worker-f’s run to be computing',
      );
      const cancel = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/sim/sweep/${taskId}`,
        headers: student,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      // The backend announces the cancel; the worker checks its lease and aborts the call.
      await waitFor(
        () => simPoolStatus(endless.url),
        (s) => s.running === 0,
        'the computation to stop',
        20_000,
      );
      const runs = await runsOf(t.app.db, taskId);
      expect(runs.every((r) => r.status === 'cancelled' && r.simulation_id === null)).toBe(true);
      // Told by the announcement, not left to find out at its next heartbeat (up to 5 s later,
      // by when a run of ordinary length has finished for nothing).
      const announced = f.output
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'sweep cancel announced; checking the runs held');
      expect(announced).toEqual([expect.objectContaining({ task_id: taskId, runs: 1 })]);
      f.child.kill('SIGTERM');
      expect(await f.exited).toBe(0);
    } finally {
      await endless.app.close();
    }
  }, 90_000);
});
