import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatModes, RAG_MODE_SUFFIX } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAi, upstreamEnv } from '../services/ai/test/support/ai-app.js';
import { FakeOpenAI } from '../services/ai/test/support/fake-openai.js';
import { buildTestApp } from '../services/backend/test/support/app.js';
import { loginAs } from '../services/backend/test/support/auth.js';
import { providerEnv } from '../services/backend/test/support/corpchat.js';
import { type TestDatabase, testDatabaseFactories } from '../services/backend/test/support/databases.js';
import { FakeCorpchat } from '../services/backend/test/support/fake-corpchat.js';
import { courseWithPeople } from '../services/backend/test/support/resources.js';
import { useSimServer } from '../services/sim/test/support.js';
import { expressionCases, type FuzzReport, fuzzCases, runFuzz } from './support/fuzz.js';
import type { OpenApiDocument } from './support/openapi.js';

/**
 * The hostile-input attack, re-run on every test run. Each service's own /openapi.json drives
 * the cases (so new routes and fields are fuzzed without editing this file); a seeded
 * generator picks the hostile values; every request must be answered (none hangs), under 5xx,
 * in the envelope with a catalogue code. The backend is fuzzed on SQLite and PostgreSQL (CI sets
 * TEST_POSTGRES_URL), wired to a real sim service and AI service (its model a local fake).
 * FUZZ_SEED replays another seed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 17);
const GATEWAY_TOKEN = 'fuzz-gateway-token-0123456789';
const PER_INPUT = 3;
const MAX_PER_OPERATION = 30;

const dataDir = mkdtempSync(join(tmpdir(), 'faraday-fuzz-'));
const sim = useSimServer({ SIM_WORKERS: '2', SIM_TIMEOUT_SEC: '4', AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN });
let upstream: FakeOpenAI;
let ai: FastifyInstance;
let aiAddress: string;
// Without an upstream every mode answers from the service's own code (formula reading, grading).
let simulatedAi: FastifyInstance;
let simulatedAiAddress: string;

beforeAll(async () => {
  upstream = await FakeOpenAI.start();
  ai = (
    await buildTestAi({
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      SIM_SERVICE_URL: sim.address,
      SESSION_STORE_PATH: join(dataDir, 'guided-sessions.db'),
      GRAPH_RAG_RUNTIME_PATH: join(dataDir, 'rag-runtime-index.json'),
      VECTOR_STORE_PATH: join(dataDir, 'vector-store.json'),
      ...upstreamEnv({ local: upstream.url, cloud: upstream.url }),
    })
  ).app;
  aiAddress = await ai.listen({ host: '127.0.0.1', port: 0 });
  simulatedAi = (
    await buildTestAi({
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      SIM_SERVICE_URL: sim.address,
      SESSION_STORE_PATH: join(dataDir, 'simulated-guided-sessions.db'),
      GRAPH_RAG_RUNTIME_PATH: join(dataDir, 'simulated-rag-runtime-index.json'),
      VECTOR_STORE_PATH: join(dataDir, 'simulated-vector-store.json'),
    })
  ).app;
  simulatedAiAddress = await simulatedAi.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await ai?.close();
  await simulatedAi?.close();
  await upstream?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openapiOf(address: string): Promise<OpenApiDocument> {
  return (await fetch(`${address}/openapi.json`)).json() as Promise<OpenApiDocument>;
}

function summarise(service: string, report: FuzzReport): string {
  const statuses = Object.entries(report.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return `fuzz ${service} (seed ${SEED}): ${report.requests} requests, ${report.failures.length} failures; ${statuses}`;
}

function expectNoFailures(report: FuzzReport): void {
  const shown = report.failures.slice(0, 40).map((f) => `${f.case} → ${f.status}: ${f.problem} ${f.body}`);
  expect(shown, `${report.failures.length} failures`).toEqual([]);
}

describe('fuzzing the internal services', () => {
  it('sim service: every operation, hostile values, no 5xx, always the envelope, never a hang', async () => {
    const doc = await openapiOf(sim.address);
    const cases = fuzzCases(doc, {
      seed: SEED,
      perInput: PER_INPUT,
      maxPerOperation: MAX_PER_OPERATION,
      // With the token: refusals at the door would prove nothing about the solvers' input handling.
      headers: () => ({ 'x-faraday-service-token': GATEWAY_TOKEN }),
    });
    const report = await runFuzz(sim.address, cases);
    console.info(summarise('sim', report));
    expect(report.requests).toBeGreaterThan(100);
    expectNoFailures(report);
  }, 240_000);

  it('AI service: every operation with the gateway token, no 5xx, always the envelope, never a hang', async () => {
    const doc = await openapiOf(aiAddress);
    const cases = fuzzCases(doc, {
      seed: SEED,
      perInput: PER_INPUT,
      maxPerOperation: MAX_PER_OPERATION,
      headers: () => ({ 'x-ai-gateway-token': GATEWAY_TOKEN }),
    });
    const report = await runFuzz(aiAddress, cases);
    console.info(summarise('ai', report));
    expect(report.requests).toBeGreaterThan(100);
    expectNoFailures(report);
  }, 240_000);

  it('AI service: long flat and deeply nested formulas in every text field of every mode get an answer or a 400', async () => {
    const doc = await openapiOf(simulatedAiAddress);
    const modes = [...chatModes, ...chatModes.map((m) => `${m}${RAG_MODE_SUFFIX}`)];
    const cases = expressionCases(doc, { modes, headers: () => ({ 'x-ai-gateway-token': GATEWAY_TOKEN }) });
    const report = await runFuzz(simulatedAiAddress, cases);
    console.info(summarise('ai (formula shapes)', report));
    // Every mode sees every shape in the chat message at least.
    expect(report.requests).toBeGreaterThan(modes.length * 12);
    expectNoFailures(report);
  }, 240_000);
});

const backendDatabases = testDatabaseFactories().filter((f) => f.name === 'sqlite' || f.name === 'postgres');

describe.each(backendDatabases)('fuzzing the backend on $name', (factory) => {
  let database: TestDatabase;
  let backend: FastifyInstance;
  let address: string;
  let corpchat: FakeCorpchat;

  beforeAll(async () => {
    database = await factory.create();
    corpchat = await FakeCorpchat.start();
    const t = await buildTestApp(database, {
      ...providerEnv(corpchat),
      BCRYPT_COST: '4',
      AI_SERVICE_URL: aiAddress,
      SIM_SERVICE_URL: sim.address,
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      SIM_REQUEST_TIMEOUT_SEC: '4.5',
      // Every case should reach its handler, not the rate limiter.
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      SIM_RATE_LIMIT_PER_MINUTE: '100000',
      SWEEP_RATE_LIMIT_PER_HOUR: '100000',
      HISTORY_RATE_LIMIT_PER_MINUTE: '100000',
      AI_RATE_LIMIT_PER_MINUTE: '100000',
    });
    backend = t.app;
    address = await backend.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await backend?.close();
    await corpchat?.close();
    await database?.drop();
  });

  it('every operation with an admin token: no 5xx, always the envelope, never a hang', async () => {
    const doc = await openapiOf(address);
    const people = await courseWithPeople({ app: backend } as Parameters<typeof courseWithPeople>[0]);
    // Logging out revokes the token it is sent with: those cases get a token of their own.
    const spareToken = await loginAs(backend, 'admin');
    const cases = fuzzCases(doc, {
      seed: SEED,
      perInput: PER_INPUT,
      maxPerOperation: MAX_PER_OPERATION,
      knownIds: { course_id: people.courseId },
      headers: (op) =>
        op.path.endsWith('/auth/logout')
          ? { authorization: `Bearer ${spareToken}` }
          : op.secured
            ? people.as.admin
            : {},
    });
    const report = await runFuzz(address, cases);
    console.info(summarise(`backend on ${factory.name}`, report));
    expect(report.requests).toBeGreaterThan(500);
    expectNoFailures(report);
  }, 480_000);
});
