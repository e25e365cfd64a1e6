import type { Db } from '../db/database.js';
import { isoNow } from '../shared/time.js';
import type { FedDocument, FedResource } from './course-material-feed.js';

/**
 * The database's side of what the tutor must hold (docs/adr/0126): resources waiting to be fed
 * (`fed_epoch = ''`), the epoch each fed one went in under, and removals not yet confirmed.
 */

/** Text resources waiting to be fed, oldest first. */
export async function waitingMaterial(db: Db, limit: number): Promise<FedResource[]> {
  const rows = await db
    .selectFrom('resources as r')
    .innerJoin('stored_files as f', 'f.id', 'r.file_id')
    .select(['r.id', 'r.course_id', 'r.name', 'r.type', 'f.file_name', 'f.size', 'f.blob_key'])
    .where('r.fed_epoch', '=', '')
    .orderBy('r.uploaded_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    courseId: row.course_id,
    fileName: row.file_name,
    title: row.name,
    type: row.type,
    size: Number(row.size),
    blobKey: row.blob_key,
  }));
}

/** Records the epoch a resource was fed under; false when the resource is gone (deleted meanwhile). */
export async function markFed(db: Db, resourceId: string, epoch: string | null): Promise<boolean> {
  const result = await db
    .updateTable('resources')
    .set({ fed_epoch: epoch })
    .where('id', '=', resourceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Every resource fed under another epoch waits again: the AI store it went into was emptied.
 * Written as two ranges rather than `<>`, so the index on fed_epoch answers it at every pass.
 */
export async function forgetOtherEpochs(db: Db, epoch: string): Promise<number> {
  const result = await db
    .updateTable('resources')
    .set({ fed_epoch: '' })
    .where((eb) =>
      eb.or([eb.and([eb('fed_epoch', '>', ''), eb('fed_epoch', '<', epoch)]), eb('fed_epoch', '>', epoch)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function pendingRemovals(
  db: Db,
  limit: number,
): Promise<(FedDocument & { resourceId: string })[]> {
  const rows = await db
    .selectFrom('course_material_removals')
    .select(['resource_id', 'course_id', 'source'])
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ resourceId: r.resource_id, courseId: r.course_id, source: r.source }));
}

/**
 * Remembers a removal to confirm (replacing an earlier one of the same resource); `db` may be the
 * transaction that deletes the resource, so the two are one.
 */
export async function recordRemoval(db: Db, resourceId: string, document: FedDocument): Promise<void> {
  await db.deleteFrom('course_material_removals').where('resource_id', '=', resourceId).execute();
  await db
    .insertInto('course_material_removals')
    .values({
      resource_id: resourceId,
      course_id: document.courseId,
      source: document.source,
      created_at: isoNow(),
    })
    .execute();
}

export async function removalDone(db: Db, resourceId: string): Promise<void> {
  await db.deleteFrom('course_material_removals').where('resource_id', '=', resourceId).execute();
}
