import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../../../test/support/optional-parts.js';
import { TestRedisServer } from '../../../test/support/redis-server.js';
import { TEST_SERVICE_TOKEN } from './support/app.js';

/** The compiled worker, as `npm run sim:worker` starts it (`tsc -b` first). */
const WORKER = fileURLToPath(new URL('../dist/sweeps/sim-worker.js', import.meta.url));

describeWith(['redisServer'], 'the sim worker’s health port', ({ redisServer }) => {
  const redis = new TestRedisServer(redisServer);
  let dataDir: string;
  let child: ChildProcess;
  let base: string;
  let output = '';

  beforeAll(async () => {
    await redis.start();
    dataDir = await mkdtemp(join(tmpdir(), 'faraday-worker-health-'));
    child = fork(WORKER, [], {
      env: {
        APP_ENV: 'workerhealth',
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        SIM_SERVICE_URL: 'http://127.0.0.1:1',
        AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
        LOG_LEVEL: 'warn',
        SWEEP_WORKER_HEALTH_PORT: '0',
        SWEEP_WORKER_HEALTH_HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: { healthPort?: number }) => resolve(message.healthPort ?? -1));
      child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${output}`)));
    });
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await redis.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function probe(path: string) {
    const response = await fetch(`${base}${path}`);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    };
  }

  it('answers liveness and readiness, and is not ready while its Redis queue is down', async () => {
    expect(await probe('/healthz')).toMatchObject({ status: 200, body: { success: true, status: 'ok' } });
    expect(await probe('/readyz')).toMatchObject({
      status: 200,
      body: { success: true, data: { status: 'ok', database: 'ok', blob_store: 'ok', queue: 'ok' } },
    });
    expect(await probe('/metrics')).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });

    await redis.stop();
    await expect
      .poll(() => probe('/readyz'), { timeout: 15_000, interval: 200 })
      .toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { success: false, error: { code: 'SERVICE_UNAVAILABLE', details: 'not answering: queue' } },
      });
    // Liveness never depends on the parts: the supervisor must not restart a worker for Redis.
    expect(await probe('/healthz')).toMatchObject({ status: 200 });

    await redis.start();
    await expect
      .poll(() => probe('/readyz'), { timeout: 15_000, interval: 200 })
      .toMatchObject({ status: 200, body: { data: { queue: 'ok' } } });
  });
});
