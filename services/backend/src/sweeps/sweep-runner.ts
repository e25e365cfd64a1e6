import { hostname } from 'node:os';
import { newId } from '../shared/ids.js';
import type { SimulationContext } from '../simulations/simulation-context.js';
import { type ClaimedRun, claimSweepRun, performSweepRun, type SweepLog } from './sweep-executor.js';
import { MAX_RUN_ATTEMPTS, recoverSweeps, type SweepDispatcher } from './sweep-recovery.js';
import { nextPendingRun } from './sweeps.repository.js';

export interface InProcessOptions {
  /** Runs at once in this process (the sim service runs at most 5 in all). */
  concurrency: number;
  /** How often to look for runs left by other instances and for abandoned runs. */
  pollMs: number;
  /** A run still `running` whose lease was not renewed for this long belongs to a dead process. */
  leaseMs: number;
  /** How long stop() waits for the runs in flight before aborting them. */
  stopGraceMs: number;
}

/** This process's name in the `worker` column: host, pid and a random part (pids repeat). */
export function workerName(prefix: string): string {
  return `${prefix}@${hostname()}:${process.pid}:${newId().slice(-6)}`;
}

const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

/**
 * Without Redis: the backend runs sweep runs itself, a few at a time. The work list is the
 * database (pending runs of processing tasks, the sweeps taking turns), so several backend
 * instances on one database share the runs, and a restart simply carries on where the
 * database says. When the sim service is unreachable the runner backs off (1 s doubling to
 * 30 s) instead of burning through the runs.
 */
export class InProcessSweepRunner implements SweepDispatcher {
  readonly #ctx: SimulationContext;
  readonly #log: SweepLog;
  readonly #options: InProcessOptions;
  readonly #worker = workerName('backend');
  readonly #active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  #stopped = false;
  /** The fill pass under way, if any: stop() waits for it, since a claim it has sent may still land. */
  #filling: Promise<void> | undefined;
  #refill = false;
  #backoffMs = 0;
  #resumeAt = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(ctx: SimulationContext, log: SweepLog, options: InProcessOptions) {
    this.#ctx = ctx;
    this.#log = log;
    this.#options = options;
  }

  async start(): Promise<void> {
    await this.#recover();
    this.#timer = setInterval(() => void this.#recover(), this.#options.pollMs);
    this.#timer.unref();
  }

  /** The database is the work list: if it is down, the request fails there anyway. */
  async assertAvailable(): Promise<void> {}

  async dispatch(): Promise<void> {
    this.#wake();
  }

  /**
   * The runs are already cancelled in the database; the ones running here stop now (the
   * heartbeat would stop them within seconds anyway, and other instances' runs that way).
   */
  async cancel(taskId: string): Promise<void> {
    for (const [id, { controller }] of this.#active) if (id.startsWith(`${taskId}#`)) controller.abort();
  }

  async parallelism(): Promise<number> {
    return this.#options.concurrency;
  }

  /**
   * Lets the runs in flight finish for a few seconds (most take well under one), then aborts the
   * rest; an aborted run goes back to pending for the next start or another instance. A claim
   * already sent is waited for first: it would otherwise land after stop() returned and leave its
   * run `running` under this process's name until the lease expired.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#filling;
    const inFlight = Promise.allSettled([...this.#active.values()].map((a) => a.done));
    let grace: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      grace = setTimeout(resolve, this.#options.stopGraceMs);
    });
    await Promise.race([inFlight, graceOver]);
    clearTimeout(grace);
    for (const { controller } of this.#active.values()) controller.abort();
    await inFlight;
  }

  async #recover(): Promise<void> {
    if (this.#stopped) return;
    try {
      await recoverSweeps(this.#ctx, this.#options.leaseMs, this.#log);
    } catch (error) {
      this.#log.warn({ err: error }, 'sweep recovery failed');
    }
    this.#wake();
  }

  /** One fill pass at a time; a wake during it asks for another pass. */
  #wake(): void {
    if (this.#filling) {
      this.#refill = true;
      return;
    }
    this.#filling = this.#fill()
      .catch((error: unknown) => {
        this.#log.warn({ err: error }, 'sweep runner could not take runs');
        this.#backOff();
      })
      .finally(() => {
        this.#filling = undefined;
      });
  }

  /** Claims runs until every slot is busy. */
  async #fill(): Promise<void> {
    do {
      this.#refill = false;
      while (
        !this.#stopped &&
        this.#active.size < this.#options.concurrency &&
        Date.now() >= this.#resumeAt
      ) {
        const next = await nextPendingRun(this.#ctx.db);
        if (!next) break;
        const key = { taskId: next.task_id, runIndex: next.run_index };
        const claimed = await claimSweepRun(this.#ctx, key, this.#worker, { fromRunning: false });
        // Lost to another instance (or the task just ended): the next query returns another run.
        if (claimed) this.#launch(claimed);
      }
    } while (this.#refill && !this.#stopped);
  }

  #launch(claimed: ClaimedRun): void {
    const id = `${claimed.fence.taskId}#${claimed.fence.runIndex}`;
    const controller = new AbortController();
    const done = performSweepRun(this.#ctx, claimed, {
      lastChance: claimed.fence.attempt >= MAX_RUN_ATTEMPTS,
      signal: controller.signal,
      log: this.#log,
    })
      .then(
        (outcome) => {
          if (outcome === 'released') this.#backOff();
          else this.#backoffMs = 0;
        },
        (error: unknown) => {
          this.#log.error({ err: error, task_id: claimed.fence.taskId }, 'sweep run could not be recorded');
          this.#backOff();
        },
      )
      .finally(() => {
        this.#active.delete(id);
        this.#wake();
      });
    this.#active.set(id, { controller, done });
  }

  #backOff(): void {
    if (this.#stopped) return;
    this.#backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(MIN_BACKOFF_MS, this.#backoffMs * 2));
    this.#resumeAt = Date.now() + this.#backoffMs;
    setTimeout(() => this.#wake(), this.#backoffMs).unref();
  }
}
