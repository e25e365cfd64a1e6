import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Db } from '../../src/db/database.js';

/** Helpers of the sweep tests: sweep requests, and polling with a deadline (never a fixed sleep). */

export type Auth = { authorization: string };

/** gauss_flux around one charge at the origin: every run succeeds, flux = q/ε0. */
export function gaussFluxSweep(sweep: Record<string, { start: number; end: number; steps: number }>) {
  return {
    simulation_type: 'gauss_flux',
    base_parameters: {
      charges: [{ x: 0, y: 0, q: 1e-9 }],
      surface: { type: 'circle', center_x: 0, center_y: 0, radius: 1 },
      grid_resolution: 32,
    },
    sweep_parameters: Object.fromEntries(
      Object.entries(sweep).map(([path, range]) => [path, { type: 'linear', ...range }]),
    ),
    output_format: 'summary',
  };
}

/** point_charges runs take long enough (a grid and a figure) to catch a sweep in the middle. */
export function pointChargesSweep(steps: number, gridSize = 80) {
  return {
    simulation_type: 'point_charges',
    base_parameters: {
      charges: [
        { x: -0.3, y: 0, q: 1e-9 },
        { x: 0.3, y: 0, q: -1e-9 },
      ],
      grid_size: gridSize,
    },
    sweep_parameters: { 'charges[0].q': { type: 'linear', start: 1e-9, end: 5e-9, steps } },
    output_format: 'summary',
  };
}

/**
 * Calls `read` until `done` holds for its value (vitest's vi.waitFor), or fails after `timeoutMs`
 * naming `what` and showing the last value.
 */
export function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
  intervalMs = 50,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) {
        throw new Error(`waiting for ${what}; last value: ${JSON.stringify(value).slice(0, 2000)}`);
      }
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}

export async function postSweep(app: FastifyInstance, who: Auth, payload: object) {
  return app.inject({ method: 'POST', url: '/api/v1/sim/parameter_sweep', headers: who, payload });
}

export async function progressOf(app: FastifyInstance, who: Auth, taskId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/sim/sweep/${taskId}`, headers: who });
  if (res.statusCode !== 200) throw new Error(`progress of ${taskId}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export async function resultsOf(app: FastifyInstance, who: Auth, taskId: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/sim/sweep/${taskId}/results${query}`,
    headers: who,
  });
  if (res.statusCode !== 200) throw new Error(`results of ${taskId}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Polls the progress until the task has left `processing`. */
export function untilEnded(app: FastifyInstance, who: Auth, taskId: string, timeoutMs = 90_000) {
  return waitFor(
    () => progressOf(app, who, taskId),
    (p) => p.status !== 'processing',
    `sweep ${taskId} to end`,
    timeoutMs,
  );
}

export function runsOf(db: Db, taskId: string) {
  return db.selectFrom('sweep_runs').selectAll().where('task_id', '=', taskId).orderBy('run_index').execute();
}

export async function recordsOf(db: Db, taskId: string): Promise<string[]> {
  const rows = await db.selectFrom('simulations').select('id').where('sweep_id', '=', taskId).execute();
  return rows.map((r) => r.id);
}

export function isPng(base64: string): boolean {
  return Buffer.from(base64, 'base64')
    .subarray(0, 8)
    .equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
}
