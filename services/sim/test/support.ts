import { fileURLToPath } from 'node:url';
import type { SimulationType } from '@faraday/contracts';
import { LogCapture, parseConfig } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { simEnvSchema, toSimConfig } from '../src/config.js';

/** Runs these suites' workers and their misbehaving stand-ins from a plain .mjs file (no build step). */
export const MISBEHAVING_WORKER = fileURLToPath(
  new URL('./fixtures/misbehaving-worker.mjs', import.meta.url),
);

export interface SimServer {
  app: FastifyInstance;
  address: string;
  logs: LogCapture;
}

/** Starts a sim service on port 0 for the suite (registered with beforeAll/afterAll). */
export function useSimServer(env: Record<string, string> = {}, workerModule?: string): SimServer {
  const server = { logs: new LogCapture() } as SimServer;
  beforeAll(async () => {
    const config = toSimConfig(parseConfig(simEnvSchema, { SIM_WORKERS: '2', ...env }));
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
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

export async function poolStatus(server: SimServer) {
  const res = await fetch(`${server.address}/v1/sim/status`);
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

/** A typical request per solver, with the spec 4.3 request fields. */
export const typicalRequests: Record<SimulationType, Record<string, unknown>> = {
  laplace2d: {
    nx: 60,
    ny: 40,
    v_top: 100,
    v_bottom: 0,
    v_left: 0,
    v_right: 0,
    max_iterations: 100,
    tolerance: 1e-6,
    visualization: { show_contour: true, show_field: true, colormap: 'viridis' },
  },
  point_charges: {
    charges: [
      { x: -0.5, y: 0, q: 1e-9 },
      { x: 0.5, y: 0, q: -1e-9 },
    ],
    x_min: -2,
    x_max: 2,
    y_min: -2,
    y_max: 2,
    grid_size: 60,
    show_potential: true,
    show_field_lines: true,
    show_equipotentials: true,
  },
  gauss_flux: {
    charges: [
      { x: 0.2, y: 0, q: 2e-9 },
      { x: 3, y: 0, q: 5e-9 },
    ],
    surface: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
    grid_resolution: 64,
  },
  wire_field: {
    wires: [
      { type: 'infinite_straight', x: -0.5, y: 0, current: 10, direction: 'z' },
      { type: 'infinite_straight', x: 0.5, y: 0, current: -10, direction: 'z' },
    ],
    x_min: -2,
    x_max: 2,
    y_min: -2,
    y_max: 2,
    grid_size: 60,
    show_field_lines: true,
  },
  solenoid: {
    n_turns: 100,
    length: 0.2,
    radius: 0.02,
    current: 1,
    analysis_points: { axial_range: [-0.2, 0.2], radial_range: [0, 0.04], n_points: 101 },
  },
  ampere_loop: {
    current_sources: [
      { type: 'wire', x: 0, y: 0, current: 5 },
      { type: 'wire', x: 2, y: 0, current: 3 },
    ],
    loop: { type: 'circle', center_x: 0, center_y: 0, radius: 0.5 },
    n_points: 360,
  },
  wave_1d: {
    length: 1,
    total_time: 5e-9,
    nx: 201,
    source: { type: 'gaussian', position: 0.5, amplitude: 1, width: 0.05, frequency: 0 },
    boundary_condition: 'absorbing',
    medium: { epsilon_r: 1, mu_r: 1, sigma: 0 },
    output_type: 'png_base64',
  },
  fresnel: {
    n1: 1,
    n2: 1.5,
    theta_i: 45,
    polarization: 's',
    angle_range: { min: 0, max: 90, points: 91 },
  },
};
