import { availableParallelism } from 'node:os';
import { logFormatSchema, logLevelSchema, portSchema } from '@faraday/server-kit';
import { z } from 'zod';

/** Every setting of the simulation service, read once at start. */
export const simEnvSchema = z.object({
  APP_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1').describe('Interface to listen on'),
  SIM_SERVICE_PORT: portSchema(8002),
  LOG_LEVEL: logLevelSchema,
  LOG_FORMAT: logFormatSchema,
  AI_GATEWAY_SHARED_TOKEN: z
    .string({ error: 'is required (the backend and the AI service send it; /v1 refuses callers without it)' })
    .min(16, 'must be at least 16 characters')
    .describe('Shared service token every caller of /v1 sends (required)'),
  SIM_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .describe('Worker threads (default min(cores, 5))'),
  SIM_TIMEOUT_SEC: z.coerce
    .number()
    .positive()
    .max(3600)
    .default(300)
    .describe('Longest computation in seconds; the worker is terminated after it (default 300)'),
  SIM_QUEUE_SIZE: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(20)
    .describe('Requests waiting for a free worker; beyond it the answer is 503 SIMULATION_BUSY (default 20)'),
  SIM_MAX_RUNNING_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .default(1)
    .describe('Computations one user may have running at once; further ones wait their turn (default 1)'),
  SIM_MAX_QUEUED_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(4)
    .describe('Interactive requests one user may have waiting; beyond it 503 SIMULATION_BUSY (default 4)'),
  SIM_WORKER_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(64)
    .max(16_384)
    .default(1024)
    .describe('Heap limit of each worker thread in MB; above it the computation fails (default 1024)'),
});

export type SimEnv = z.output<typeof simEnvSchema>;

export interface SimConfig {
  appEnv: string;
  host: string;
  port: number;
  logLevel: SimEnv['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  serviceToken: string;
  /** Worker threads = computations at once (at most 5: docs/api-contract.md, Limits). */
  workers: number;
  timeoutSec: number;
  queueSize: number;
  maxRunningPerUser: number;
  maxQueuedPerUser: number;
  workerMemoryMb: number;
}

export function toSimConfig(env: SimEnv): SimConfig {
  return {
    appEnv: env.APP_ENV,
    host: env.HOST,
    port: env.SIM_SERVICE_PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    serviceToken: env.AI_GATEWAY_SHARED_TOKEN,
    workers: env.SIM_WORKERS ?? Math.min(availableParallelism(), 5),
    timeoutSec: env.SIM_TIMEOUT_SEC,
    queueSize: env.SIM_QUEUE_SIZE,
    maxRunningPerUser: env.SIM_MAX_RUNNING_PER_USER,
    maxQueuedPerUser: env.SIM_MAX_QUEUED_PER_USER,
    workerMemoryMb: env.SIM_WORKER_MEMORY_MB,
  };
}
