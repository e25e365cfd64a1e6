/**
 * Runs in a worker thread of the pool: solves, draws and serialises one simulation. Everything
 * CPU-heavy happens here, so the service's event loop stays free to answer other requests and
 * the pool can terminate a runaway computation without touching the service.
 */

import { parentPort } from 'node:worker_threads';
import { PhysicsError, shareGrids, solvers } from '@faraday/physics';
import { InvalidPlotParametersError, renderAnimationFrames, renderSolverFigure } from '@faraday/plot';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { envelopeJson, splitArrays } from './answer-parts.js';
import type {
  ArraysMessage,
  HeadMessage,
  PoolTask,
  PortedTask,
  SolverTask,
  SolverTaskResult,
  TaskStartedMessage,
} from './solver-task.js';

/**
 * Frames per wave_1d animation. Plot's default: 30 frames of 640×360 are about 0.6 MB of Base64,
 * enough for a smooth loop without making the response heavy.
 */
const ANIMATION_FRAMES = 30;

// A solver's grids then go to the service's thread as they are, while this one draws from them.
shareGrids();

type WireOutput = Record<string, unknown> & { metadata?: Record<string, unknown> };

interface Figure {
  png: Buffer;
  svg?: string;
  frames?: { time: number; png_base64: string }[];
  renderTime: number;
}

async function drawFigure(task: SolverTask, params: unknown, output: unknown): Promise<Figure> {
  const started = performance.now();
  // Plot's inputs are structural (wire field names, typed arrays or plain arrays), so the physics
  // output goes in as it is; the union of eight solvers is too wide for the overloads.
  const draw = renderSolverFigure as (...args: unknown[]) => Promise<Buffer | string>;
  const png = (await draw(task.solver, params, output, task.visualization, 'png')) as Buffer;
  const svg =
    task.outputType === 'svg'
      ? ((await draw(task.solver, params, output, task.visualization, 'svg')) as string)
      : undefined;
  const frames =
    task.outputType === 'animation' && task.solver === 'wave_1d'
      ? await renderAnimationFrames(params as never, output as never, task.visualization, {
          maxFrames: ANIMATION_FRAMES,
        })
      : undefined;
  return {
    png,
    ...(svg === undefined ? {} : { svg }),
    ...(frames === undefined
      ? {}
      : { frames: frames.map((f) => ({ time: f.time, png_base64: f.png.toString('base64') })) }),
    renderTime: (performance.now() - started) / 1000,
  };
}

/** The answer's fields after the solver's own: the figure, and metadata with the timings. */
function figureAndMetadata(task: SolverTask, wire: WireOutput, figure: Figure, computationTime: number) {
  return {
    ...(figure.svg === undefined ? {} : { svg: figure.svg }),
    ...(figure.frames === undefined ? {} : { animation_frames: figure.frames }),
    metadata: {
      ...wire.metadata,
      computation_time: computationTime,
      render_time: figure.renderTime,
      grid_points: task.gridPoints,
    },
  };
}

async function simulate(task: PortedTask): Promise<SolverTaskResult> {
  const entry = solvers[task.solver];
  // The input was validated by the service; parsing again fills the defaults the figure needs.
  const params = entry.parse(task.input);
  const output = entry.solve(task.input);
  if (task.parts) return simulateInParts(task, params, output);
  const split = splitArrays(output);
  const wire = split.document as WireOutput;
  const figure = await drawFigure(task, params, output);
  const computationTime = Number(wire.metadata?.['computation_time'] ?? 0);
  const data = {
    ...wire,
    png_base64: figure.png.toString('base64'),
    ...figureAndMetadata(task, wire, figure, computationTime),
  };
  const body = envelopeJson(data, split);
  return { ok: true, body, computationTime, renderTime: figure.renderTime };
}

/**
 * The answer in parts: the arrays' values go to the service as soon as the solver is
 * done, so it sends them while this thread draws; the document and the figure follow on the same
 * port as soon as they are drawn, before the task's own result travels back through the pool.
 */
async function simulateInParts(task: PortedTask, params: unknown, output: object): Promise<SolverTaskResult> {
  const port = task.partsPort;
  if (!port) throw new Error('a task in parts needs its parts port');
  const { document, shapes, arrays, transfer } = splitArrays(output);
  port.postMessage({ kind: 'arrays', arrays, shapes } satisfies ArraysMessage, transfer);
  const figure = await drawFigure(task, params, output);
  const wire = document as WireOutput;
  const computationTime = Number(wire.metadata?.['computation_time'] ?? 0);
  const full = { ...document, ...figureAndMetadata(task, wire, figure, computationTime) };
  // A copy with its own ArrayBuffer, safe to transfer (the encoder's may be pooled).
  const png = new Uint8Array(figure.png);
  const head: HeadMessage = {
    kind: 'head',
    document: JSON.stringify(full),
    png,
    computationTime,
    renderTime: figure.renderTime,
  };
  port.postMessage(head, [png.buffer]);
  port.close();
  return { ok: true, parts: 'posted', computationTime, renderTime: figure.renderTime };
}

/** Errors become plain results: custom fields of an Error do not survive the thread boundary. */
function failure(error: unknown): SolverTaskResult {
  if (error instanceof PhysicsError) {
    return {
      ok: false,
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  }
  if (error instanceof InvalidPlotParametersError) {
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: 'The figure cannot be drawn with these parameters',
      details: error.details.map((d) => `${d.field}: ${d.message}`).join('; '),
    };
  }
  // A bug, not the caller's input: the caller gets the catalogue message, the log the cause.
  const internal = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { ok: false, code: 'COMPUTATION_FAILED', message: 'The computation failed', internal };
}

export default async function runSolverTask(task: PoolTask): Promise<unknown> {
  parentPort?.postMessage({ started: task.id } satisfies TaskStartedMessage);
  let result: SolverTaskResult;
  try {
    result = await simulate(task);
  } catch (error) {
    return failure(error);
  }
  // An envelope's bytes are transferred, not copied; an answer in parts went out on its port.
  if (!result.ok || !('body' in result)) return result;
  const transfer = [result.body.buffer];
  return move({
    get [transferableSymbol]() {
      return transfer;
    },
    get [valueSymbol]() {
      return result;
    },
  });
}
