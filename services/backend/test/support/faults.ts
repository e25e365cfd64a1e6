import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
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
