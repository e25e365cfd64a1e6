import { fileURLToPath } from 'node:url';
import {
  booleanFlagSchema,
  localServiceUrl,
  logFormatSchema,
  logLevelSchema,
  portSchema,
  type TrustProxy,
  trustProxySchema,
} from '@faraday/server-kit';
import { z } from 'zod';
import { type DatabaseTarget, databaseTargetOf } from './db/database-target.js';
import { notificationEnvFields, notificationSettingsOf } from './notifications/notification-env.js';
import type { NotificationSettings } from './notifications/notifications.schedule.js';
import { type BlobStoreConfig, blobStoreEnvFields, blobStoreOf } from './storage/blob-store-env.js';
import type { UploadLimitSettings } from './storage/upload-limits.js';

/**
 * Every setting of the backend, read once from the environment at start. Nothing else in the
 * service reads process.env. The README's configuration table mirrors this schema.
 */
export const backendEnvSchema = z
  .object({
    APP_ENV: z.string().default('development').describe('Environment name; `prod` enables production rules'),
    HOST: z.string().default('127.0.0.1').describe('Interface to listen on'),
    BACKEND_PORT: portSchema(8080).describe('Backend HTTP port'),
    PUBLIC_URL: z
      .url()
      .optional()
      .describe(
        "The backend's address for clients, named in /openapi.json (default http://HOST:BACKEND_PORT)",
      ),
    LOG_LEVEL: logLevelSchema,
    LOG_FORMAT: logFormatSchema,
    DATA_DIR: z.string().default('./data').describe('Folder for the SQLite file, blobs and the dev secret'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:|mysql:|mariadb:|postgres:|postgresql:)/, 'must start with sqlite:, mysql:, postgres:')
      .optional()
      .describe('Database URL: sqlite:<file>, mysql://…, postgres://…'),
    MYSQL_HOST: z.string().optional(),
    MYSQL_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    MYSQL_USER: z.string().optional(),
    MYSQL_PASSWORD: z.string().optional(),
    MYSQL_DATABASE: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_PREPARED_STATEMENTS: booleanFlagSchema(true).describe(
      'PostgreSQL: run the queries every request makes as prepared statements, planned once per connection',
    ),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    AI_SERVICE_URL: z.url().default('http://127.0.0.1:8001'),
    COURSE_MATERIAL_SYNC_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(10_000)
      .describe(
        'How often text resources not yet in the tutor (AI service or its Redis down, Redis emptied) are fed again',
      ),
    SIM_SERVICE_URL: z.url().default('http://127.0.0.1:8002'),
    TRUST_PROXY: trustProxySchema.describe(
      'Proxies in front whose X-Forwarded-For is believed: false, true (one), a hop count, or addresses/CIDRs',
    ),
    JOIN_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(10)
      .describe('Invite-code joins one user may try in a minute'),
    CALENDAR_FEED_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(60)
      .describe('Calendar feed fetches one client address may make in a minute'),
    INVITE_CODE_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3650)
      .default(180)
      .describe('Days a new invite code works unless its expiry is given (0: never)'),
    FRAME_ANCESTORS: z
      .string()
      .default('')
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(?:'self'|https?:\/\/[\w.-]+(?::\d+)?)$/,
              "must be origins such as https://lms.example.edu, or 'self'",
            ),
        ),
      )
      .describe(
        "Origins that may show the app in a frame, space-separated (default: none may); e.g. 'self' https://lms.example.edu",
      ),
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
    DEMO_ADMIN_PASSWORD: z.string().optional(),
    DEMO_TEACHER_PASSWORD: z.string().optional(),
    DEMO_STUDENT_PASSWORD: z.string().optional(),
    CORPCHAT_CORP_ID: z.string().optional(),
    CORPCHAT_AGENT_ID: z.string().optional(),
    CORPCHAT_SECRET: z.string().optional(),
    CORPCHAT_OAUTH_BASE_URL: z.url().default('https://open.weixin.qq.com'),
    CORPCHAT_API_BASE_URL: z.url().default('https://qyapi.weixin.qq.com'),
    CORPCHAT_SCOPE: z.enum(['snsapi_base', 'snsapi_privateinfo']).default('snsapi_base'),
    CORPCHAT_TIMEOUT_SEC: z.coerce.number().positive().max(60).default(10),
    RESOURCE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(10 * 1024 ** 3)
      .default(100 * 1024 * 1024)
      .describe('Largest uploaded file (resources and submission attachments) in bytes'),
    STORAGE_QUOTA_USER_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(2 * 1024 ** 3)
      .describe(
        "Bytes of files one user may keep (their submissions' attachments and resources they uploaded)",
      ),
    STORAGE_QUOTA_COURSE_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(20 * 1024 ** 3)
      .describe('Bytes of files one course may keep (resources and submission attachments)'),
    SUBMISSION_ATTEMPTS_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(10)
      .describe('Attempts one student may hand in at one assignment within an hour'),
    UPLOADS_PER_USER: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000)
      .default(3)
      .describe('Uploads of one user this instance receives at once'),
    BLOB_DIR: z.string().optional().describe('Folder of uploaded files (default $DATA_DIR/blobs)'),
    ...blobStoreEnvFields,
    UPLOAD_TIMEOUT_SEC: z.coerce
      .number()
      .int()
      .min(10)
      .max(24 * 3600)
      .default(3600)
      .describe('Longest time to receive one request (an upload); older temporary upload files are removed'),
    WEB_DIR: z
      .string()
      .optional()
      .describe('Built web application served at / (default apps/web/dist of this checkout)'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    SIM_REQUEST_TIMEOUT_SEC: z.coerce.number().positive().max(3600).default(330),
    SIM_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(30),
    SIM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    SWEEP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    HISTORY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    // Required in every environment, as by the AI and sim services: they refuse callers without it,
    // so a backend without one would answer every tutor and lab request with an upstream error.
    AI_GATEWAY_SHARED_TOKEN: z
      .string({
        error: 'is required (the AI and sim services refuse calls without it; npm start generates one)',
      })
      .min(16, 'must be at least 16 characters')
      .describe('Shared service token sent to the AI and sim services (required)'),
    AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
    AI_REQUEST_TIMEOUT_SEC: z.coerce.number().positive().max(600).default(120),
    ...notificationEnvFields,
  })
  .refine((env) => env.APP_ENV !== 'prod' || env.JWT_SECRET !== undefined, {
    path: ['JWT_SECRET'],
    message: 'is required when APP_ENV=prod (a random secret is generated only in development)',
    // Checked even when other variables are invalid, so the operator sees every problem at once.
    when: (payload) => {
      const env = payload.value as { APP_ENV?: unknown; JWT_SECRET?: unknown };
      return env.APP_ENV === 'prod' && env.JWT_SECRET === undefined;
    },
  })
  .refine((env) => env.BLOB_STORE !== 's3' || env.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'is required when BLOB_STORE=s3',
    when: (payload) => (payload.value as { BLOB_STORE?: unknown }).BLOB_STORE === 's3',
  })
  .refine((env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the default chain)',
  });

