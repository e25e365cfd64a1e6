import type { Kysely, Migration } from 'kysely';

/**
 * A run's lease is renewed by its holder while the run is alive: `heartbeat_at` is
 * the last renewal. Before, the lease was the claim time plus the whole solver timeout, so a
 * dead instance's runs stayed `running` for six and a half minutes. Rows claimed before this
 * migration have no heartbeat; their claim time stands in for it.
 */
export const addSweepRunHeartbeat: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sweep_runs').addColumn('heartbeat_at', 'varchar(32)').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sweep_runs').dropColumn('heartbeat_at').execute();
  },
};
