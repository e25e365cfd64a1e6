import type { Compilable, CompiledQuery, InferResult } from 'kysely';
import { type Db, runCompiled } from './database.js';

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
  const run = compiledPerShape(
    (_: undefined) => '',
    (db: Db, _: undefined, ...args: Args) => build(db, ...args),
  );
  return (db, ...args) => run(db, undefined, ...args);
}

/**
 * compiledOnce for a query that takes a few shapes (who asks, whether there is a search): one
 * compiled text per shape. The shape may choose the query's form; the arguments, as above, are
 * only values. `keyOf` names a shape; equal keys must mean the same SQL.
 */
export function compiledPerShape<Shape, Args extends unknown[], Query extends Compilable<unknown>>(
  keyOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape, ...args: Args) => Query,
): (db: Db, shape: Shape, ...args: Args) => Promise<InferResult<Query>> {
  const compiled = new WeakMap<Db, Map<string, CompiledQuery>>();
  return async (db, shape, ...args) => {
    let shapes = compiled.get(db);
    if (shapes === undefined) {
      shapes = new Map();
      compiled.set(db, shapes);
    }
    const key = keyOf(shape);
    let query = shapes.get(key);
    if (query === undefined) {
      const standIns = args.map((_, i) => new Argument(i)) as Args;
      query = build(db, shape, ...standIns).compile();
      shapes.set(key, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Argument ? args[p.index] : p));
    return (await runCompiled(db, query.sql, parameters)) as InferResult<Query>;
  };
}
