import { parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { aiEnvSchema, toAiConfig } from '../src/config.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp(
    toAiConfig(parseConfig(aiEnvSchema, { LOG_LEVEL: 'silent', AI_GATEWAY_SHARED_TOKEN: 'x'.repeat(16) })),
  );
});

afterAll(async () => {
  await app.close();
});

describe('AI service foundation', () => {
  it('answers /healthz with status ok (also at the top level for probes)', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { status: 'ok', retrieval: expect.objectContaining({ status: 'ready' }) },
      status: 'ok',
    });
  });

  it('answers unknown routes in the envelope', async () => {
    const missing = await app.inject({ method: 'GET', url: '/v1/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('echoes the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'r-42' } });
    expect(res.headers['x-request-id']).toBe('r-42');
  });
});
