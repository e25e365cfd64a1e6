import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SimulationsTable } from '../db/schema.js';

export type SimulationRow = Selectable<SimulationsTable>;

export interface HistoryFilter {
  ownerId?: string | undefined;
  courseId?: string | undefined;
  type?: string | undefined;
  offset: number;
  limit: number;
}

export async function insertSimulation(db: Db, row: Insertable<SimulationsTable>): Promise<void> {
  await db.insertInto('simulations').values(row).execute();
}

export function findSimulation(db: Db, id: string): Promise<SimulationRow | undefined> {
  return db.selectFrom('simulations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSimulation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('simulations').where('id', '=', id).execute();
}

export async function listSimulations(
  db: Db,
  filter: HistoryFilter,
): Promise<{ rows: SimulationRow[]; total: number }> {
  let query = db.selectFrom('simulations');
  if (filter.ownerId !== undefined) query = query.where('owner_id', '=', filter.ownerId);
  if (filter.courseId !== undefined) query = query.where('course_id', '=', filter.courseId);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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
