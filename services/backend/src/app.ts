import { AppError } from '@faraday/contracts';
import { createServer } from '@faraday/server-kit';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { aiGatewayRoutes } from './ai-gateway/ai-gateway.routes.js';
import { assignmentsRoutes } from './assignments/assignments.routes.js';
import { installAccessControl } from './auth/access.js';
import { authRoutes } from './auth/auth.routes.js';
import { scheduleIdentityCleanup } from './auth/cleanup.js';
import { corpchatRoutes } from './auth/corpchat/corpchat.routes.js';
import { type IdentityContext, LOGIN_THROTTLE } from './auth/identity-context.js';
import { PasswordHasher } from './auth/passwords.js';
import { TokenSigner } from './auth/tokens.js';
import type { BackendConfig } from './config.js';
import type { CourseContentContext } from './courses/course-content-context.js';
import { coursesRoutes } from './courses/courses.routes.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { gradesRoutes } from './grades/grades.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { CourseMaterialFeed } from './resources/course-material-feed.js';
import { resourcesRoutes } from './resources/resources.routes.js';
import { resolveJwtSecret } from './secrets.js';
import { scheduleRetention } from './simulations/retention.js';
import type { SimulationContext } from './simulations/simulation-context.js';
import { simulationsRoutes } from './simulations/simulations.routes.js';
import { FolderBlobStore } from './storage/folder-blob-store.js';
import { scheduleTemporaryUploadCleanup } from './storage/tmp-cleanup.js';
import { sweepsRoutes } from './sweeps/sweeps.routes.js';
import { isDemoUsername, seedDemoAccounts } from './users/demo-accounts.js';
import { usersRoutes } from './users/users.routes.js';
import { webAppRoutes } from './web/web-app.routes.js';

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

/** The backend as a Fastify app: database opened, migrated and seeded, every route registered. */
export async function buildApp(config: BackendConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'backend',
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    trustProxy: config.trustProxy,
    requestTimeoutMs: config.uploads.timeoutMs,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    docs: {
      title: 'Faraday backend API',
      description: 'Accounts, courses, the simulation lab and the AI tutor gateway. All paths under /api/v1.',
      version: BACKEND_VERSION,
    },
  });
  const jwtSecret = resolveJwtSecret(config);
  const { db } = openDatabase(config.database, config.databasePoolSize, (error) =>
    app.log.warn({ err: error }, 'idle database connection failed'),
  );
  app.decorate('config', { ...config, jwtSecret });
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  const identity: IdentityContext = {
    db,
    signer: new TokenSigner(jwtSecret),
    hasher: new PasswordHasher(config.bcryptCost),
    throttle: LOGIN_THROTTLE,
    passwordChangeExempt: (username) => !config.isProduction && isDemoUsername(username),
  };
  try {
    await migrateToLatest(db);
    await seedDemoAccounts(db, config, identity.hasher, app.log);
  } catch (error) {
    await app.close();
    throw error;
  }

  // With REDIS_URL the rate-limit counters live in Redis, shared by every backend instance.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  if (redis) {
    // Without a listener ioredis reports every reconnect as an unhandled error event.
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  await app.register(rateLimit, {
    global: false,
    // If Redis is down, limits are skipped rather than every request failing.
    ...(redis ? { redis, nameSpace: 'faraday-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests; retry in ${context.after}`),
  });
  // Files stream through the multipart parser into the blob store, which enforces the size
  // limit itself; the parser's own limits only bound the number and size of plain fields.
  await app.register(multipart, {
    limits: {
      fileSize: config.uploads.maxBytes + 1,
      files: 10,
      fields: 20,
      fieldSize: 1024 * 1024,
      parts: 40,
    },
  });
  installAccessControl(app, identity);
  scheduleIdentityCleanup(app, db);
  await app.register(healthRoutes);
  await app.register(authRoutes(identity, config.loginRateLimitPerMinute));
  await app.register(corpchatRoutes(identity, config.corpchat));
  await app.register(usersRoutes(identity));
  const blobs = new FolderBlobStore(config.uploads.blobDir);
  scheduleTemporaryUploadCleanup(app, blobs, config.uploads.timeoutMs);
  const content: CourseContentContext = {
    db,
    blobs,
    maxUploadBytes: config.uploads.maxBytes,
    courseMaterial: new CourseMaterialFeed(config.aiServiceUrl, config.ai.gatewayToken),
  };
  const simulation: SimulationContext = {
    db,
    blobs,
    simServiceUrl: config.simServiceUrl,
    settings: config.simulation,
  };
  await app.register(coursesRoutes(db));
  await app.register(gradesRoutes(db));
  await app.register(assignmentsRoutes(content));
  await app.register(resourcesRoutes(content));
  await app.register(simulationsRoutes(simulation));
  await app.register(sweepsRoutes(simulation, config));
  scheduleRetention(app, simulation);
  await app.register(aiGatewayRoutes(app.config));
  await app.register(webAppRoutes(config.webDir));
  return app;
}
