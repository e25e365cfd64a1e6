import { callService, LogCapture, parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { simEnvSchema, toSimConfig } from '../src/config.js';

let app: FastifyInstance;
let address: string;
const logs = new LogCapture();

beforeAll(async () => {
  app = await buildApp(toSimConfig(parseConfig(simEnvSchema, {})), { logStream: logs });
  address = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

describe('sim service foundation', () => {
  it('answers /healthz with status ok (also at the top level for probes)', async () => {
    const res = await fetch(`${address}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { status: 'ok' }, status: 'ok' });
  });

  it('answers unknown routes in the envelope', async () => {
    const res = await fetch(`${address}/v1/sim/nothing`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
  });

  it('logs under the request id a calling service passes on', async () => {
    const data = await callService<{ status: string }>('sim', address, '/healthz', {
      requestId: 'trace-from-backend',
      timeoutMs: 2000,
    });
    expect(data.status).toBe('ok');
    // /healthz logs only warnings; an unknown route logs its request lines.
    await fetch(`${address}/v1/unknown`, { headers: { 'x-request-id': 'trace-from-backend' } });
    expect(logs.lines.some((l) => l.request_id === 'trace-from-backend' && l.service === 'sim')).toBe(true);
  });

  it('serves its OpenAPI document and docs page', async () => {
    const doc = await (await fetch(`${address}/openapi.json`)).json();
    expect(doc.info.title).toBe('Faraday simulation service');
    expect((await fetch(`${address}/docs/`)).status).toBe(200);
  });
});
