import { loadConfigOrExit, runUntilSignalled } from '@faraday/server-kit';
import { buildApp } from './app.js';
import { aiEnvSchema, toAiConfig } from './config.js';

const config = toAiConfig(loadConfigOrExit('ai', aiEnvSchema));
const app = await buildApp(config);
await runUntilSignalled(app, { host: config.host, port: config.port });
