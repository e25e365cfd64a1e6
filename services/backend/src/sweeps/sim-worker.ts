/**
 * `npm run sim:worker`: a process that takes sweep runs from the Redis queue. It reads the
 * backend's own settings (DATABASE_URL or DATA_DIR, BLOB_DIR, SIM_SERVICE_URL, REDIS_URL,
 * APP_ENV) so it writes where the backend reads; start as many as you like, on any machine
 * that reaches the database, the blob folder, the sim service and Redis. The backend creates
 * the schema; start it first.
 */
import { ConfigError, createLogger, parseConfig, redisClientOptions, withTimeout } from '@faraday/server-kit';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { backendEnvSchema, toBackendConfig } from '../config.js';
import { isDatabaseReachable, openDatabase } from '../db/database.js';
import type { SimulationContext } from '../simulations/simulation-context.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { sweepQueuePrefix } from './sweep-queue.js';
import { workerName } from './sweep-runner.js';
import { startSweepWorker } from './sweep-worker.js';
import { startWorkerHealth } from './worker-health.js';

const workerEnvSchema = z.object({
  SWEEP_WORKER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .default(1)
    .describe('Runs at once in this worker'),
  SWEEP_WORKER_NAME: z.string().min(1).max(100).optional().describe('Name in the runs’ worker column'),
  SWEEP_LOCK_DURATION_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(600_000)
    .default(15_000)
    .describe('Job lock (renewed at half of it); a killed worker’s run is retried after it'),
  // Lock + interval bound how soon a killed worker's run is taken by another: 25 s by default.
  SWEEP_STALLED_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(10_000),
  // Unset: no probe port, so several workers on one machine never collide by default.
  SWEEP_WORKER_HEALTH_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .optional()
    .describe('Port of GET /healthz and /readyz (0: any free port)'),
  SWEEP_WORKER_HEALTH_HOST: z.string().min(1).default('0.0.0.0'),
});

function readConfig() {
  try {
    return { backend: toBackendConfig(parseConfig(backendEnvSchema)), worker: parseConfig(workerEnvSchema) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`[sim-worker] cannot start. ${error.message}\n`);
    process.exit(1);
  }
}

const { backend, worker: settings } = readConfig();
if (!backend.redisUrl) {
  process.stderr.write(
    '[sim-worker] cannot start. REDIS_URL is required: the worker takes runs from the queue\n',
  );
  process.exit(1);
}
const name = settings.SWEEP_WORKER_NAME ?? workerName('sim-worker');
const log = createLogger({
  service: 'sim-worker',
  logLevel: backend.logLevel,
  logFormat: backend.logFormat,
}).child({ worker: name });
const { db } = openDatabase(backend.database, Math.max(2, settings.SWEEP_WORKER_CONCURRENCY + 1), (error) =>
  log.warn({ err: error }, 'idle database connection failed'),
);
const blobs = createBlobStore(backend.uploads);
const ctx: SimulationContext = {
  db,
  blobs,
  simServiceUrl: backend.simServiceUrl,
  serviceToken: backend.ai.gatewayToken,
  settings: backend.simulation,
};
const worker = startSweepWorker(
  ctx,
  {
    redisUrl: backend.redisUrl,
    prefix: sweepQueuePrefix(backend.appEnv),
    name,
    concurrency: settings.SWEEP_WORKER_CONCURRENCY,
    lockDurationMs: settings.SWEEP_LOCK_DURATION_MS,
    stalledIntervalMs: settings.SWEEP_STALLED_INTERVAL_MS,
  },
  log,
);
// Its own short-timeout client: the queue's connection blocks on waiting for jobs.
const probeRedis =
  settings.SWEEP_WORKER_HEALTH_PORT === undefined
    ? undefined
    : new Redis(backend.redisUrl, { ...redisClientOptions, lazyConnect: true });
probeRedis?.on('error', () => {});
const health =
  probeRedis === undefined || settings.SWEEP_WORKER_HEALTH_PORT === undefined
    ? undefined
    : startWorkerHealth(settings.SWEEP_WORKER_HEALTH_PORT, settings.SWEEP_WORKER_HEALTH_HOST, {
        database: () => isDatabaseReachable(db),
        blobStore: () => blobs.check(),
        queue: async () => worker.isRunning() && (await probeRedis.ping()) === 'PONG',
      }).catch((error: unknown) => {
        log.error({ err: error }, 'cannot open the health port');
        process.exit(1);
      });
worker.on('ready', () => {
  void (async () => {
    const healthPort = (await health)?.port;
    log.info({ concurrency: settings.SWEEP_WORKER_CONCURRENCY, healthPort }, 'sim worker ready');
    // A parent that forked this worker (tests, benchmarks) learns when it may queue work.
    process.send?.({ type: 'ready', name, healthPort });
  })();
});

const CLOSE_BOUND_MS = 10_000;
let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'finishing the runs in hand, then stopping');
  try {
    // A close right after a Redis outage can wait forever on the queue's blocking connection;
    // past the bound, the runs in hand are retried by another worker once their locks lapse.
    await withTimeout(
      worker.close(),
      CLOSE_BOUND_MS,
      () => new Error('the queue did not close in time'),
    ).catch((error: unknown) => log.warn({ err: error }, 'stopping without a clean queue close'));
    (await health)?.server.close();
    probeRedis?.disconnect();
    await db.destroy();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'error while stopping');
    process.exit(1);
  }
}
process.once('SIGTERM', (signal) => void shutdown(signal));
process.once('SIGINT', (signal) => void shutdown(signal));
