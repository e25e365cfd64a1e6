import { type Compilable, CompiledQuery, type InferResult } from 'kysely';
import type { Db } from './database.js';

/** Stands for the i-th argument while the query is compiled. */
class Argument {
  constructor(readonly index: number) {}
}

/**
 * A query whose SQL is compiled once per database and then only bound to new values. Kysely
 * rebuilds and recompiles a query on every call, which costs several times what running a short
 * indexed query does; a query that every authenticated request runs is worth compiling once.
 * `build` must use its arguments only as plain values (compared, inserted), never to choose the
 * query's shape, since it runs once with stand-ins.
 */
export function compiledOnce<Args extends unknown[], Query extends Compilable<unknown>>(
  build: (db: Db, ...args: Args) => Query,
): (db: Db, ...args: Args) => Promise<InferResult<Query>> {
  const compiled = new WeakMap<Db, CompiledQuery>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (query === undefined) {
      query = build(db, ...(args.map((_, i) => new Argument(i)) as Args)).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Argument ? args[p.index] : p));
    const result = await db.executeQuery(CompiledQuery.raw(query.sql, parameters));
    return result.rows as InferResult<Query>;
  };
}
