import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, buildTestAi, gatewayHeaders, retrievalEnv } from './support/ai-app.js';
import { removeDir, tempDir } from './support/tutoring-app.js';

/** Retrieval chat when its index is missing, corrupt or switched off: the service starts and says why. */
describe('retrieval unavailable', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('faraday-rag-bad-');
    await writeFile(
      join(dir, 'corrupt.json'),
      '{"format": "faraday-graph-index", "version": 1, "chunks": [',
      'utf8',
    );
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it.each([
    ['missing', 'missing.json'],
    ['corrupt', 'corrupt.json'],
  ])(
    'a %s index file: the service starts, /healthz says why, _rag and hybrid answer 503',
    async (_, file) => {
      const indexPath = join(dir, file);
      const t = await buildTestAi({ ...retrievalEnv(dir), GRAPH_RAG_INDEX_PATH: indexPath });
      try {
        const health = await t.app.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
        expect(health.json()).toMatchObject({ success: true, status: 'ok', data: { status: 'ok' } });
        const retrieval = health.json().data.retrieval;
        expect(retrieval.status).toBe('unavailable');
        expect(retrieval.reason).toContain(file);

        for (const url of ['/v1/chat', '/v1/chat/hybrid']) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: { mode: 'tutor_rag', messages: ask('What is Gauss’s law?') },
          });
          expect(res.statusCode, url).toBe(503);
          expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
          expect(res.json().error.message).toMatch(/^Retrieval is unavailable: .*/);
          expect(res.json().error.message).toContain(file);
        }
        const add = await t.app.inject({
          method: 'POST',
          headers: gatewayHeaders,
          url: '/v1/index/documents',
          payload: { source: 'a.md', text: '# A\n\nSome text.' },
        });
        expect(add.statusCode).toBe(503);
        // Everything that does not need retrieval still works.
        const plain = await t.app.inject({
          method: 'POST',
          url: '/v1/chat',
          payload: { mode: 'tutor', messages: ask('What is Gauss’s law?') },
        });
        expect(plain.statusCode).toBe(200);
        expect(t.logs.lines.some((l) => l.msg === 'retrieval unavailable')).toBe(true);
      } finally {
        await t.app.close();
      }
    },
  );

  it('GRAPH_RAG_ENABLED=false: /healthz says disabled and _rag answers 503 saying so', async () => {
    const t = await buildTestAi({ ...retrievalEnv(dir), GRAPH_RAG_ENABLED: 'false' });
    try {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.json().data.retrieval).toEqual({ status: 'disabled' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/chat',
        payload: { mode: 'tutor_rag', messages: ask('What is Gauss’s law?') },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toMatch(/GRAPH_RAG_ENABLED=false/);
    } finally {
      await t.app.close();
    }
  });
});
