import { resolve } from 'node:path';
import { ConfigError, parseConfig } from '@faraday/server-kit';
import { describe, expect, it } from 'vitest';
import { aiEnvSchema, toAiConfig } from '../src/config.js';

const token = { AI_GATEWAY_SHARED_TOKEN: 'x'.repeat(16) };
const configOf = (env: Record<string, string>) => toAiConfig(parseConfig(aiEnvSchema, { ...token, ...env }));

/** The token is given unless the case removes it (`AI_GATEWAY_SHARED_TOKEN: ''` is not the same). */
function problemsOf(env: Record<string, string>, withToken = true): string[] {
  try {
    parseConfig(aiEnvSchema, withToken ? { ...token, ...env } : env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('AI service configuration', () => {
  it('with no upstream configured runs simulated, local_first, with the spec timeouts', () => {
    const config = configOf({});
    expect(config.llm).toEqual({
      policy: 'local_first',
      cloudFallbackNonprod: false,
      local: undefined,
      cloud: undefined,
    });
    expect(
      configOf({ LLM_BASE_URL_LOCAL: 'http://l:1', LLM_API_KEY_LOCAL: 'k', LLM_MODEL_LOCAL: 'm' }).llm.local,
    ).toMatchObject({ timeoutMs: 30_000 });
    expect(
      configOf({ LLM_BASE_URL_CLOUD: 'http://c:1', LLM_API_KEY_CLOUD: 'k', LLM_MODEL_CLOUD: 'm' }).llm.cloud,
    ).toMatchObject({ timeoutMs: 60_000 });
  });

  it('retrieval: on with the shipped index outside prod, written files under DATA_DIR, hash embeddings', () => {
    const { retrieval } = configOf({});
    expect(retrieval).toMatchObject({
      enabled: true,
      embedding: { provider: 'hash' },
      maxDocumentChars: 1_000_000,
    });
    expect(retrieval.indexPath).toMatch(/services\/ai\/corpus\/index\/graph-index\.json$/);
    expect(retrieval.runtimePath).toBe(resolve('data/rag-runtime-index.json'));
    // Every file the service writes lives under DATA_DIR, never in the checkout.
    const elsewhere = configOf({ DATA_DIR: '/srv/faraday-ai' });
    expect(elsewhere.retrieval).toMatchObject({
      runtimePath: '/srv/faraday-ai/rag-runtime-index.json',
      vectorStorePath: '/srv/faraday-ai/vector-store.json',
    });
    expect(elsewhere.tutoring.sessionStorePath).toBe('/srv/faraday-ai/guided-sessions.db');
    // Redis keys name the environment, so two environments on one Redis never share documents.
    const shared = (appEnv: string) =>
      configOf({
        APP_ENV: appEnv,
        REDIS_URL: 'redis://127.0.0.1:6379',
        AI_GATEWAY_SHARED_TOKEN: 'x'.repeat(16),
      });
    expect(shared('dev').retrieval.shared?.prefix).toBe('faraday:dev:ai:rag-runtime:');
    expect(shared('prod').retrieval.shared?.prefix).toBe('faraday:prod:ai:rag-runtime:');
    expect(shared('prod').tutoring.redisPrefix).toBe('faraday:prod:ai:');
    expect(configOf({ APP_ENV: 'prod', AI_GATEWAY_SHARED_TOKEN: 'x'.repeat(16) }).retrieval.enabled).toBe(
      false,
    );
    expect(
      configOf({ GRAPH_RAG_ENABLED: 'false', GRAPH_RAG_INDEX_PATH: '/srv/idx.json' }).retrieval,
    ).toMatchObject({
      enabled: false,
      indexPath: '/srv/idx.json',
    });
    const api = configOf({
      EMBEDDING_PROVIDER: 'api',
      EMBEDDING_MODEL: 'nomic-embed-text',
      LLM_BASE_URL: 'http://127.0.0.1:11434',
      LLM_API_KEY: 'k',
      LLM_MODEL: 'qwen',
    }).retrieval.embedding;
    expect(api).toMatchObject({
      provider: 'api',
      model: 'nomic-embed-text',
      baseUrl: 'http://127.0.0.1:11434',
    });
  });

  it('refuses api embeddings without a model or without the local upstream', () => {
    const problems = problemsOf({ EMBEDDING_PROVIDER: 'api' });
    expect(problems.some((p) => p.includes('EMBEDDING_MODEL'))).toBe(true);
    expect(problems.some((p) => p.includes('EMBEDDING_PROVIDER') && p.includes('local upstream'))).toBe(true);
    expect(
      problemsOf({ RAG_MAX_DOCUMENT_CHARS: '10' }).some((p) => p.includes('RAG_MAX_DOCUMENT_CHARS')),
    ).toBe(true);
  });

  it('takes the single upstream as the local one, without a trailing slash', () => {
    const config = configOf({
      LLM_BASE_URL: 'http://127.0.0.1:11434/',
      LLM_API_KEY: 'any',
      LLM_MODEL: 'qwen',
      LLM_LOCAL_TIMEOUT_SEC: '2.5',
    });
    expect(config.llm.local).toEqual({
      name: 'local',
      baseUrl: 'http://127.0.0.1:11434',
      apiKey: 'any',
      model: 'qwen',
      timeoutMs: 2500,
    });
  });

  it('reads the cloud fallback flag as people write it', () => {
    expect(configOf({ LLM_ENABLE_CLOUD_FALLBACK_NONPROD: 'yes' }).llm.cloudFallbackNonprod).toBe(true);
    expect(configOf({ LLM_ENABLE_CLOUD_FALLBACK_NONPROD: 'false' }).llm.cloudFallbackNonprod).toBe(false);
  });

  it('refuses a base URL that already ends in /v1', () => {
    expect(problemsOf({ LLM_BASE_URL: 'http://x:1/v1', LLM_API_KEY: 'k', LLM_MODEL: 'm' }).join()).toMatch(
      /LLM_BASE_URL: must not end in \/v1/,
    );
  });

  it('names every missing part of a half-configured upstream', () => {
    expect(problemsOf({ LLM_BASE_URL_CLOUD: 'http://c:1' })).toEqual([
      'LLM_API_KEY_CLOUD: is required when LLM_BASE_URL_CLOUD is set',
      'LLM_MODEL_CLOUD: is required when LLM_BASE_URL_CLOUD is set',
    ]);
  });

  it('refuses the single and the local upstream together', () => {
    const both = {
      LLM_BASE_URL: 'http://a:1',
      LLM_API_KEY: 'k',
      LLM_MODEL: 'm',
      LLM_BASE_URL_LOCAL: 'http://b:1',
      LLM_API_KEY_LOCAL: 'k',
      LLM_MODEL_LOCAL: 'm',
    };
    expect(problemsOf(both).join()).toMatch(
      /LLM_BASE_URL: set either the single upstream or LLM_BASE_URL_LOCAL/,
    );
  });

  it('stops in production with a policy other than local_first, and anywhere without the gateway token', () => {
    const cloud = { LLM_BASE_URL_CLOUD: 'http://c:1', LLM_API_KEY_CLOUD: 'k', LLM_MODEL_CLOUD: 'm' };
    const missingToken =
      'AI_GATEWAY_SHARED_TOKEN: is required (the backend sends it; /v1/index refuses callers without it)';
    expect(problemsOf({ APP_ENV: 'prod', LLM_ROUTING_POLICY: 'cloud_only', ...cloud }, false)).toEqual([
      'LLM_ROUTING_POLICY: must be local_first when APP_ENV=prod',
      missingToken,
    ]);
    expect(problemsOf({ APP_ENV: 'development' }, false)).toEqual([missingToken]);
    expect(configOf({ APP_ENV: 'development', LLM_ROUTING_POLICY: 'cloud_only', ...cloud }).llm.policy).toBe(
      'cloud_only',
    );
  });

  it('refuses cloud_only without a cloud upstream, and unknown policies', () => {
    expect(problemsOf({ LLM_ROUTING_POLICY: 'cloud_only' })).toEqual([
      'LLM_BASE_URL_CLOUD: is required when LLM_ROUTING_POLICY=cloud_only',
    ]);
    expect(problemsOf({ LLM_ROUTING_POLICY: 'random' }).join()).toMatch(/LLM_ROUTING_POLICY/);
  });
});
