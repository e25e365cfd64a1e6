import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * The same database, except that the n-th INSERT into `table` fails as a real query error
 * would: for tests proving that a multi-row change is all or nothing.
 */
export function failOnInsert(db: Db, table: string, n: number): Db {
  let seen = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const node = args.node;
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) {
        seen += 1;
        if (seen === n) throw new Error(`injected failure on insert #${n} into ${table}`);
      }
      return node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  return db.withPlugin(plugin);
}

/**
 * The same database, except that the first UPDATE of `table` is held once it has run: its change
 * is in the database but its caller does not see the result until release(). For tests of what a
 * process does with a statement in flight.
 */
export function holdFirstUpdate(db: Db, table: string): { db: Db; reached: Promise<void>; release(): void } {
  let heldQuery: unknown;
  let reachedHold!: () => void;
  let releaseHold!: () => void;
  const reached = new Promise<void>((resolve) => {
    reachedHold = resolve;
  });
  const released = new Promise<void>((resolve) => {
    releaseHold = resolve;
  });
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const node = args.node;
      const target =
        node.kind === 'UpdateQueryNode' && node.table && TableNode.is(node.table) ? node.table : undefined;
      if (heldQuery === undefined && target?.table.identifier.name === table) heldQuery = args.queryId;
      return node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (args.queryId === heldQuery) {
        reachedHold();
        await released;
      }
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), reached, release: releaseHold };
}
