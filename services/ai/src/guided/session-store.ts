import type { FastifyBaseLogger } from 'fastify';
import { type GuidedSession, guidedSessionSchema, SESSION_FORMAT } from './session.js';

/**
 * Where guided sessions live between turns. SQLite (a file under the AI service's data folder)
 * by default; Redis when REDIS_URL is set, so several AI service instances share sessions.
 * Both expire a session after its `expires_at`, judged by the service's clock (so tests can
 * move time), and Redis also drops the key itself when the TTL runs out.
 */
export interface SessionStore {
  readonly kind: 'sqlite' | 'redis';
  /** The session, or undefined when it does not exist, has expired or cannot be read. */
  load(id: string): Promise<GuidedSession | undefined>;
  save(session: GuidedSession): Promise<void>;
  close(): Promise<void>;
}

/** Parses a stored row; a row this version cannot read is treated as gone, and logged. */
export function readStored(json: string, log: FastifyBaseLogger, id: string): GuidedSession | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = undefined;
  }
  const parsed = guidedSessionSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const format = (value as { format?: unknown } | undefined)?.format;
  // A session of format 1 judged key terms: it has no exercises to continue with, so the student starts anew.
  if (typeof format === 'number' && format !== SESSION_FORMAT)
    log.info({ session_id: id, format }, 'a guided session of an older format; treating it as expired');
  else log.warn({ session_id: id }, 'a stored guided session could not be read; treating it as expired');
  return undefined;
}

/**
 * One turn at a time per session within this process: two requests racing on one session
 * would both read step 2 and the later save would lose the other's progress.
 */
export class SessionLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(id) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    this.tails.set(id, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(id) === tail) this.tails.delete(id);
    }
  }
}

/**
 * Opens the real store on first use: a service (or a test) that never starts a guided session
 * creates no SQLite file and opens no Redis connection.
 */
export class LazySessionStore implements SessionStore {
  private store: SessionStore | undefined;

  constructor(
    readonly kind: SessionStore['kind'],
    private readonly open: () => SessionStore,
  ) {}

  private get opened(): SessionStore {
    this.store ??= this.open();
    return this.store;
  }

  load(id: string): Promise<GuidedSession | undefined> {
    return this.opened.load(id);
  }

  save(session: GuidedSession): Promise<void> {
    return this.opened.save(session);
  }

  async close(): Promise<void> {
    await this.store?.close();
  }
}
