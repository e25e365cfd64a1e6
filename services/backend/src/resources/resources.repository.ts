import type { ResourceCategory } from '@faraday/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ResourcesTable, StoredFilesTable } from '../db/schema.js';
import { retryTransient } from '../db/transient-errors.js';
import { recordRemoval } from './course-material.repository.js';
import { CourseMaterialFeed } from './course-material-feed.js';

/** A resource with its file and uploader, as the views need it. */
export interface ResourceRow {
  id: string;
  course_id: string;
  name: string;
  type: string;
  category: string;
  chapter: number | null;
  description: string;
  uploaded_by: string;
  uploaded_by_name: string | null;
  uploaded_at: string;
  file_name: string;
  content_type: string;
  /** bigint: a string on MySQL and PostgreSQL. */
  size: number | string;
  sha256: string;
  blob_key: string;
}

function selectResources(db: Db) {
  return db
    .selectFrom('resources as r')
    .innerJoin('stored_files as f', 'f.id', 'r.file_id')
    .leftJoin('users as u', 'u.id', 'r.uploaded_by')
    .select([
      'r.id',
      'r.course_id',
      'r.name',
      'r.type',
      'r.category',
      'r.chapter',
      'r.description',
      'r.uploaded_by',
      'u.name as uploaded_by_name',
      'r.uploaded_at',
      'f.file_name',
      'f.content_type',
      'f.size',
      'f.sha256',
      'f.blob_key',
    ]);
}

/** The file row and the resource row that points at it, both or neither. */
export async function insertResourceWithFile(
  db: Db,
  file: Insertable<StoredFilesTable>,
  resource: Insertable<ResourcesTable>,
): Promise<void> {
  // A deadlock victim (MariaDB's foreign-key locks on the course row) rolled back whole: run again.
  await retryTransient(() =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('stored_files').values(file).execute();
      await trx.insertInto('resources').values(resource).execute();
    }),
  );
}

export async function listCourseResources(
  db: Db,
  courseId: string,
  filter: { category?: ResourceCategory | undefined; chapter?: number | undefined },
): Promise<ResourceRow[]> {
  let query = selectResources(db).where('r.course_id', '=', courseId);
  if (filter.category !== undefined) query = query.where('r.category', '=', filter.category);
  if (filter.chapter !== undefined) query = query.where('r.chapter', '=', filter.chapter);
  // Newest first; the id (UUID v7, time-ordered) breaks ties within one millisecond.
  return query.orderBy('r.uploaded_at', 'desc').orderBy('r.id', 'desc').execute();
}

export async function findResource(db: Db, resourceId: string): Promise<ResourceRow | undefined> {
  return selectResources(db).where('r.id', '=', resourceId).executeTakeFirst();
}

/**
 * Deletes the resource and its file row in one transaction; answers the blob key to delete
 * afterwards, or undefined when another request deleted it first. Course material the tutor may
 * hold leaves a removal to confirm, in the same transaction (docs/adr/0126).
 */
export async function deleteResourceRows(db: Db, resourceId: string): Promise<string | undefined> {
  return retryTransient(() =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('resources as r')
        .innerJoin('stored_files as f', 'f.id', 'r.file_id')
        .select(['r.file_id', 'r.course_id', 'r.fed_epoch', 'f.file_name', 'f.blob_key'])
        .where('r.id', '=', resourceId)
        .executeTakeFirst();
      if (!row) return undefined;
      const deleted = await trx.deleteFrom('resources').where('id', '=', resourceId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return undefined;
      await trx.deleteFrom('stored_files').where('id', '=', row.file_id).execute();
      if (row.fed_epoch !== null) {
        await recordRemoval(trx, resourceId, {
          courseId: row.course_id,
          source: CourseMaterialFeed.sourceOf({ id: resourceId, fileName: row.file_name }),
        });
      }
      return row.blob_key;
    }),
  );
}
