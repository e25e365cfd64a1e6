import { type Db, dataVersionAfterThisTurn, dataVersionOf } from './database.js';

/**
 * Values read from the database, kept by key and reused while its data version stays
 * (db/database.ts `dataVersionOf`: SQLite only). Any write, by this process or another, moves the
 * version and drops them all, so a reused value is exactly what a new read would give. On MySQL
 * and PostgreSQL nothing is kept: every call reads.
 */
export class ReusedWhileUnchanged<V> {
  readonly #byDb = new WeakMap<Db, { version: number; values: Map<string, V> }>();

  /** At most this many values per version (a new version starts empty). */
  constructor(private readonly limit: number) {}

  /**
   * The value kept for `key` at the version this turn's requests see (dataVersionAfterThisTurn),
   * else what `read` gives, kept if nothing changed meanwhile.
   */
  async get(db: Db, key: string, read: () => Promise<V>): Promise<V> {
    const settled = dataVersionAfterThisTurn(db);
    if (settled === undefined) return read();
    const version = await settled;
    let kept = this.#byDb.get(db);
    if (kept?.version === version && kept.values.has(key)) return kept.values.get(key) as V;
    const value = await read();
    // Kept only if nothing changed since the version was read.
    if (dataVersionOf(db) === version) {
      if (kept?.version !== version || kept.values.size >= this.limit) {
        kept = { version, values: new Map() };
        this.#byDb.set(db, kept);
      }
      kept.values.set(key, value);
    }
    return value;
  }
}
