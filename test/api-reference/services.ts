import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogCapture, parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp as buildAi } from '../../services/ai/src/app.js';
import { aiEnvSchema, toAiConfig } from '../../services/ai/src/config.js';
import { buildApp as buildBackend } from '../../services/backend/src/app.js';
import { backendEnvSchema, toBackendConfig } from '../../services/backend/src/config.js';
import { buildApp as buildSim } from '../../services/sim/src/app.js';
import { simEnvSchema, toSimConfig } from '../../services/sim/src/config.js';

export type ServiceName = 'backend' | 'ai' | 'sim';
export const serviceNames: ServiceName[] = ['backend', 'ai', 'sim'];

export interface RunningServices {
  apps: Record<ServiceName, FastifyInstance>;
  close(): Promise<void>;
}

/** The three services as they start by default (backend on a fresh SQLite file), not listening. */
export async function buildServices(backendEnv: Record<string, string> = {}): Promise<RunningServices> {
  const dataDir = mkdtempSync(join(tmpdir(), 'faraday-api-ref-'));
  const logs = { logStream: new LogCapture() };
  const backend = await buildBackend(
    toBackendConfig(
      parseConfig(backendEnvSchema, {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AI_GATEWAY_SHARED_TOKEN: 'api-reference-token',
        ...backendEnv,
      }),
    ),
    logs,
  );
  const ai = await buildAi(
    toAiConfig(
      parseConfig(aiEnvSchema, { LOG_LEVEL: 'warn', AI_GATEWAY_SHARED_TOKEN: 'api-reference-token' }),
    ),
    logs,
  );
  const sim = await buildSim(
    toSimConfig(
      parseConfig(simEnvSchema, {
        SIM_WORKERS: '1',
        LOG_LEVEL: 'warn',
        AI_GATEWAY_SHARED_TOKEN: 'api-reference-token',
      }),
    ),
    logs,
  );
  return {
    apps: { backend, ai, sim },
    async close() {
      await Promise.all([backend.close(), ai.close(), sim.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The document a service serves at /openapi.json. */
export async function openApiOf(app: FastifyInstance): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`/openapi.json answered ${response.statusCode}`);
  return response.json();
}
