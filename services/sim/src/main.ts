import { loadConfigOrExit, runUntilSignalled } from '@faraday/server-kit';
import { buildApp } from './app.js';
import { simEnvSchema, toSimConfig } from './config.js';

const config = toSimConfig(loadConfigOrExit('sim', simEnvSchema));
const app = await buildApp(config);
await runUntilSignalled(app, { host: config.host, port: config.port });
