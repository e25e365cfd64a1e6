import { loadConfigOrExit, runUntilSignalled } from '@faraday/server-kit';
import { buildApp } from './app.js';
import { backendEnvSchema, toBackendConfig } from './config.js';

const config = toBackendConfig(loadConfigOrExit('backend', backendEnvSchema));
try {
  const app = await buildApp(config);
  await runUntilSignalled(app, { host: config.host, port: config.port });
} catch (error) {
  process.stderr.write(`[backend] cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
