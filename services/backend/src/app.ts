import { createServer } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import type { BackendConfig } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { healthRoutes } from './health/health.routes.js';
import { resolveJwtSecret } from './secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: BackendConfig & { jwtSecret: string };
    db: Db;
  }
}

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
}

export const BACKEND_VERSION = '0.1.0';

/** The backend as a Fastify app: database opened and migrated, every route registered. */
export async function buildApp(config: BackendConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'backend',
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    docs: {
      title: 'Faraday backend API',
      description: 'Accounts, courses, the simulation lab and the AI tutor gateway. All paths under /api/v1.',
      version: BACKEND_VERSION,
    },
  });
  const { db } = openDatabase(config.database, config.databasePoolSize);
  app.decorate('config', { ...config, jwtSecret: resolveJwtSecret(config) });
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await app.close();
    throw error;
  }
  await app.register(healthRoutes);
  return app;
}
