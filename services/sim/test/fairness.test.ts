/**
 * Fair shares of the pool: one user runs at most SIM_MAX_RUNNING_PER_USER computations
 * at once, and sweep runs never take the last thread, so another user's interactive request
 * starts at once even while a long sweep is going. The "sweep" is a stream of solenoid requests
 * that never end (test/fixtures/misbehaving-worker.mjs) sent with the headers the backend adds.
 */
import { SIM_CALLER_HEADERS } from '@faraday/contracts';
import { solverExamples } from '@faraday/physics/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MISBEHAVING_WORKER,
  poolStatus,
  postSim,
  type SimServer,
  useSimServer,
  waitForPool,
} from './support.js';

/** Computations that run until their caller leaves; leaveAll() disconnects them. */
function endlessCalls(server: SimServer) {
  const callers: AbortController[] = [];
  const answers: Promise<unknown>[] = [];
  return {
    start(user: string, work: 'sweep' | 'interactive') {
      const caller = new AbortController();
      callers.push(caller);
      answers.push(
        postSim(
          server,
          'solenoid',
          {},
          {
            signal: caller.signal,
            headers: { [SIM_CALLER_HEADERS.user]: user, [SIM_CALLER_HEADERS.work]: work },
          },
        ).catch(() => 'left'),
      );
      return caller;
    },
    async leaveAll() {
      for (const caller of callers.splice(0)) caller.abort();
      await Promise.all(answers.splice(0));
      await waitForPool(server, (s) => s.running === 0 && s.queued === 0);
    },
  };
}

/** Another user's fresnel run (real, short). */
function interactive(server: SimServer, user: string) {
  return postSim(server, 'fresnel', solverExamples.fresnel, {
    headers: { [SIM_CALLER_HEADERS.user]: user, [SIM_CALLER_HEADERS.work]: 'interactive' },
  });
}

/**
 * Starts a computation and waits until it holds a thread: the pool reports `running` one higher.
 * Fair shares promise that it starts within a second; here every other computation never ends, so
 * getting a thread at all means it went ahead of every one still waiting, which the tests then
 * check (no clock: the machine's speed cannot decide it).
 */
async function startsAtOnce(server: SimServer, start: () => void): Promise<void> {
  const before = (await poolStatus(server)).running;
  start();
  await waitForPool(server, (s) => s.running === before + 1);
}

describe('one running computation per user by default', () => {
  const server = useSimServer({ SIM_WORKERS: '2', SIM_TIMEOUT_SEC: '120' }, MISBEHAVING_WORKER);
  const calls = endlessCalls(server);
  afterEach(() => calls.leaveAll());

  it('keeps a user’s second computation waiting while another user’s runs at once', async () => {
    expect((await poolStatus(server)) as object).toMatchObject({ max_running_per_user: 1 });
    calls.start('user-a', 'interactive');
    calls.start('user-a', 'interactive');
    await waitForPool(server, (s) => s.running === 1 && s.queued === 1);
    // Thread two is free for someone else, although user A asked first.
    const other = await interactive(server, 'user-b');
    expect(other.status).toBe(200);
    expect(await poolStatus(server)).toMatchObject({ running: 1, queued: 1 });
    await startsAtOnce(server, () => calls.start('user-b', 'interactive'));
    expect(await poolStatus(server)).toMatchObject({ running: 2, queued: 1 });
  });

  it('lets a 200-run sweep use one thread and starts another user’s request at once', async () => {
    // The backend sends a sweep's runs a few at a time; here 12 are waiting at once.
    for (let i = 0; i < 12; i++) calls.start('sweeper', 'sweep');
    await waitForPool(server, (s) => s.running === 1 && s.queued === 11);
    expect((await interactive(server, 'user-c')).status).toBe(200);
    await startsAtOnce(server, () => calls.start('user-b', 'interactive'));
    expect(await poolStatus(server)).toMatchObject({ running: 2, running_background: 1, queued: 11 });
  });

  it('still runs unidentified callers (no headers) side by side', async () => {
    const caller = new AbortController();
    const left = postSim(server, 'solenoid', {}, { signal: caller.signal }).catch(() => 'left');
    await waitForPool(server, (s) => s.running === 1);
    expect((await postSim(server, 'fresnel', solverExamples.fresnel)).status).toBe(200);
    caller.abort();
    await left;
  });
});