export type BackendEnv = z.output<typeof backendEnvSchema>;

export interface BackendConfig {
  appEnv: string;
  isProduction: boolean;
  host: string;
  port: number;
  /** The backend's address as clients see it (the API reference's server). */
  publicUrl: string;
  logLevel: BackendEnv['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  dataDir: string;
  database: DatabaseTarget;
  databasePoolSize: number;
  /** Undefined until resolved at start: from JWT_SECRET, or the generated development secret. */
  jwtSecret: string | undefined;
  aiServiceUrl: string;
  /** COURSE_MATERIAL_SYNC_MS: the interval of course-material-sync.ts's pass. */
  courseMaterialSyncMs: number;
  simServiceUrl: string;
  /** Which proxies may name the client (request.ip, and so login locks and rate limits). */
  trustProxy: TrustProxy;
  /** Origins allowed to frame the app and API (empty: none). */
  frameAncestors: string[];
  bcryptCost: number;
  loginRateLimitPerMinute: number;
  joinRatePerMinute: number;
  /** Calendar feed fetches per client address and minute (calendar programs poll hourly at most). */
  calendarFeedRatePerMinute: number;
  /** Days a new invite code works by default (0: never). */
  inviteCodeDays: number;
  /** Initial passwords of the demo accounts; unset ones are the defaults (dev) or generated (prod). */
  demoPasswords: { admin?: string | undefined; teacher?: string | undefined; student?: string | undefined };
  corpchat: CorpchatConfig;
  uploads: {
    maxBytes: number;
    blobDir: string;
    timeoutMs: number;
    store: BlobStoreConfig;
    limits: UploadLimitSettings;
  };
  /** The built web application; the backend serves it at `/` when the folder exists. */
  webDir: string;
  redisUrl: string | undefined;
  simulation: {
    requestTimeoutMs: number;
    retentionDays: number;
    solverRatePerMinute: number;
    sweepRatePerHour: number;
    historyRatePerMinute: number;
  };
  ai: { gatewayToken: string; rateLimitPerMinute: number; requestTimeoutMs: number };
  notifications: NotificationSettings;
}

export interface CorpchatConfig {
  corpId: string | undefined;
  agentId: string | undefined;
  secret: string | undefined;
  oauthBaseUrl: string;
  apiBaseUrl: string;
  scope: string;
  timeoutMs: number;
}

export function toBackendConfig(env: BackendEnv): BackendConfig {
  return {
    appEnv: env.APP_ENV,
    isProduction: env.APP_ENV === 'prod',
    host: env.HOST,
    port: env.BACKEND_PORT,
    publicUrl: (env.PUBLIC_URL ?? localServiceUrl(env.HOST, env.BACKEND_PORT)).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    dataDir: env.DATA_DIR,
    database: databaseTargetOf(env),
    databasePoolSize: env.DATABASE_POOL_SIZE,
    jwtSecret: env.JWT_SECRET,
    aiServiceUrl: env.AI_SERVICE_URL.replace(/\/$/, ''),
    courseMaterialSyncMs: env.COURSE_MATERIAL_SYNC_MS,
    simServiceUrl: env.SIM_SERVICE_URL.replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY,
    frameAncestors: env.FRAME_ANCESTORS,
    bcryptCost: env.BCRYPT_COST,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    joinRatePerMinute: env.JOIN_RATE_LIMIT_PER_MINUTE,
    calendarFeedRatePerMinute: env.CALENDAR_FEED_RATE_LIMIT_PER_MINUTE,
    inviteCodeDays: env.INVITE_CODE_DAYS,
    demoPasswords: {
      admin: env.DEMO_ADMIN_PASSWORD,
      teacher: env.DEMO_TEACHER_PASSWORD,
      student: env.DEMO_STUDENT_PASSWORD,
    },
    corpchat: {
      corpId: env.CORPCHAT_CORP_ID,
      agentId: env.CORPCHAT_AGENT_ID,
      secret: env.CORPCHAT_SECRET,
      oauthBaseUrl: env.CORPCHAT_OAUTH_BASE_URL.replace(/\/$/, ''),
      apiBaseUrl: env.CORPCHAT_API_BASE_URL.replace(/\/$/, ''),
      scope: env.CORPCHAT_SCOPE,
      timeoutMs: env.CORPCHAT_TIMEOUT_SEC * 1000,
    },
    uploads: {
      maxBytes: env.RESOURCE_MAX_BYTES,
      blobDir: env.BLOB_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/blobs`,
      store: blobStoreOf(env),
      timeoutMs: env.UPLOAD_TIMEOUT_SEC * 1000,
      limits: {
        userQuotaBytes: env.STORAGE_QUOTA_USER_BYTES,
        courseQuotaBytes: env.STORAGE_QUOTA_COURSE_BYTES,
        attemptsPerHour: env.SUBMISSION_ATTEMPTS_PER_HOUR,
        inFlightPerUser: env.UPLOADS_PER_USER,
      },
    },
    webDir: env.WEB_DIR ?? fileURLToPath(new URL('../../../apps/web/dist', import.meta.url)),
    redisUrl: env.REDIS_URL,
    simulation: {
      requestTimeoutMs: env.SIM_REQUEST_TIMEOUT_SEC * 1000,
      retentionDays: env.SIM_RETENTION_DAYS,
      solverRatePerMinute: env.SIM_RATE_LIMIT_PER_MINUTE,
      sweepRatePerHour: env.SWEEP_RATE_LIMIT_PER_HOUR,
      historyRatePerMinute: env.HISTORY_RATE_LIMIT_PER_MINUTE,
    },
    ai: {
      gatewayToken: env.AI_GATEWAY_SHARED_TOKEN,
      rateLimitPerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
      requestTimeoutMs: env.AI_REQUEST_TIMEOUT_SEC * 1000,
    },
    notifications: notificationSettingsOf(env),
  };
}
