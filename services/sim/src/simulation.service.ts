/**
 * One simulation request, start to end: validate (400 / 422 before any thread is taken), run the
 * solver and draw the figure in the pool (503 when full, 504 at the time limit), and hand back
 * the finished response body: the JSON envelope, or the answer in parts.
 */
import { PassThrough, type Readable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { AppError, arrayFrame, errorFrame, headFrame, partsStart, sizeOf } from '@faraday/contracts';
import type { SolverName } from '@faraday/physics';
import type { FastifyBaseLogger } from 'fastify';
import { validateSimulationRequest } from './request-validation.js';
import { type Caller, CallerGone, type SolverPool } from './solver-pool.js';
import type { ArraysMessage, HeadMessage, PartsMessage, SolverTask } from './solver-task.js';

export interface SimulationContext {
  /** Fires when the caller disconnects: a waiting request leaves the queue, a running one is stopped. */
  signal: AbortSignal;
  /** Who it is for, for the pool's per-user limit and its share between sweeps and interactive runs. */
  caller: Caller;
  log: FastifyBaseLogger;
}

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
      answer: task.parts ? 'parts' : 'envelope',
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
 * Returns the answer in parts (contracts' simulation-parts) as a stream. It starts once the solver
 * is done, so errors before that (invalid input, busy, no convergence) are thrown for the route to
 * answer as an envelope. The arrays go out as float64 values as soon as they exist, while the
 * worker draws the figure, and the head with the figure comes last, as soon as it is drawn; a
 * failure after the arrays went out ends the stream with an error frame.
 */
export async function runSimulationInParts(
  pool: SolverPool,
  solver: SolverName,
  body: unknown,
  ctx: SimulationContext,
): Promise<Readable> {
  const task: SolverTask = { ...validateSimulationRequest(solver, body), parts: true };
  const channel = new MessageChannel();
  const messages = partsMessages(channel.port1);
  const done = pool.run({ ...task, partsPort: channel.port2 }, ctx.signal, ctx.caller);
  done.catch(() => {}); // awaited below, or in the stream's writer once the answer has started
  const arrays = await fromWorker(messages.arrays, done).catch((error: unknown) => {
    channel.port1.close();
    throw error;
  });
  const out = new PassThrough();
  out.write(partsStart());
  void streamParts(out, arrays, fromWorker(messages.head, done), ctx, task).finally(() =>
    channel.port1.close(),
  );
  return out;
}

/** The two messages of a task's parts port, as they arrive. */
function partsMessages(port: MessagePort): { arrays: Promise<ArraysMessage>; head: Promise<HeadMessage> } {
  let arrays!: (message: ArraysMessage) => void;
  let head!: (message: HeadMessage) => void;
  const received = {
    arrays: new Promise<ArraysMessage>((resolve) => {
      arrays = resolve;
    }),
    head: new Promise<HeadMessage>((resolve) => {
      head = resolve;
    }),
  };
  port.on('message', (message: PartsMessage) =>
    message.kind === 'arrays' ? arrays(message) : head(message),
  );
  return received;
}

/**
 * A message of the task's port, or the task's failure if it fails first. The port and the task's
 * result travel apart: a finished task's message may arrive just behind it.
 */
function fromWorker<T>(message: Promise<T>, done: Promise<object>): Promise<T> {
  return Promise.race([message, done.then(() => withGrace(message))]);
}

/** Writes the arrays, then the head and the figure (or an error frame), and ends the stream. */
async function streamParts(
  out: PassThrough,
  arrays: ArraysMessage,
  head: Promise<HeadMessage>,
  ctx: SimulationContext,
  task: SolverTask,
): Promise<void> {
  let bytes = 0;
  const send = (chunks: Uint8Array[]) => {
    for (const chunk of chunks) {
      bytes += chunk.byteLength;
      out.write(chunk);
    }
  };
  try {
    for (const { shape, values } of floatArrays(arrays)) send(arrayFrame(shape, 'float64', values));
    const last = await head;
    send(headFrame(last.document, last.png));
    logDone(ctx, task, last, bytes);
    out.end();
  } catch (error) {
    // The caller left: nobody reads the stream any more.
    if (ctx.signal.aborted || error instanceof CallerGone) return void out.destroy();
    const failure = error instanceof AppError ? error : new AppError('COMPUTATION_FAILED');
    if (!(error instanceof AppError)) ctx.log.error({ err: error }, 'answer in parts failed');
    out.end(
      errorFrame({
        code: failure.code,
        message: failure.message,
        ...(failure.details === undefined ? {} : { details: failure.details }),
      }),
    );
  }
}

/** Each array's float64 values as bytes (views of the posted values, no copy). */
function floatArrays(message: ArraysMessage): { shape: number[]; values: Uint8Array }[] {
  return message.shapes.map((shape, i) => {
    const view = message.arrays[i];
    if (view === undefined || view.length !== sizeOf(shape))
      throw new Error('sim parts: arrays and shapes differ');
    return { shape, values: new Uint8Array(view.buffer, view.byteOffset, view.byteLength) };
  });
}

/** How long a message may trail the finished task (it is posted before the task returns). */
const MESSAGE_GRACE_MS = 10_000;

async function withGrace<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('COMPUTATION_FAILED', 'The computation did not hand over its answer')),
      MESSAGE_GRACE_MS,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
