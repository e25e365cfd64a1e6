import {
  AppError,
  type Resource,
  type ResourceCategory,
  type UploadResourceFields,
  uploadResourceFieldsSchema,
} from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse, accessCourseForChange, assertMayChange } from '../courses/course-access.js';
import type { CourseContentContext } from '../courses/course-content-context.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import type { BlobStore } from '../storage/blob-store.js';
import { deleteBlobsQuietly } from '../storage/discard.js';
import { type StorageRoom, storageRoom } from '../storage/upload-limits.js';
import { CourseMaterialFeed, type FedResource } from './course-material-feed.js';
import { classify, SNIFF_BYTES } from './file-types.js';
import type { ReceivedUpload } from './multipart-upload.js';
import { categoryList, toResourceView } from './resource-views.js';
import {
  deleteResourceRows,
  findResource,
  insertResourceWithFile,
  listCourseResources,
  type ResourceRow,
} from './resources.repository.js';

/** Reads the request body; `beforeFile` checks the fields that arrived ahead of the file. */
export type UploadReceiver = (
  beforeFile: (fields: Record<string, string>) => void,
  room: StorageRoom,
) => Promise<ReceivedUpload>;

const FIELD_NAMES = ['name', 'category', 'chapter', 'description'] as const;

function parseFields<S extends z.ZodType>(schema: S, raw: Record<string, string>): z.output<S> {
  const input: Record<string, string> = {};
  for (const field of FIELD_NAMES) {
    const value = raw[field];
    // HTML forms send empty inputs; an empty optional field is a field not given.
    if (value !== undefined && !(field === 'chapter' && value.trim() === '')) input[field] = value;
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const details = result.error.issues
      .map((issue) => `body.${issue.path.map(String).join('.')}: ${issue.message}`)
      .join('; ');
    throw new AppError('VALIDATION_ERROR', undefined, { details });
  }
  return result.data;
}

const checkFieldsSoFar = (fields: Record<string, string>): void => {
  parseFields(uploadResourceFieldsSchema.partial(), fields);
};

async function readHead(blobs: BlobStore, key: string, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.open(key, { start: 0, end: Math.min(SNIFF_BYTES, size) - 1 })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function fedResourceOf(row: ResourceRow): FedResource {
  return {
    id: row.id,
    courseId: row.course_id,
    fileName: row.file_name,
    title: row.name,
    type: row.type,
    size: Number(row.size),
    blobKey: row.blob_key,
  };
}

/**
 * Upload: be allowed to change the course's content, stream the file into the blob store,
 * check the form, decide the type from the bytes, then write the file and resource rows in one
 * transaction. Whatever fails after the blob was written deletes it again.
 */
export async function uploadResource(
  ctx: CourseContentContext,
  principal: Principal,
  courseId: string,
  receive: UploadReceiver,
  log: FastifyBaseLogger,
  requestId = 'internal',
): Promise<Resource> {
  await accessCourseForChange(ctx.db, principal, courseId, 'content');
  const release = ctx.uploadSlots.acquire(principal.userId);
  try {
    const room = await storageRoom(ctx.db, ctx.limits, principal.userId, courseId);
    return await storeResource(
      ctx,
      principal,
      courseId,
      await receive(checkFieldsSoFar, room),
      log,
      requestId,
    );
  } finally {
    release();
  }
}

async function storeResource(
  ctx: CourseContentContext,
  principal: Principal,
  courseId: string,
  upload: ReceivedUpload,
  log: FastifyBaseLogger,
  requestId: string,
): Promise<Resource> {
  let resourceId: string;
  try {
    const fields: UploadResourceFields = parseFields(uploadResourceFieldsSchema, upload.fields);
    if (upload.blob.size === 0) {
      throw new AppError('VALIDATION_ERROR', 'The file is empty', { details: 'body.file: has no bytes' });
    }
    const head = await readHead(ctx.blobs, upload.blob.key, upload.blob.size);
    const kind = await classify(upload.fileName, upload.clientContentType, head);
    const now = isoNow();
    const fileId = newId();
    resourceId = newId();
    await insertResourceWithFile(
      ctx.db,
      {
        id: fileId,
        blob_key: upload.blob.key,
        file_name: upload.fileName,
        content_type: kind.contentType,
        size: upload.blob.size,
        sha256: upload.blob.sha256,
        created_at: now,
      },
      {
        id: resourceId,
        course_id: courseId,
        file_id: fileId,
        name: fields.name,
        type: kind.type,
        category: fields.category,
        chapter: fields.chapter ?? null,
        description: fields.description,
        uploaded_by: principal.userId,
        uploaded_at: now,
        // Text waits to be fed to the tutor (''), until the AI service took it (docs/adr/0126).
        fed_epoch: kind.type === 'text' ? '' : null,
      },
    );
  } catch (error) {
    await deleteBlobsQuietly(ctx.blobs, [upload.blob.key], log);
    throw error;
  }
  // Read back outside the cleanup above: once committed, the blob belongs to the rows.
  const saved = await findResource(ctx.db, resourceId);
  if (!saved) throw new AppError('RESOURCE_NOT_FOUND');
  if (saved.type === 'text') await ctx.courseMaterial?.uploaded(fedResourceOf(saved), requestId, log);
  return toResourceView(saved);
}

export async function listResources(
  ctx: CourseContentContext,
  principal: Principal,
  courseId: string,
  filter: { category?: ResourceCategory | undefined; chapter?: number | undefined },
) {
  await accessCourse(ctx.db, principal, courseId);
  const rows = await listCourseResources(ctx.db, courseId, filter);
  return {
    resources: rows.map(toResourceView),
    categories: categoryList,
    max_upload_bytes: ctx.maxUploadBytes,
  };
}

/** The resource and what the caller may do with it; 404 RESOURCE_NOT_FOUND when they may not see it. */
async function accessResource(ctx: CourseContentContext, principal: Principal, resourceId: string) {
  const row = await findResource(ctx.db, resourceId);
  if (!row) throw new AppError('RESOURCE_NOT_FOUND');
  try {
    return { row, access: await accessCourse(ctx.db, principal, row.course_id) };
  } catch (error) {
    // The course is gone or not the caller's: the resource does not exist for them either.
    if (error instanceof AppError && error.code === 'COURSE_NOT_FOUND')
      throw new AppError('RESOURCE_NOT_FOUND');
    throw error;
  }
}

export async function findDownloadableResource(
  ctx: CourseContentContext,
  principal: Principal,
  resourceId: string,
): Promise<ResourceRow> {
  return (await accessResource(ctx, principal, resourceId)).row;
}

/** Rows first (one transaction), then the bytes: a failed blob delete leaves only an unreferenced file. */
export async function deleteResource(
  ctx: CourseContentContext,
  principal: Principal,
  resourceId: string,
  log: FastifyBaseLogger,
  requestId = 'internal',
): Promise<void> {
  const { access, row } = await accessResource(ctx, principal, resourceId);
  assertMayChange(access, 'content');
  const blobKey = await deleteResourceRows(ctx.db, resourceId);
  if (blobKey === undefined) throw new AppError('RESOURCE_NOT_FOUND');
  await deleteBlobsQuietly(ctx.blobs, [blobKey], log);
  if (CourseMaterialFeed.feeds(fedResourceOf(row))) {
    const document = { courseId: row.course_id, source: CourseMaterialFeed.sourceOf(fedResourceOf(row)) };
    await ctx.courseMaterial?.deleted(row.id, document, requestId, log);
  }
}
