import { AppError } from '@faraday/contracts';
import { createServer } from '@faraday/server-kit';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { aiGatewayRoutes } from './ai-gateway/ai-gateway.routes.js';
import { announcementsRoutes } from './announcements/announcements.routes.js';
import { assignmentsRoutes } from './assignments/assignments.routes.js';
import { accessDocs, installAccessControl } from './auth/access.js';
import { authRoutes } from './auth/auth.routes.js';
import { scheduleIdentityCleanup } from './auth/cleanup.js';
import { corpchatRoutes } from './auth/corpchat/corpchat.routes.js';
import { type IdentityContext, LOGIN_THROTTLE } from './auth/identity-context.js';
import { PasswordHasher } from './auth/passwords.js';
import { TokenSigner } from './auth/tokens.js';
import { calendarRoutes } from './calendar/calendar.routes.js';
import type { BackendConfig } from './config.js';
import { conversationsRoutes } from './conversations/conversations.routes.js';
import type { CourseContentContext } from './courses/course-content-context.js';
import { coursesRoutes } from './courses/courses.routes.js';
import { checkCourseSearchIndex } from './db/course-search.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { gradebookEditRoutes } from './grades/gradebook-edit.routes.js';
import { gradesRoutes } from './grades/grades.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { scheduleNotifications } from './notifications/notifications.schedule.js';
import { ExerciseClient } from './quizzes/exercise-client.js';
import { quizzesRoutes } from './quizzes/quizzes.routes.js';
import { CourseMaterialFeed } from './resources/course-material-feed.js';
import { CourseMaterialSync, scheduleCourseMaterialSync } from './resources/course-material-sync.js';
import { resourcesRoutes } from './resources/resources.routes.js';
import { rubricsRoutes } from './rubrics/rubrics.routes.js';
import { resolveJwtSecret } from './secrets.js';
import { fallbackRateLimitStore } from './shared/rate-limit-store.js';
import { connectRedis } from './shared/redis.js';
import { rateLimitKeyPrefix } from './shared/redis-keys.js';
import { scheduleRetention } from './simulations/retention.js';
import type { SimulationContext } from './simulations/simulation-context.js';
import { simulationsRoutes } from './simulations/simulations.routes.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { FolderBlobStore } from './storage/folder-blob-store.js';
import { scheduleOrphanBlobRemoval } from './storage/orphan-blobs.js';
import { scheduleTemporaryUploadCleanup } from './storage/tmp-cleanup.js';
import { UploadSlots } from './storage/upload-limits.js';
import { sweepsRoutes } from './sweeps/sweeps.routes.js';
import { isDemoUsername, seedDemoAccounts } from './users/demo-accounts.js';
import { usersRoutes } from './users/users.routes.js';
import { isWebAppPath, webAppRoutes } from './web/web-app.routes.js';

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

/** The reference's sections, in reading order. */
const BACKEND_TAGS = {
  auth: 'Sign in (password or corporate chat), the current account, password change, sign out',
  users: 'Accounts, for administrators: create, import from CSV, change, disable, reset passwords',
  courses: 'Courses: create, find, change, archive, delete; join with an invite code',
  'course members': 'Teachers, assistants and students of a course',
  assignments: 'Assignments of a course, submissions, attempts and grading',
  resources: 'Course files: upload, list, download (with ranges), delete',
  announcements: 'Course announcements: post, edit, pin, delete; read markers and your unread ones',
  rubrics: 'Rubrics of a course: build, copy, attach to assignments; grades made with them',
  notifications:
    'Your notifications (unread count, list, read markers) and which kinds you receive, in the app and by e-mail',
  calendar: 'Due dates across your courses, and your private iCalendar feed URL',
  grades: 'The gradebook of a course, as JSON or CSV; your grading queue and due assignments',
  simulation: 'The electromagnetics lab: run a solver, the history of runs, parameter sweeps',
  ai: 'The AI tutor: chat modes, retrieval, course documents',
  tutoring: 'Guided learning sessions, writing analysis, chat with tools',
  health: 'Liveness and readiness probes',
};

