/**
 * The pool's limits through HTTP, with a worker whose solenoid never returns, whose ampere_loop
 * throws, whose gauss_flux kills its thread and whose wire_field fills its heap
 * (test/fixtures/misbehaving-worker.mjs); the other solvers are real. One thread per service, so
 * a thread that is not really replaced would block every request after it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { solverExamples } from '@faraday/physics/schemas';
import { describe, expect, it } from 'vitest';
import {
  MISBEHAVING_WORKER,
  poolStatus,
  postSim,
  type SimServer,
  useSimServer,
  waitForPool,
} from './support.js';

const healthy = (server: SimServer) => postSim(server, 'fresnel', solverExamples.fresnel);

describe('the time limit', () => {
  // 2 s: short for the test, long enough for a fresh thread's first (cold) real computation.
  const server = useSimServer({ SIM_WORKERS: '1', SIM_TIMEOUT_SEC: '2' }, MISBEHAVING_WORKER);

  it('stops a computation at SIM_TIMEOUT_SEC with 504 TIMEOUT and replaces the thread', async () => {
    const res = await postSim(server, 'solenoid', {});
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('TIMEOUT');
    expect(res.body.error.details).toContain('2 s');
    // The single thread ran an endless loop; this answer needs a new one.
    const next = await healthy(server);
    expect(next.status).toBe(200);
    expect(next.body.data.single_angle.reflectance).toBeGreaterThan(0);
    expect((await poolStatus(server)).timed_out).toBe(1);
  });
});

describe('the queue, crashes and callers that leave', () => {
  // A limit far beyond the tests: hanging computations end only when their caller leaves, so
  // nothing here depends on how fast the machine is.
  const server = useSimServer(
    { SIM_WORKERS: '1', SIM_QUEUE_SIZE: '1', SIM_TIMEOUT_SEC: '120', SIM_WORKER_MEMORY_MB: '256' },
    MISBEHAVING_WORKER,
  );

  /** A computation that runs until its caller leaves; `leave()` disconnects. */
  function hangUntilCallerLeaves() {
    const caller = new AbortController();
    const answer = postSim(server, 'solenoid', {}, { signal: caller.signal }).catch(() => 'left' as const);
    return { answer, leave: () => caller.abort() };
  }

  it('answers 503 SIMULATION_BUSY with Retry-After when the thread and the queue are full', async () => {
    const running = hangUntilCallerLeaves();
    await waitForPool(server, (s) => s.running === 1);
    const waiting = hangUntilCallerLeaves();
    await waitForPool(server, (s) => s.queued === 1);

    const busy = await healthy(server);
    expect(busy.status).toBe(503);
    expect(busy.body.success).toBe(false);
    expect(busy.body.error.code).toBe('SIMULATION_BUSY');
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Leaving frees the queue place and the thread (terminated: it was in an endless loop).
    waiting.leave();
    await waitForPool(server, (s) => s.queued === 0);
    running.leave();
    await waitForPool(server, (s) => s.running === 0);
    expect(await running.answer).toBe('left');
    expect(await waiting.answer).toBe('left');
    expect((await healthy(server)).status).toBe(200);
    expect((await poolStatus(server)).timed_out).toBe(0);
    expect(server.logs.lines.some((l) => l.msg === 'caller left; computation stopped')).toBe(true);
  });

  it('answers 500 COMPUTATION_FAILED when the solver throws, and keeps serving', async () => {
    const res = await postSim(server, 'ampere_loop', solverExamples.ampere_loop);
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('COMPUTATION_FAILED');
    expect(JSON.stringify(res.body)).not.toContain('a bug in a solver');
    expect((await healthy(server)).status).toBe(200);
  });

  it('answers 500 COMPUTATION_FAILED when the worker thread exits, and keeps serving', async () => {
    const before = (await poolStatus(server)).crashed;
    const res = await postSim(server, 'gauss_flux', solverExamples.gauss_flux);
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('COMPUTATION_FAILED');
    expect((await poolStatus(server)).crashed).toBe(before + 1);
    expect((await healthy(server)).status).toBe(200);
    expect(server.logs.lines.some((l) => l.msg === 'solver worker crashed')).toBe(true);
    expect((await fetch(`${server.address}/healthz`)).status).toBe(200);
  });

  it('answers 422 MEMORY_LIMIT_EXCEEDED when a computation outgrows its thread heap, and keeps serving', async () => {
    const res = await postSim(server, 'wire_field', solverExamples.wire_field);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('MEMORY_LIMIT_EXCEEDED');
    expect(res.body.error.details).toContain('256 MB');
    expect((await healthy(server)).status).toBe(200);
  });
});

describe('closing', () => {
  it('closes while its threads are still loading, and the process lives on', () => {
    // In a child process: the abort this guards against takes the whole process down.
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('./fixtures/close-while-loading.mjs', import.meta.url))],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(run.stderr).not.toContain('FATAL ERROR');
    expect(run.signal).toBeNull();
    expect(run.stdout).toContain('closed 12 times');
  });
});
