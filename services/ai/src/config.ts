import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_TOOL_CALLS_CAP } from '@faraday/contracts';
import { booleanFlagSchema, logFormatSchema, logLevelSchema, portSchema } from '@faraday/server-kit';
import { z } from 'zod';
import {
  type RetrievalSettings,
  retrievalEnvProblems,
  retrievalEnvShape,
  toRetrievalSettings,
} from './retrieval/index.js';

/** services/ai, from src/ and dist/ alike: relative paths in the config are relative to it. */
/** The AI service's Redis keys: per environment, so dev, test and prod can share one Redis. */
export const redisPrefixOf = (appEnv: string) => `faraday:${appEnv}:ai:`;

export const AI_SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url));

const routingPolicies = ['local_first', 'cloud_only'] as const;
export type RoutingPolicy = (typeof routingPolicies)[number];

// The documented base URLs carry no /v1: the client appends it. Saying so at start beats a 404 later.
const baseUrlSchema = z
  .url()
  .transform((url) => url.replace(/\/+$/, ''))
  .refine((url) => !/\/v1$/.test(url), 'must not end in /v1 (the AI service appends /v1/chat/completions)')
  .optional();

const timeoutSecSchema = (fallback: number) => z.coerce.number().positive().max(600).default(fallback);

/** Every setting of the AI service, read once at start (the README's configuration table). */
export const aiEnvSchema = z
  .object({
    APP_ENV: z.string().default('development'),
    HOST: z.string().default('127.0.0.1').describe('Interface to listen on'),
    AI_SERVICE_PORT: portSchema(8001),
    LOG_LEVEL: logLevelSchema,
    LOG_FORMAT: logFormatSchema,
    AI_GATEWAY_SHARED_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    SIM_SERVICE_URL: z.url().default('http://127.0.0.1:8002'),
    LLM_BASE_URL: baseUrlSchema,
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    LLM_BASE_URL_LOCAL: baseUrlSchema,
    LLM_API_KEY_LOCAL: z.string().optional(),
    LLM_MODEL_LOCAL: z.string().optional(),
    LLM_BASE_URL_CLOUD: baseUrlSchema,
    LLM_API_KEY_CLOUD: z.string().optional(),
    LLM_MODEL_CLOUD: z.string().optional(),
    LLM_ROUTING_POLICY: z.enum(routingPolicies).default('local_first'),
    LLM_ENABLE_CLOUD_FALLBACK_NONPROD: booleanFlagSchema(false),
    LLM_LOCAL_TIMEOUT_SEC: timeoutSecSchema(30),
    LLM_CLOUD_TIMEOUT_SEC: timeoutSecSchema(60),
    GUIDED_SESSION_TTL_MIN: z.coerce
      .number()
      .positive()
      .max(43_200)
      .default(120)
      .describe('Minutes of inactivity after which a guided learning session expires'),
    DATA_DIR: z
      .string()
      .min(1)
      .default('./data')
      .describe('Folder of every file the AI service writes (sessions, run-time documents, vectors)'),
    SESSION_STORE_PATH: z
      .string()
      .default('guided-sessions.db')
      .describe('SQLite file of guided sessions, relative to DATA_DIR (unused with REDIS_URL)'),
    REDIS_URL: z
      .url()
      .refine((url) => /^rediss?:\/\//.test(url), 'must be a redis:// or rediss:// URL')
      .optional()
      .describe('Keep guided sessions and run-time course documents in Redis, shared by every AI instance'),
    TOOL_SIM_TIMEOUT_SEC: timeoutSecSchema(60).describe(
      'How long the run_simulation tool waits for the sim service',
    ),
    CHAT_MAX_TOOL_CALLS: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_TOOL_CALLS_CAP)
      .default(3)
      .describe('Tools a model may call in one tutor or problem-solver chat answer (0: none)'),
    // Retrieval: GRAPH_RAG_*, EMBEDDING_*, VECTOR_STORE_PATH, RAG_MAX_DOCUMENT_CHARS.
    ...retrievalEnvShape,
  })
  .superRefine((env, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    for (const suffix of ['', '_LOCAL', '_CLOUD'] as const) {
      const set = (['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const).map((name) => `${name}${suffix}`);
      const given = set.filter((name) => env[name as keyof typeof env] !== undefined);
      // A half-configured upstream is a typo, not a wish for simulated answers.
      if (given.length > 0 && given.length < set.length) {
        for (const name of set.filter((n) => !given.includes(n))) {
          problem(name, `is required when ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set`);
        }
      }
    }
    if (env.LLM_BASE_URL !== undefined && env.LLM_BASE_URL_LOCAL !== undefined) {
      problem('LLM_BASE_URL', 'set either the single upstream or LLM_BASE_URL_LOCAL, not both');
    }
    const isProduction = env.APP_ENV === 'prod';
    if (isProduction && env.LLM_ROUTING_POLICY !== 'local_first') {
      problem('LLM_ROUTING_POLICY', 'must be local_first when APP_ENV=prod');
    }
    if (env.LLM_ROUTING_POLICY === 'cloud_only' && env.LLM_BASE_URL_CLOUD === undefined) {
      problem('LLM_BASE_URL_CLOUD', 'is required when LLM_ROUTING_POLICY=cloud_only');
    }
    // Required in every environment: without it anyone on the network could write into the index
    // every student's answers are built from (`npm start` generates one for its children).
    if (env.AI_GATEWAY_SHARED_TOKEN === undefined) {
      problem(
        'AI_GATEWAY_SHARED_TOKEN',
        'is required (the backend sends it; /v1/index refuses callers without it)',
      );
    }
    const localUpstream = env.LLM_BASE_URL_LOCAL !== undefined || env.LLM_BASE_URL !== undefined;
    for (const [path, message] of retrievalEnvProblems(env, localUpstream)) problem(path, message);
  });

export type AiEnv = z.output<typeof aiEnvSchema>;

export type UpstreamName = 'local' | 'cloud';

export interface UpstreamConfig {
  name: UpstreamName;
  /** Without /v1; the client appends it. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Until the first token of a stream, or the whole answer otherwise; also the longest gap between chunks. */
  timeoutMs: number;
}

export interface AiConfig {
  appEnv: string;
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: AiEnv['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  gatewayToken: string;
  simServiceUrl: string;
  /** Guided sessions, writing analysis and tools. */
  tutoring: {
    sessionTtlMs: number;
    /** Absolute path of the SQLite session file. */
    sessionStorePath: string;
    redisUrl: string | undefined;
    /** Prefix of every Redis key the service writes (`faraday:<APP_ENV>:ai:`). */
    redisPrefix: string;
    toolSimTimeoutMs: number;
    /** Tool calls a model may make in one tutor/problem-solver chat answer; 0 offers none. */
    chatMaxToolCalls: number;
  };
  /** Retrieval for `<mode>_rag`, `/v1/chat/hybrid` and `/v1/index/documents`. */
  retrieval: RetrievalSettings;
  llm: {
    policy: RoutingPolicy;
    cloudFallbackNonprod: boolean;
    /** `LLM_*_LOCAL`, or the single `LLM_*` upstream, which plays the local part. */
    local: UpstreamConfig | undefined;
    cloud: UpstreamConfig | undefined;
  };
}

function upstreamOf(
  name: UpstreamName,
  baseUrl: string | undefined,
  apiKey: string | undefined,
  model: string | undefined,
  timeoutSec: number,
): UpstreamConfig | undefined {
  if (baseUrl === undefined || apiKey === undefined || model === undefined) return undefined;
  return { name, baseUrl, apiKey, model, timeoutMs: Math.round(timeoutSec * 1000) };
}

export function toAiConfig(env: AiEnv): AiConfig {
  const local =
    upstreamOf(
      'local',
      env.LLM_BASE_URL_LOCAL,
      env.LLM_API_KEY_LOCAL,
      env.LLM_MODEL_LOCAL,
      env.LLM_LOCAL_TIMEOUT_SEC,
    ) ?? upstreamOf('local', env.LLM_BASE_URL, env.LLM_API_KEY, env.LLM_MODEL, env.LLM_LOCAL_TIMEOUT_SEC);
  return {
    appEnv: env.APP_ENV,
    isProduction: env.APP_ENV === 'prod',
    host: env.HOST,
    port: env.AI_SERVICE_PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    // The schema's refinement has refused a missing token.
    gatewayToken: env.AI_GATEWAY_SHARED_TOKEN ?? '',
    simServiceUrl: env.SIM_SERVICE_URL.replace(/\/$/, ''),
    tutoring: {
      sessionTtlMs: Math.round(env.GUIDED_SESSION_TTL_MIN * 60_000),
      sessionStorePath: resolve(env.DATA_DIR, env.SESSION_STORE_PATH),
      redisUrl: env.REDIS_URL,
      redisPrefix: redisPrefixOf(env.APP_ENV),
      toolSimTimeoutMs: Math.round(env.TOOL_SIM_TIMEOUT_SEC * 1000),
      chatMaxToolCalls: env.CHAT_MAX_TOOL_CALLS,
    },
    retrieval: toRetrievalSettings(env, {
      dataDir: resolve(env.DATA_DIR),
      redisPrefix: redisPrefixOf(env.APP_ENV),
      production: env.APP_ENV === 'prod',
      local,
      redisUrl: env.REDIS_URL,
    }),
    llm: {
      policy: env.LLM_ROUTING_POLICY,
      cloudFallbackNonprod: env.LLM_ENABLE_CLOUD_FALLBACK_NONPROD,
      local,
      cloud: upstreamOf(
        'cloud',
        env.LLM_BASE_URL_CLOUD,
        env.LLM_API_KEY_CLOUD,
        env.LLM_MODEL_CLOUD,
        env.LLM_CLOUD_TIMEOUT_SEC,
      ),
    },
  };
}
