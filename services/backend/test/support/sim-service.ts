import { fileURLToPath } from 'node:url';
import { SIM_CALLER_HEADERS } from '@faraday/contracts';
import { parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp as buildSimApp } from '../../../sim/src/app.js';
import { simEnvSchema, toSimConfig } from '../../../sim/src/config.js';
import { TEST_SERVICE_TOKEN } from './app.js';

/**
 * The sim service's test worker: its solenoid never returns (only terminating the thread stops
 * it), the other solvers are real (see services/sim/test/fixtures).
 */
export const ENDLESS_SOLENOID_WORKER = fileURLToPath(
  new URL('../../../sim/test/fixtures/misbehaving-worker.mjs', import.meta.url),
);

/**
 * The sim service's test worker that holds every task before it starts while the file named by
 * FARADAY_TEST_HOLD_FILE exists (set it before starting the service: threads copy the environment).
 */
export const HELD_WORKER = fileURLToPath(
  new URL('../../../sim/test/fixtures/held-worker.mjs', import.meta.url),
);

/** The real simulation service on a loopback port, for backend tests that run solvers. */
export async function startSimService(
  env: Record<string, string> = {},
  workerModule?: string,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildSimApp(
    toSimConfig(
      parseConfig(simEnvSchema, {
        LOG_LEVEL: 'silent',
        SIM_WORKERS: '2',
        AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
        ...env,
      }),
    ),
    workerModule ? { workerModule } : {},
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/** The sim service's pool load, as its status route reports it (`running_background`: sweep runs). */
export async function simPoolStatus(
  url: string,
): Promise<{ running: number; running_background: number; queued: number }> {
  const res = await fetch(`${url}/v1/sim/status`, {
    headers: { [SIM_CALLER_HEADERS.token]: TEST_SERVICE_TOKEN },
  });
  return ((await res.json()) as { data: { running: number; running_background: number; queued: number } })
    .data;
}
