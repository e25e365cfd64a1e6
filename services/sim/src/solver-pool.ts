/**
 * The worker-thread pool with the contract's limits (docs/api-contract.md, Limits): at most
 * `workers` computations at once (≤ 5), a bounded wait queue behind them, and a time limit per
 * computation after which the worker thread is terminated (piscina terminates the thread when a
 * running task's AbortSignal fires) and replaced.
 *
 * The wait queue is ours, not piscina's: a task goes to piscina only when a thread is free, so
 * the time limit counts the computation and not the wait, and a waiting request can leave the
 * queue without ever touching a thread.
 *
 * The queue is also where fairness lives (docs/adr/0026-fair-shares-in-the-sim-pool.md): one user
 * runs at most `maxRunningPerUser` computations at once, and sweep runs never hold the last thread,
 * so a 200-run sweep cannot keep another user's interactive request waiting. This is the one place
 * that sees every computation (several backend instances and sim-workers all end here); the backend
 * forwards who each request is for (see simulation.routes.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { AppError } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { PoolTask, PortedTask, SolverTaskResult, TaskStartedMessage } from './solver-task.js';

/**
 * The compiled worker. `../dist/` resolves to the same file whether this module runs from
 * `dist/` (production) or from `src/` (vitest), so tests run the real worker; `tsc -b` first.
 */
export const DEFAULT_WORKER_MODULE = fileURLToPath(
  new URL('../dist/solver-worker-entry.cjs', import.meta.url),
);

export interface SolverPoolOptions {
  workers: number;
  queueSize: number;
  /** Computations one user may have running at once; their further requests wait their turn. */
  maxRunningPerUser: number;
  /** Interactive requests one user may have waiting; beyond it that user's next one is refused. */
  maxQueuedPerUser: number;
  timeoutSec: number;
  workerMemoryMb: number;
  /** Another worker file (tests inject misbehaving workers). */
  workerModule?: string;
  log: FastifyBaseLogger;
}

export interface PoolStats {
  workers: number;
  running: number;
  /** Of `running`, the sweep runs (background work). */
  running_background: number;
  max_running_per_user: number;
  queued: number;
  queue_limit: number;
  timeout_sec: number;
  completed: number;
  failed: number;
  timed_out: number;
  crashed: number;
}

/** Longest a fresh thread may take to load physics, plot, canvas and sharp before a task starts. */
const THREAD_START_ALLOWANCE_MS = 30_000;

/**
 * Where a worker's heap starts. With V8's default start (a heap of about 14 MB after a run), the
 * 3–7 MB of typed arrays and image buffers a laplace2d 316² run leaves behind brought on a full
 * mark-compact every one to three runs, its incremental marking landing in the next figure's
 * drawing (12 ms became 20–35). Starting the old generation at 64 MB lets a thread gather the
 * garbage of ten runs or so before a full collection (docs/adr/0025-sim-service-worker-pool.md).
 */
const WORKER_INITIAL_OLD_SPACE_MB = 64;

/** Why a task's signal fired. */
const TIMED_OUT = 'timeout';

/**
 * Who a computation is for, as the backend forwards it. `user` undefined = an unidentified
 * caller: it is its own party (no per-user limit applies; only the backend is expected to call).
 */
export interface Caller {
  user?: string | undefined;
  /** A sweep run: never takes the last free thread while interactive requests may arrive. */
  background: boolean;
}

const ANONYMOUS: Caller = { background: false };

interface Waiting {
  caller: Caller;
  start: () => void;
  cancel: (reason: unknown) => void;
}

/** Thrown when the caller disconnected before its computation finished. */
export class CallerGone extends Error {
  constructor() {
    super('The caller went away before the computation finished');
    this.name = 'CallerGone';
  }
}

export class SolverPool {
  readonly #piscina: Piscina<PoolTask, unknown>;
  readonly #options: SolverPoolOptions;
  readonly #waiting: Waiting[] = [];
  #running = 0;
  #runningBackground = 0;
  readonly #runningByUser = new Map<string, number>();
  /** When each user last got a thread (a counter): a freed thread goes to the least recently served. */
  readonly #lastServed = new Map<string, number>();
  #served = 0;
  /** Mean seconds per computation (exponentially weighted), for Retry-After. */
  #meanSeconds = 1;
  #counts = { completed: 0, failed: 0, timed_out: 0, crashed: 0 };
  #lastTaskId = 0;
  /** Running tasks by id: restarts the task's clock when its worker reports that it began. */
  readonly #onStarted = new Map<number, () => void>();

