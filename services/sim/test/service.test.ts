import { availableParallelism } from 'node:os';
import { SIM_CALLER_HEADERS, simulationTypes } from '@faraday/contracts';
import { solverExamples } from '@faraday/physics/schemas';
import { callService, LogCapture, parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { simEnvSchema, toSimConfig } from '../src/config.js';
import { SIM_AUTH, SIM_TOKEN, simTestEnv } from './support.js';

interface OpenApiSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}
interface OpenApiDocument {
  info: { title: string };
  paths: Record<
    string,
    { post?: { requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } } } | undefined
  >;
}

let app: FastifyInstance;
let address: string;
const logs = new LogCapture();

beforeAll(async () => {
  app = await buildApp(toSimConfig(parseConfig(simEnvSchema, simTestEnv)), { logStream: logs });
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
    const res = await fetch(`${address}/v1/sim/nothing`, { method: 'POST', headers: SIM_AUTH });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
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
    const doc = (await (await fetch(`${address}/openapi.json`)).json()) as OpenApiDocument;
    expect(doc.info.title).toBe('Faraday API · simulation service');
    expect((await fetch(`${address}/docs/`)).status).toBe(200);
  });

  it('documents each solver route with its request fields, figure options and output kinds', async () => {
    const doc = (await (await fetch(`${address}/openapi.json`)).json()) as OpenApiDocument;
    for (const solver of simulationTypes) {
      const body = doc.paths[`/v1/sim/${solver}`]?.post?.requestBody?.content?.['application/json']?.schema;
      expect(body?.properties, solver).toHaveProperty('visualization');
      expect(body?.properties, solver).toHaveProperty('output_type');
    }
    const laplace = doc.paths['/v1/sim/laplace2d']?.post?.requestBody?.content?.['application/json']?.schema;
    expect(laplace?.properties?.nx).toMatchObject({ type: 'integer', minimum: 3, maximum: 2000 });
    expect(laplace?.required).toEqual(
      expect.arrayContaining(['nx', 'ny', 'v_top', 'v_bottom', 'v_left', 'v_right']),
    );
  });

  it('refuses /v1 callers without the service token, or with a wrong one, in development too', async () => {
    const refused: Record<string, string>[] = [{}, { [SIM_CALLER_HEADERS.token]: `${SIM_TOKEN}x` }];
    for (const headers of refused) {
      const res = await fetch(`${address}/v1/sim/laplace2d`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(solverExamples.laplace2d),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    expect((await fetch(`${address}/v1/sim/status`)).status).toBe(401);
    expect(() => parseConfig(simEnvSchema, {})).toThrow(/AI_GATEWAY_SHARED_TOKEN: is required/);
  });

  it('reports the pool at /v1/sim/status', async () => {
    const res = await fetch(`${address}/v1/sim/status`, { headers: SIM_AUTH });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { workers: number } };
    expect(data).toMatchObject({ running: 0, queued: 0, queue_limit: 20, timeout_sec: 300 });
    expect(data.workers).toBeGreaterThanOrEqual(1);
    expect(data.workers).toBeLessThanOrEqual(5);
  });
});

describe('sim service configuration', () => {
  it('defaults to min(cores, 5) workers, a queue of 20 and 300 s, and caps workers at 5', () => {
    const config = toSimConfig(parseConfig(simEnvSchema, simTestEnv));
    expect(config.workers).toBe(Math.min(availableParallelism(), 5));
    expect(config).toMatchObject({ queueSize: 20, timeoutSec: 300 });
    expect(
      toSimConfig(parseConfig(simEnvSchema, { ...simTestEnv, SIM_WORKERS: '3', SIM_QUEUE_SIZE: '0' })),
    ).toMatchObject({
      workers: 3,
      queueSize: 0,
    });
    expect(() => parseConfig(simEnvSchema, { ...simTestEnv, SIM_WORKERS: '6' })).toThrow(/SIM_WORKERS/);
    expect(() => parseConfig(simEnvSchema, { ...simTestEnv, SIM_QUEUE_SIZE: '-1' })).toThrow(
      /SIM_QUEUE_SIZE/,
    );
  });
});
