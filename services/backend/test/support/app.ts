import { LogCapture, parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type BackendConfig, backendEnvSchema, toBackendConfig } from '../../src/config.js';
import type { TestDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  config: BackendConfig;
  logs: LogCapture;
}

/** Every service requires the shared token; the test backends and services share this one. */
export const TEST_SERVICE_TOKEN = 'backend-tests-service-token';

/** Config as the backend would read it from this environment, on the given test database. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): BackendConfig {
  const config = toBackendConfig(
    parseConfig(backendEnvSchema, {
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'info',
      // Tests reach other services only where they start them; port 9 (discard) refuses at once.
      AI_SERVICE_URL: 'http://127.0.0.1:9',
      SIM_SERVICE_URL: 'http://127.0.0.1:9',
      AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN,
      ...env,
    }),
  );
  return { ...config, database: database.target };
}

export async function buildTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const logs = new LogCapture();
  const config = testConfig(database, env);
  const app = await buildApp(config, { logStream: logs });
  return { app, config, logs };
}
