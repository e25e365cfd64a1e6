import { createServer, registerLiveness } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import type { SimConfig } from './config.js';

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
}

/** The simulation service (stateless): validates and runs solvers, draws figures. */
export async function buildApp(config: SimConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'sim',
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    validationCode: 'INVALID_PARAMETERS',
    ...(options.logStream ? { logStream: options.logStream } : {}),
    docs: {
      title: 'Faraday simulation service',
      description: 'Electromagnetics solvers under /v1/sim. Called by the backend; not meant for browsers.',
      version: '0.1.0',
    },
  });
  registerLiveness(app);
  return app;
}