/** The backend as a Fastify app: database opened, migrated and seeded, every route registered. */
export async function buildApp(config: BackendConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'backend',
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    trustProxy: config.trustProxy,
    securityHeaders: { frameAncestors: config.frameAncestors, isAppPath: isWebAppPath },
    requestTimeoutMs: config.uploads.timeoutMs,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    docs: {
      title: 'Faraday API',
      description:
        'Accounts, courses, the simulation lab and the AI tutor gateway. All paths under /api/v1. ' +
        'Sign in with POST /api/v1/auth/login and send the token as `Authorization: Bearer <token>`. ' +
        'The web application signs in with `browser_session: true` and renews its short-lived tokens ' +
        'with the HttpOnly session cookie at POST /api/v1/auth/refresh. ' +
        'Every answer is an envelope: `{success: true, data}` or `{success: false, error: {code, message, details?, required_permission?}}`.',
      version: BACKEND_VERSION,
      serverUrl: config.publicUrl,
      tags: BACKEND_TAGS,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token from login',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'faraday_session',
          description:
            'The browser session cookie set by login with browser_session (HttpOnly, SameSite=Strict, ' +
            'Secure outside development, Path=/api/v1/auth/refresh); accepted only with an Origin ' +
            'header naming this server',
        },
      },
      describeRoute: accessDocs,
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
    await checkCourseSearchIndex(db, app.log);
    await seedDemoAccounts(db, config, identity.hasher, app.log);
  } catch (error) {
    await app.close();
    throw error;
  }

  // With REDIS_URL the rate-limit counters live in Redis, shared by every backend instance;
  // while Redis is unreachable they are counted in this process (reported by /readyz).
  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { store: fallbackRateLimitStore(redis.client, redis.availability, rateLimitKeyPrefix(config.appEnv)) }
      : {}),
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
  // Only the browser session's cookie is read (auth/session-cookie.ts); nothing is signed with it.
  await app.register(cookie);
  installAccessControl(app, identity);
  scheduleIdentityCleanup(app, db);
  const blobs = createBlobStore(config.uploads);
  app.addHook('onClose', async () => blobs.close?.());
  await app.register(healthRoutes(redis?.availability, blobs));
  await app.register(authRoutes(identity, config.loginRateLimitPerMinute));
  await app.register(corpchatRoutes(identity, config.corpchat));
  await app.register(usersRoutes(identity));
  // Only the folder store keeps temporary files of its own; a dead S3 upload leaves at most parts,
  // which its abort or the bucket's lifecycle rule removes.
  if (blobs instanceof FolderBlobStore) scheduleTemporaryUploadCleanup(app, blobs, config.uploads.timeoutMs);
  const courseMaterial = new CourseMaterialSync(
    db,
    blobs,
    new CourseMaterialFeed(config.aiServiceUrl, config.ai.gatewayToken),
    app.log,
  );
  scheduleCourseMaterialSync(app, courseMaterial, config.courseMaterialSyncMs);
  const content: CourseContentContext = {
    db,
    blobs,
    maxUploadBytes: config.uploads.maxBytes,
    limits: config.uploads.limits,
    uploadSlots: new UploadSlots(config.uploads.limits.inFlightPerUser),
    courseMaterial,
  };
  const simulation: SimulationContext = {
    db,
    blobs,
    simServiceUrl: config.simServiceUrl,
    serviceToken: config.ai.gatewayToken,
    settings: config.simulation,
  };
  await app.register(coursesRoutes(db));
  await app.register(gradesRoutes(db));
  await app.register(gradebookEditRoutes(db));
  await app.register(assignmentsRoutes(content));
  const exercises = new ExerciseClient({
    aiServiceUrl: config.aiServiceUrl,
    gatewayToken: config.ai.gatewayToken,
    timeoutMs: config.ai.requestTimeoutMs,
  });
  await app.register(quizzesRoutes(db, exercises));
  await app.register(resourcesRoutes(content));
  await app.register(announcementsRoutes(db));
  await app.register(rubricsRoutes(db));
  await app.register(notificationsRoutes(db, config.notifications.mail !== undefined));
  scheduleNotifications(app, db, config.notifications, config.publicUrl);
  await app.register(
    calendarRoutes(db, { publicUrl: config.publicUrl, feedRatePerMinute: config.calendarFeedRatePerMinute }),
  );
  await app.register(simulationsRoutes(simulation));
  await app.register(sweepsRoutes(simulation, config));
  scheduleRetention(app, simulation);
  scheduleOrphanBlobRemoval(app, db, blobs);
  await app.register(aiGatewayRoutes(app.config));
  await app.register(conversationsRoutes(db));
  await app.register(webAppRoutes(config.webDir));
  return app;
}
