import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { GuidedSession } from './session.js';
import { readStored, type SessionStore } from './session-store.js';

/** How often (in saves) expired rows are swept; reads skip them in between. */
const SWEEP_EVERY = 50;

/**
 * Sessions in one SQLite file (WAL, so a reader never waits for a writer). The session is one
 * JSON column; user and expiry have their own columns for the sweep and for inspection.
 */
export class SqliteSessionStore implements SessionStore {
  readonly kind = 'sqlite' as const;
  private readonly db: Database.Database;
  private saves = 0;

  constructor(
    path: string,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS guided_sessions (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      data TEXT NOT NULL
    )`);
    this.db.exec('CREATE INDEX IF NOT EXISTS guided_sessions_expiry ON guided_sessions (expires_at)');
  }

  async load(id: string): Promise<GuidedSession | undefined> {
    const row = this.db.prepare('SELECT data, expires_at FROM guided_sessions WHERE id = ?').get(id) as
      | { data: string; expires_at: number }
      | undefined;
    if (!row) return undefined;
    if (row.expires_at <= this.now()) {
      this.db.prepare('DELETE FROM guided_sessions WHERE id = ?').run(id);
      return undefined;
    }
    return readStored(row.data, this.log, id);
  }

  async save(session: GuidedSession): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO guided_sessions (id, user_id, expires_at, data) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at, data = excluded.data`,
      )
      .run(session.id, session.user_id, session.expires_at, JSON.stringify(session));
    this.saves += 1;
    if (this.saves % SWEEP_EVERY === 0) {
      this.db.prepare('DELETE FROM guided_sessions WHERE expires_at <= ?').run(this.now());
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