  constructor(options: SolverPoolOptions) {
    const filename = options.workerModule ?? DEFAULT_WORKER_MODULE;
    if (!existsSync(filename)) {
      throw new Error(
        `Solver worker ${filename} is missing; build the service first (npx tsc -b services/sim)`,
      );
    }
    this.#options = options;
    // V8's flags are the process's; each new isolate (a worker thread) reads this one when it is
    // made, so it is set before the threads start.
    setFlagsFromString(
      `--initial-old-space-size=${Math.min(WORKER_INITIAL_OLD_SPACE_MB, options.workerMemoryMb)}`,
    );
    this.#piscina = new Piscina({
      filename,
      minThreads: options.workers,
      maxThreads: options.workers,
      concurrentTasksPerWorker: 1,
      // Threads stay up: starting one loads physics, plot, canvas and sharp (about 0.5 s, more
      // under load).
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: options.workerMemoryMb },
    });
    // A thread that dies between tasks is replaced by piscina; without a listener the 'error'
    // event would take the whole service down.
    this.#piscina.on('error', (error: unknown) => options.log.error({ err: error }, 'solver worker failed'));
    this.#piscina.on('message', (message: Partial<TaskStartedMessage> | null) => {
      if (typeof message?.started === 'number') this.#onStarted.get(message.started)?.();
    });
  }

  stats(): PoolStats {
    return {
      workers: this.#options.workers,
      running: this.#running,
      running_background: this.#runningBackground,
      max_running_per_user: this.#options.maxRunningPerUser,
      queued: this.#waiting.length,
      queue_limit: this.#options.queueSize,
      timeout_sec: this.#options.timeoutSec,
      ...this.#counts,
    };
  }

  /**
   * Runs one task: at once when a thread is free and the caller may have one more running, else
   * after a wait in the queue, else 503. `signal` aborts when the caller goes away; a running
   * computation is then terminated too.
   */
  async run(
    task: PortedTask,
    signal?: AbortSignal,
    caller: Caller = ANONYMOUS,
  ): Promise<Extract<SolverTaskResult, { ok: true }>> {
    if (signal?.aborted) throw new CallerGone();
    await this.#admit(signal, caller);
    const started = performance.now();
    try {
      const result = await this.#execute(task, signal);
      if (!result.ok) {
        this.#counts.failed++;
        if (result.internal)
          this.#options.log.error({ solver: task.solver, cause: result.internal }, 'solver bug');
        throw new AppError(result.code, result.message, result.details ? { details: result.details } : {});
      }
      this.#counts.completed++;
      return result;
    } finally {
      // Every computation counts, the ones stopped at the limit too: they are what makes a wait long.
      this.#meanSeconds = 0.8 * this.#meanSeconds + 0.2 * ((performance.now() - started) / 1000);
      this.#release(caller);
      this.#next();
    }
  }

  async close(): Promise<void> {
    for (const waiting of this.#waiting.splice(0)) waiting.cancel(new AppError('SERVICE_UNAVAILABLE'));
    await this.#piscina.destroy();
  }

  /**
   * Resolves when the task holds a slot (counted from that moment, so no other request can take
   * it in between); rejects with SIMULATION_BUSY when the queue is full. A request that may not
   * start yet (no thread, or its user already at the limit) waits; the scheduler in #next picks
   * who goes when a slot frees.
   */
  #admit(signal: AbortSignal | undefined, caller: Caller): Promise<void> {
    if (this.#mayStart(caller) && !this.#waiting.some((w) => this.#mayStart(w.caller))) {
      this.#take(caller);
      return Promise.resolve();
    }
    const mine = caller.user === undefined ? [] : this.#waiting.filter((w) => w.caller.user === caller.user);
    if (
      !caller.background &&
      mine.filter((w) => !w.caller.background).length >= this.#options.maxQueuedPerUser
    ) {
      throw this.#busy(`You already have ${this.#options.maxQueuedPerUser} computations waiting`);
    }
    if (this.#waiting.length >= this.#options.queueSize) {
      // A full queue is shared: the user with the most waiting gives up their newest place to a
      // user with fewer, so a few users filling it cannot keep everyone else out.
      const evicted = caller.user === undefined ? undefined : this.#newestOfLargestShare(mine.length);
      if (!evicted) {
        throw this.#busy(`${this.#running} computations running and ${this.#waiting.length} waiting`);
      }
      this.#remove(evicted);
      evicted.cancel(this.#busy('Your place in the queue went to another user; try again shortly'));
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#remove(waiting);
        reject(new CallerGone());
      };
      const waiting: Waiting = {
        caller,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        cancel: (reason) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiting);
    });
  }

  #busy(details: string): AppError {
    return new AppError('SIMULATION_BUSY', undefined, {
      details,
      headers: { 'retry-after': String(this.#retryAfterSeconds()) },
    });
  }

  /** The newest waiting request of the user with the most waiting, if they have more than `than` + 1. */
  #newestOfLargestShare(than: number): Waiting | undefined {
    const shares = new Map<string, number>();
    for (const w of this.#waiting) {
      if (w.caller.user !== undefined) shares.set(w.caller.user, (shares.get(w.caller.user) ?? 0) + 1);
    }
    let largest: string | undefined;
    for (const [user, count] of shares)
      if (count > (largest ? shares.get(largest)! : than + 1)) largest = user;
    if (largest === undefined) return undefined;
    return this.#waiting.findLast((w) => w.caller.user === largest);
  }

  /**
   * A thread is free, the user has fewer than the per-user limit running, and a sweep run leaves
   * one thread for interactive requests (with one thread there is nothing to spare).
   */
  #mayStart(caller: Caller): boolean {
    if (this.#running >= this.#options.workers) return false;
    if (caller.user !== undefined) {
      const mine = this.#runningByUser.get(caller.user) ?? 0;
      if (mine >= this.#options.maxRunningPerUser) return false;
    }
    if (caller.background) {
      const backgroundSlots = Math.max(1, this.#options.workers - 1);
      if (this.#runningBackground >= backgroundSlots) return false;
    }
    return true;
  }

  #take(caller: Caller): void {
    this.#running++;
    if (caller.user !== undefined) this.#lastServed.set(caller.user, ++this.#served);
    if (caller.background) this.#runningBackground++;
    if (caller.user !== undefined)
      this.#runningByUser.set(caller.user, (this.#runningByUser.get(caller.user) ?? 0) + 1);
  }

  #release(caller: Caller): void {
    this.#running--;
    if (caller.background) this.#runningBackground--;
    if (caller.user !== undefined) {
      const left = (this.#runningByUser.get(caller.user) ?? 1) - 1;
      if (left > 0) this.#runningByUser.set(caller.user, left);
      else this.#runningByUser.delete(caller.user);
    }
  }

  #remove(waiting: Waiting): void {
    const index = this.#waiting.indexOf(waiting);
    if (index >= 0) this.#waiting.splice(index, 1);
  }

  /**
   * Hands freed slots out: interactive requests before sweep runs, then the request of the user
   * served least recently (longest-waiting first among equals) that may start one more. A user
   * at the limit is skipped, not blocking the others behind it; a user who keeps the queue full
   * takes turns with everyone else instead of going first.
   */
  #next(): void {
    const servedAt = (w: Waiting) =>
      w.caller.user === undefined ? 0 : (this.#lastServed.get(w.caller.user) ?? 0);
    for (;;) {
      const startable = this.#waiting.filter((w) => this.#mayStart(w.caller));
      const interactive = startable.filter((w) => !w.caller.background);
      const pool = interactive.length > 0 ? interactive : startable;
      const waiting = pool.reduce<Waiting | undefined>(
        (best, w) => (best === undefined || servedAt(w) < servedAt(best) ? w : best),
        undefined,
      );
      if (!waiting) return;
      this.#remove(waiting);
      this.#take(waiting.caller);
      waiting.start();
    }
  }

  async #execute(task: PortedTask, callerSignal: AbortSignal | undefined): Promise<SolverTaskResult> {
    const id = ++this.#lastTaskId;
    const timeout = new AbortController();
    const limitMs = this.#options.timeoutSec * 1000;
    // The limit counts from the worker's "started" message, so a thread that is still loading
    // after a replacement does not shorten the computation's time. Until that message, the
    // allowance for starting a thread is added: a worker that never reports is still stopped.
    let timer = setTimeout(() => timeout.abort(TIMED_OUT), limitMs + THREAD_START_ALLOWANCE_MS);
    this.#onStarted.set(id, () => {
      clearTimeout(timer);
      timer = setTimeout(() => timeout.abort(TIMED_OUT), limitMs);
    });
    const signal = callerSignal ? AbortSignal.any([timeout.signal, callerSignal]) : timeout.signal;
    try {
      // A task's own port (answers in parts) moves to the worker with it.
      const transferList = task.partsPort ? [task.partsPort] : undefined;
      return (await this.#piscina.run(
        { ...task, id },
        { signal, ...(transferList ? { transferList } : {}) },
      )) as SolverTaskResult;
    } catch (error) {
      throw this.#mapFailure(error, task, timeout.signal.aborted, callerSignal?.aborted === true);
    } finally {
      this.#onStarted.delete(id);
      clearTimeout(timer);
    }
  }

  /** A rejected task: the time limit, the caller leaving, or a worker that died or threw. */
  #mapFailure(error: unknown, task: PortedTask, timedOut: boolean, callerLeft: boolean): Error {
    if (timedOut) {
      this.#counts.timed_out++;
      this.#options.log.warn({ solver: task.solver }, 'computation stopped at the time limit');
      return new AppError('TIMEOUT', undefined, {
        details: `Stopped after ${this.#options.timeoutSec} s; reduce the grid or the number of steps`,
      });
    }
    if (callerLeft) return new CallerGone();
    this.#counts.crashed++;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.#options.log.warn({ solver: task.solver }, 'computation ran out of worker memory');
      return new AppError('MEMORY_LIMIT_EXCEEDED', undefined, {
        details: `The computation needed more than ${this.#options.workerMemoryMb} MB`,
      });
    }
    this.#options.log.error({ err: error, solver: task.solver }, 'solver worker crashed');
    return new AppError('COMPUTATION_FAILED', 'The computation crashed', { cause: error });
  }

  /** Seconds until a slot is likely free: the queue ahead divided among the threads. */
  #retryAfterSeconds(): number {
    const ahead = this.#running + this.#waiting.length;
    const seconds = Math.ceil((this.#meanSeconds * ahead) / this.#options.workers);
    return Math.min(60, Math.max(1, seconds));
  }
}
