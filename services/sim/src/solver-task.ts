/**
 * What crosses the thread boundary between the service and a solver worker. Types only, so the
 * worker and the pool agree without either importing the other.
 */
import type { MessagePort } from 'node:worker_threads';
import type { SolverName } from '@faraday/physics';
import type { VisualizationOptions } from '@faraday/plot';

/** Output kinds; the PNG is always drawn, the others add to it. */
export type OutputType = 'png_base64' | 'svg' | 'data' | 'animation';

export interface SolverTask {
  solver: SolverName;
  /** The request body the physics schema accepts (already validated once by the service). */
  input: Record<string, unknown>;
  /** Figure options, validated by plot's schema. */
  visualization: VisualizationOptions;
  outputType: OutputType;
  /** Grid points counted for the limit, reported in metadata.grid_points. */
  gridPoints: number;
  /** The answer in parts (float64 arrays) instead of the JSON envelope. */
  parts?: boolean;
}

/**
 * A task in parts also carries a port: the worker posts the arrays' values on it (an
 * ArraysMessage) as soon as the solver is done, so the service sends them while the worker draws
 * the figure, and then the document and the figure (a HeadMessage) as soon as they are drawn.
 */
export interface PortedTask extends SolverTask {
  partsPort?: MessagePort;
}

export interface ArraysMessage {
  kind: 'arrays';
  /** Each array's float64 values, in the order of `shapes` (shared grids, or transferred copies). */
  arrays: Float64Array[];
  shapes: number[][];
}

/** The rest of an answer in parts, posted once the figure is drawn (see answer-parts.ts). */
export interface HeadMessage {
  kind: 'head';
  /** JSON of the output with `{"$array": i}` for array i, the figure fields and metadata included. */
  document: string;
  png: Uint8Array;
  computationTime: number;
  renderTime: number;
}

export type PartsMessage = ArraysMessage | HeadMessage;

/** A task as the pool sends it: the id ties the worker's "started" message to the task. */
export interface PoolTask extends PortedTask {
  id: number;
}

/**
 * Posted by a worker on its parentPort when it begins a task: the time limit counts from here,
 * so a thread still starting up (after a replacement) does not eat into the computation's time.
 */
export interface TaskStartedMessage {
  started: number;
}

/** Codes a worker may answer with; they are catalogue codes of @faraday/contracts. */
export type SolverFailureCode = 'INVALID_PARAMETERS' | 'CONVERGENCE_ERROR' | 'COMPUTATION_FAILED';

export type SolverTaskResult =
  | {
      ok: true;
      /**
       * The whole success envelope as UTF-8 JSON. The worker serialises it so the event loop of
       * the service never walks hundreds of thousands of numbers; the bytes are transferred, not
       * copied (docs/adr/0025-sim-service-worker-pool.md).
       */
      body: Uint8Array;
      computationTime: number;
      renderTime: number;
    }
  /** A task in parts: its answer went out on its port (PartsMessage). */
  | { ok: true; parts: 'posted'; computationTime: number; renderTime: number }
  | {
      ok: false;
      code: SolverFailureCode;
      message: string;
      details?: string;
      /** For the service's log only: what went wrong inside, when it was not the caller's input. */
      internal?: string;
    };
