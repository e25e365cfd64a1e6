import { fileURLToPath } from 'node:url';
import { SIM_CALLER_HEADERS } from '@faraday/contracts';
import { LogCapture, parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { simEnvSchema, toSimConfig } from '../src/config.js';

/** Runs these suites' workers and their misbehaving stand-ins from a plain .mjs file (no build step). */
export const MISBEHAVING_WORKER = fileURLToPath(
  new URL('./fixtures/misbehaving-worker.mjs', import.meta.url),
);

/** The shared service token the suites' servers require; `SIM_AUTH` is the header that carries it. */
export const SIM_TOKEN = 'sim-test-service-token-0123';
export const SIM_AUTH = { [SIM_CALLER_HEADERS.token]: SIM_TOKEN };
export const simTestEnv = { AI_GATEWAY_SHARED_TOKEN: SIM_TOKEN };

export interface SimServer {
  app: FastifyInstance;
  address: string;
  logs: LogCapture;
}

/** Starts a sim service on port 0 for the suite (registered with beforeAll/afterAll). */
export function useSimServer(env: Record<string, string> = {}, workerModule?: string): SimServer {
  const server = { logs: new LogCapture() } as SimServer;
  beforeAll(async () => {
    const config = toSimConfig(parseConfig(simEnvSchema, { SIM_WORKERS: '2', ...simTestEnv, ...env }));
    server.app = await buildApp(config, {
      logStream: server.logs,
      ...(workerModule ? { workerModule } : {}),
    });
    server.address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.app?.close();
  });
  return server;
}

export interface SimResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field in the tests
  body: any;
}

/** POSTs a JSON body (a string is sent as it is, e.g. `{"nx": 1e400}`). */
export async function postSim(
  server: SimServer,
  solver: string,
  body: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<SimResponse> {
  const res = await fetch(`${server.address}/v1/sim/${solver}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...SIM_AUTH, ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

export async function poolStatus(server: SimServer) {
  const res = await fetch(`${server.address}/v1/sim/status`, { headers: SIM_AUTH });
  return ((await res.json()) as { data: unknown }).data as {
    workers: number;
    running: number;
    running_background: number;
    queued: number;
    completed: number;
    failed: number;
    crashed: number;
    timed_out: number;
  };
}

/** Polls the pool until `ready` holds (no fixed sleeps: the suite waits for a state, not a time). */
export async function waitForPool(
  server: SimServer,
  ready: (s: Awaited<ReturnType<typeof poolStatus>>) => boolean,
): Promise<void> {
  await vi.waitFor(
    async () => {
      const status = await poolStatus(server);
      if (!ready(status)) throw new Error(`the pool is not there yet: ${JSON.stringify(status)}`);
    },
    { timeout: 20_000, interval: 20 },
  );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(base64: unknown): boolean {
  if (typeof base64 !== 'string' || base64.length < 100) return false;
  return Buffer.from(base64, 'base64').subarray(0, 8).equals(PNG_SIGNATURE);
}
