import { logFormatSchema, logLevelSchema, portSchema } from '@faraday/server-kit';
import { z } from 'zod';

/** Every setting of the AI service, read once at start. */
export const aiEnvSchema = z.object({
  APP_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1').describe('Interface to listen on'),
  AI_SERVICE_PORT: portSchema(8001),
  LOG_LEVEL: logLevelSchema,
  LOG_FORMAT: logFormatSchema,
  AI_GATEWAY_SHARED_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SIM_SERVICE_URL: z.url().default('http://127.0.0.1:8002'),
});

export type AiEnv = z.output<typeof aiEnvSchema>;

export interface AiConfig {
  appEnv: string;
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: AiEnv['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  gatewayToken: string | undefined;
  simServiceUrl: string;
}

export function toAiConfig(env: AiEnv): AiConfig {
  return {
    appEnv: env.APP_ENV,
    isProduction: env.APP_ENV === 'prod',
    host: env.HOST,
    port: env.AI_SERVICE_PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    gatewayToken: env.AI_GATEWAY_SHARED_TOKEN,
    simServiceUrl: env.SIM_SERVICE_URL.replace(/\/$/, ''),
  };
}
