import { parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp as buildSimApp } from '../../../sim/src/app.js';
import { simEnvSchema, toSimConfig } from '../../../sim/src/config.js';
import { GATEWAY_TOKEN } from './ai-app.js';

/** The real simulation service on a loopback port, for the run_simulation tool. */
export async function startSimService(): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildSimApp(
    toSimConfig(
      parseConfig(simEnvSchema, {
        LOG_LEVEL: 'silent',
        SIM_WORKERS: '1',
        AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      }),
    ),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}
