import { describe, expect, it } from 'vitest';
import { buildTestAi } from './support/ai-app.js';

describe('AI service readiness', () => {
  it.each([
    [{}, 200, 'ready'],
    [{ GRAPH_RAG_ENABLED: 'false' }, 200, 'disabled'],
    [{ GRAPH_RAG_INDEX_PATH: '/nonexistent/graph-index.json' }, 503, undefined],
  ] as const)('with %j answers /readyz %i', async (env, status, retrieval) => {
    const { app } = await buildTestAi(env);
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(status);
      if (retrieval) expect(res.json().data).toEqual({ status: 'ok', retrieval });
      else expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
      // Liveness stays up either way.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