describe('sweeps leave a thread for interactive requests', () => {
  const server = useSimServer(
    { SIM_WORKERS: '2', SIM_MAX_RUNNING_PER_USER: '5', SIM_TIMEOUT_SEC: '120' },
    MISBEHAVING_WORKER,
  );
  const calls = endlessCalls(server);
  afterEach(() => calls.leaveAll());

  it('runs sweeps of several users on one of two threads, an interactive request on the other', async () => {
    calls.start('sweeper-1', 'sweep');
    calls.start('sweeper-1', 'sweep');
    calls.start('sweeper-2', 'sweep');
    await waitForPool(server, (s) => s.running === 1 && s.queued === 2);
    expect((await poolStatus(server)).running_background).toBe(1);
    const run = await interactive(server, 'user-b');
    expect(run.status).toBe(200);
    // With five allowed per user, a user's own interactive computations take the free thread too.
    calls.start('user-b', 'interactive');
    await waitForPool(server, (s) => s.running === 2 && s.queued === 2);
  });

  it('hands a freed thread to the interactive request before the sweep runs that waited longer', async () => {
    const first = calls.start('user-b', 'interactive');
    calls.start('sweeper-1', 'sweep');
    await waitForPool(server, (s) => s.running === 2);
    calls.start('sweeper-2', 'sweep');
    calls.start('user-c', 'interactive');
    await waitForPool(server, (s) => s.queued === 2);
    // User B leaves: the thread goes to user C's request, not to the older sweep run.
    first.abort();
    await waitForPool(server, (s) => s.running === 2 && s.queued === 1);
    expect((await poolStatus(server)).running_background).toBe(1);
  });
});

describe('a queue shared between users', () => {
  const server = useSimServer(
    { SIM_WORKERS: '2', SIM_QUEUE_SIZE: '6', SIM_MAX_QUEUED_PER_USER: '3', SIM_TIMEOUT_SEC: '120' },
    MISBEHAVING_WORKER,
  );
  const calls = endlessCalls(server);
  afterEach(() => calls.leaveAll());

  /** `count` endless interactive computations of one user; their callers, to leave with. */
  function flood(user: string, count: number) {
    return Array.from({ length: count }, () => calls.start(user, 'interactive'));
  }

  it('caps each user’s waiting requests and serves an (N+1)th user before the flooders’ next', async () => {
    const [aRunning] = flood('student-a', 1);
    await waitForPool(server, (s) => s.running === 1);
    flood('student-b', 1);
    await waitForPool(server, (s) => s.running === 2);
    flood('student-a', 3);
    flood('student-b', 3);
    await waitForPool(server, (s) => s.queued === 6);
    // Past the per-user cap: refused at once, the queue unchanged.
    const capped = await postSim(
      server,
      'solenoid',
      {},
      {
        headers: { [SIM_CALLER_HEADERS.user]: 'student-a', [SIM_CALLER_HEADERS.work]: 'interactive' },
      },
    );
    expect(capped.status).toBe(503);
    expect(capped.body.error.code).toBe('SIMULATION_BUSY');
    expect(capped.body.error.details).toContain('3 computations waiting');

    // The queue is full, yet a third student gets a place (one of a flooder's is given up) and
    // the next freed thread, ahead of the flooders' older requests.
    const third = interactive(server, 'student-c');
    await waitForPool(server, (s) => s.queued === 6);
    aRunning!.abort();
    const answer = await third;
    expect(answer.status).toBe(200);
  });
});

describe('SIM_MAX_RUNNING_PER_USER', () => {
  it('is validated at start', async () => {
    const { simEnvSchema } = await import('../src/config.js');
    const { simTestEnv } = await import('./support.js');
    const parse = (env: Record<string, string>) => simEnvSchema.safeParse({ ...simTestEnv, ...env });
    expect(parse({ SIM_MAX_RUNNING_PER_USER: '0' }).success).toBe(false);
    expect(parse({ SIM_MAX_RUNNING_PER_USER: 'two' }).success).toBe(false);
    expect(parse({ SIM_MAX_RUNNING_PER_USER: '3' }).data?.SIM_MAX_RUNNING_PER_USER).toBe(3);
    expect(parse({}).data?.SIM_MAX_RUNNING_PER_USER).toBe(1);
  });
});
