import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogCapture, parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { aiEnvSchema, toAiConfig } from '../../src/config.js';

export const GATEWAY_TOKEN = 'test-gateway-token-0123456789';
/** What the backend sends to change or list the retrieval index (refused without it in every environment). */
export const gatewayHeaders = { 'x-ai-gateway-token': GATEWAY_TOKEN };

export interface TestAi {
  app: FastifyInstance;
  logs: LogCapture;
}

/** The AI service as it would start with this environment, its log lines kept for assertions. */
export async function buildTestAi(env: Record<string, string> = {}): Promise<TestAi> {
  const logs = new LogCapture();
  // Files the service writes go to a folder of the test's own, never into the checkout.
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'faraday-ai-'));
  const config = toAiConfig(
    parseConfig(aiEnvSchema, {
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      ...env,
    }),
  );
  const app = await buildApp(config, { logStream: logs });
  return { app, logs };
}

/** Env pointing the local and/or cloud upstream at fakes. */
export function upstreamEnv(urls: { local?: string; cloud?: string }): Record<string, string> {
  return {
    ...(urls.local
      ? { LLM_BASE_URL_LOCAL: urls.local, LLM_API_KEY_LOCAL: 'local-key', LLM_MODEL_LOCAL: 'local-model' }
      : {}),
    ...(urls.cloud
      ? { LLM_BASE_URL_CLOUD: urls.cloud, LLM_API_KEY_CLOUD: 'cloud-key', LLM_MODEL_CLOUD: 'cloud-model' }
      : {}),
  };
}

/** The one decision line a request left in the log. */
export function routeLines(logs: LogCapture, requestId: string): Record<string, unknown>[] {
  return logs.lines.filter((l) => l.event === 'llm_route' && l.request_id === requestId);
}

/** A conversation of one user message, as most chat tests send. */
export const ask = (content: string) => [{ role: 'user', content }];

/** Run-time documents and vectors in a folder of the test's own, never in services/ai/data. */
export const retrievalEnv = (dir: string): Record<string, string> => ({
  GRAPH_RAG_RUNTIME_PATH: join(dir, 'rag-runtime-index.json'),
  VECTOR_STORE_PATH: join(dir, 'vector-store.json'),
});

/** A citation as a retrieval chat answers it (the service's own type). */
export type { Citation as AnsweredCitation } from '../../src/retrieval/context.js';
