import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SimulationsTable } from '../db/schema.js';

export type SimulationRow = Selectable<SimulationsTable>;
/** A run with the display name of its owner, as history and results show it. */
export type SimulationWithOwner = SimulationRow & { owner_name: string };

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

export async function listSimulations(
  db: Db,
  filter: HistoryFilter,
): Promise<{ rows: SimulationWithOwner[]; total: number }> {
  let query = db.selectFrom('simulations');
  if (filter.ownerId !== undefined) query = query.where('owner_id', '=', filter.ownerId);
  if (filter.courseId !== undefined) query = query.where('course_id', '=', filter.courseId);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  let rowsQuery = withOwner(db);
  if (filter.ownerId !== undefined) rowsQuery = rowsQuery.where('s.owner_id', '=', filter.ownerId);
  if (filter.courseId !== undefined) rowsQuery = rowsQuery.where('s.course_id', '=', filter.courseId);
  if (filter.type !== undefined) rowsQuery = rowsQuery.where('s.type', '=', filter.type);
  const [rows, count] = await Promise.all([
    rowsQuery
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
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
