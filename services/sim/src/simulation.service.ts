/**
 * One simulation request, start to end: validate (400 / 422 before any thread is taken), run the
 * solver and draw the figure in the pool (503 when full, 504 at the time limit), and hand back
 * the finished response body: the JSON envelope, or the answer in parts (issue 18).
 */
import { MessageChannel } from 'node:worker_threads';
import { AppError, encodeSimParts } from '@faraday/contracts';
import type { SolverName } from '@faraday/physics';
import type { FastifyBaseLogger } from 'fastify';
import { arraysAsJson, sizeOf } from './answer-parts.js';
import { validateSimulationRequest } from './request-validation.js';
import { type Caller, CallerGone, type SolverPool } from './solver-pool.js';
import type { ArraysMessage, PartsResult, SolverTask } from './solver-task.js';

export interface SimulationContext {
  /** Fires when the caller disconnects: a waiting request leaves the queue, a running one is stopped. */
  signal: AbortSignal;
  /** Who it is for, for the pool's per-user limit and its share between sweeps and interactive runs. */
  caller: Caller;
  log: FastifyBaseLogger;
}

/** How long the arrays posted before the figure may trail the finished task (they never should). */
const ARRAYS_GRACE_MS = 10_000;

function logDone(
  ctx: SimulationContext,
  task: SolverTask,
  result: { computationTime: number; renderTime: number },
  bytes: number,
) {
  ctx.log.info(
    {
      solver: task.solver,
      grid_points: task.gridPoints,
      output_type: task.outputType,
      answer: task.parts ? `parts/${task.parts}` : 'envelope',
      computation_time: result.computationTime,
      render_time: result.renderTime,
      bytes,
    },
    'simulation done',
  );
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
  if (!('body' in result)) throw new Error('the worker answered in parts to an envelope task');
  logDone(ctx, task, result, result.body.byteLength);
  return Buffer.from(result.body.buffer, result.body.byteOffset, result.body.byteLength);
}

/**
 * Returns the answer in parts (contracts' simulation-parts), as chunks to send one after the
 * other. With `json` arrays the worker posts the values when the solver is done, and their JSON
 * is written here while the worker draws: two cores, one round trip.
 */
export async function runSimulationInParts(
  pool: SolverPool,
  solver: SolverName,
  body: unknown,
  arrays: 'json' | 'float64',
  ctx: SimulationContext,
): Promise<Uint8Array[]> {
  const task: SolverTask = { ...validateSimulationRequest(solver, body), parts: arrays };
  if (arrays === 'float64') {
    const result = asParts(await pool.run(task, ctx.signal, ctx.caller));
    return finish(ctx, task, result, partsOf(result.parts, floatParts(result.parts)));
  }
  const channel = new MessageChannel();
  let failed = false;
  const json = new Promise<Uint8Array[]>((resolve, reject) => {
    channel.port1.once('message', (message: ArraysMessage) =>
      arraysAsJson(message.values, message.shapes, () => failed || ctx.signal.aborted).then(resolve, reject),
    );
  });
  json.catch(() => {}); // settled below, or abandoned when the computation fails
  try {
    const result = asParts(await pool.run({ ...task, arraysPort: channel.port2 }, ctx.signal, ctx.caller));
    const texts = await withGrace(json).catch((error: unknown) => {
      // Writing stops when the caller leaves: answer as for a computation stopped that way.
      throw ctx.signal.aborted ? new CallerGone() : error;
    });
    return finish(
      ctx,
      task,
      result,
      partsOf(
        result.parts,
        texts.map((t) => ({ bytes: t, encoding: 'json' })),
      ),
    );
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    channel.port1.close();
  }
}

type Done = { parts: PartsResult; computationTime: number; renderTime: number };

/** A pool result of a parts task (the worker answers in the form the task asks for). */
function asParts(result: object): Done {
  if (!('parts' in result)) throw new Error('the worker answered an envelope to a parts task');
  return result as Done;
}

function finish(ctx: SimulationContext, task: SolverTask, result: Done, chunks: Uint8Array[]): Uint8Array[] {
  logDone(
    ctx,
    task,
    result,
    chunks.reduce((n, c) => n + c.byteLength, 0),
  );
  return chunks;
}

function floatParts(parts: PartsResult): { bytes: Uint8Array; encoding: 'float64' }[] {
  const values = parts.values ?? new Float64Array(0);
  let at = 0;
  return parts.shapes.map((shape) => {
    const count = sizeOf(shape);
    const view = values.subarray(at, at + count);
    at += count;
    return { bytes: new Uint8Array(view.buffer, view.byteOffset, view.byteLength), encoding: 'float64' };
  });
}

function partsOf(
  parts: PartsResult,
  arrays: { bytes: Uint8Array; encoding: 'json' | 'float64' }[],
): Uint8Array[] {
  return encodeSimParts({
    documentJson: parts.document,
    png: parts.png,
    arrays: arrays.map((a, i) => ({ shape: parts.shapes[i] ?? [], encoding: a.encoding, bytes: a.bytes })),
  });
}

async function withGrace<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('COMPUTATION_FAILED', 'The computation did not hand over its arrays')),
      ARRAYS_GRACE_MS,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
