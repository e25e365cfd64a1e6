import { logFormatSchema, logLevelSchema, portSchema } from '@faraday/server-kit';
import { z } from 'zod';

/** Every setting of the simulation service, read once at start. */
export const simEnvSchema = z.object({
  APP_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1').describe('Interface to listen on'),
  SIM_SERVICE_PORT: portSchema(8002),
  LOG_LEVEL: logLevelSchema,
  LOG_FORMAT: logFormatSchema,
  SIM_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .describe('Worker threads (default min(cores, 5))'),
  SIM_TIMEOUT_SEC: z.coerce.number().positive().max(3600).default(300),
});

export type SimEnv = z.output<typeof simEnvSchema>;

export interface SimConfig {
  appEnv: string;
  host: string;
  port: number;
  logLevel: SimEnv['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  workers: number | undefined;
  timeoutSec: number;
}

export function toSimConfig(env: SimEnv): SimConfig {
  return {
    appEnv: env.APP_ENV,
    host: env.HOST,
    port: env.SIM_SERVICE_PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    workers: env.SIM_WORKERS,
    timeoutSec: env.SIM_TIMEOUT_SEC,
  };
}
