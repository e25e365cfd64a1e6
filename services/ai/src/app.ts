import { createServer, registerLiveness } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import type { AiConfig } from './config.js';

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
}

/** The AI service: chat modes, tutoring and retrieval behind the backend's gateway. */
export async function buildApp(config: AiConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'ai',
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    docs: {
      title: 'Faraday AI service',
      description:
        'Chat modes, guided learning, writing analysis and retrieval under /v1. Called by the backend.',
      version: '0.1.0',
    },
  });
  registerLiveness(app);
  return app;
}
