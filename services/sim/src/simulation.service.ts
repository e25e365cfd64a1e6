/**
 * One simulation request, start to end: validate (400 / 422 before any thread is taken), run the
 * solver and draw the figure in the pool (503 when full, 504 at the time limit), and hand back
 * the finished response body.
 */
import type { SolverName } from '@faraday/physics';
import type { FastifyBaseLogger } from 'fastify';
import { validateSimulationRequest } from './request-validation.js';
import type { Caller, SolverPool } from './solver-pool.js';

export interface SimulationContext {
  /** Fires when the caller disconnects: a waiting request leaves the queue, a running one is stopped. */
  signal: AbortSignal;
  /** Who it is for, for the pool's per-user limit and its share between sweeps and interactive runs. */
  caller: Caller;
  log: FastifyBaseLogger;
}

/** Returns the success envelope as JSON bytes, serialised by the worker. */
export async function runSimulation(
  pool: SolverPool,
  solver: SolverName,
  body: unknown,
  ctx: SimulationContext,
): Promise<Buffer> {
  const task = validateSimulationRequest(solver, body);
  const result = await pool.run(task, ctx.signal, ctx.caller);
  ctx.log.info(
    {
      solver,
      grid_points: task.gridPoints,
      output_type: task.outputType,
      computation_time: result.computationTime,
      render_time: result.renderTime,
      bytes: result.body.byteLength,
    },
    'simulation done',
  );
  return Buffer.from(result.body.buffer, result.body.byteOffset, result.body.byteLength);
}
