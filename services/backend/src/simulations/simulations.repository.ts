import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SimulationsTable } from '../db/schema.js';

export type SimulationRow = Selectable<SimulationsTable>;
/** A run with the display name of its owner, as history and results show it. */
export type SimulationWithOwner = SimulationRow & { owner_name: string };

export async function insertSimulation(db: Db, row: Insertable<SimulationsTable>): Promise<void> {
  await db.insertInto('simulations').values(row).execute();
}

function withOwner(db: Db) {
  return db
    .selectFrom('simulations as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .selectAll('s')
    .select('u.name as owner_name');
}

export function findSimulation(db: Db, id: string): Promise<SimulationWithOwner | undefined> {
  return withOwner(db).where('s.id', '=', id).executeTakeFirst();
}

export async function deleteSimulation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('simulations').where('id', '=', id).execute();
}

export function findExpiredSimulations(
  db: Db,
  before: string,
  limit: number,
): Promise<Pick<SimulationRow, 'id' | 'png_blob_key' | 'data_blob_key'>[]> {
  return db
    .selectFrom('simulations')
    .select(['id', 'png_blob_key', 'data_blob_key'])
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
