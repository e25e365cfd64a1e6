import { AppError, NUL } from '@faraday/contracts';
import type { FastifyRequest } from 'fastify';
import type { CourseContentContext } from '../courses/course-content-context.js';
import { BlobTooLargeError, type StoredBlob } from '../storage/blob-store.js';
import { deleteBlobsQuietly } from '../storage/discard.js';
import { displayFileName } from '../storage/file-names.js';
import { quotaExceeded, type StorageRoom } from '../storage/upload-limits.js';

/** The one file of an upload, already in the blob store, and the plain fields around it. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  blob: StoredBlob;
  /** Display name only: never part of a path or a blob key. */
  fileName: string;
  clientContentType: string;
}

/**
 * Reads a multipart body part by part as it arrives: fields are kept (they are small), the
 * one file part streams straight into the blob store, so the whole file is never in memory
 * and fields may come before or after it. `beforeFile` sees the fields sent ahead of the file
 * and may throw, so a form that is already wrong fails before its file is stored.
 *
 * On any failure the stored blob (if any) is deleted and the rest of the body is discarded
 * unread, so the client still gets the error answer on a usable connection. The file is cut off
 * at the upload limit or at the room left in the storage quotas, whichever is smaller.
 */
export async function receiveMultipartUpload(
  request: FastifyRequest,
  ctx: CourseContentContext,
  beforeFile: (fields: Record<string, string>) => void,
  room: StorageRoom,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the upload as multipart/form-data with the file in a part named "file"',
    );
  }
  const fields: Record<string, string> = {};
  let file: Omit<ReceivedUpload, 'fields'> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw invalid(part.fieldname, 'is too long');
        if (Object.hasOwn(fields, part.fieldname)) throw invalid(part.fieldname, 'is given more than once');
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        // Multipart fields never pass the server kit's NUL guard (the body is a stream).
        if (value.includes(NUL)) throw invalid(part.fieldname, 'must not contain the character U+0000');
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== 'file')
        throw invalid(part.fieldname, 'unexpected file; send the file as "file"');
      if (file) throw invalid('file', 'send exactly one file');
      beforeFile(fields);
      const blob = await ctx.blobs.put(part.file, Math.min(ctx.maxUploadBytes, room.bytes));
      file = { blob, fileName: displayFileName(part.filename), clientContentType: part.mimetype };
    }
  } catch (error) {
    discardRestOfBody(request);
    if (file) await deleteBlobsQuietly(ctx.blobs, [file.blob.key], request.log);
    throw asUploadError(error, ctx.maxUploadBytes, room);
  }
  if (!file) throw invalid('file', 'is required (a multipart part named "file" with a filename)');
  return { fields, ...file };
}

function invalid(field: string, problem: string): AppError {
  return new AppError('VALIDATION_ERROR', undefined, { details: `body.${field}: ${problem}` });
}

/**
 * Stops parsing and lets the remaining bytes flow into nothing. Node discards an unread body
 * by itself, but not one the parser had started to read and then let go of.
 */
function discardRestOfBody(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/** Translates what can go wrong while reading the body into the catalogue's answers. */
function asUploadError(error: unknown, maxBytes: number, room: StorageRoom): unknown {
  if (error instanceof AppError) return error;
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (error instanceof BlobTooLargeError && room.bytes < maxBytes) return quotaExceeded(room);
  if (error instanceof BlobTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      'RESOURCE_TOO_LARGE',
      `The file is larger than the upload limit of ${maxBytes} bytes`,
      {
        details: `limit_bytes: ${maxBytes}`,
      },
    );
  }
  // File-system failures of the blob store and programming errors stay server errors.
  if (syscall !== undefined || error instanceof TypeError || error instanceof RangeError) return error;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION_ERROR', 'The multipart body has too many parts', {
      details: 'body: send one file and the listed fields only',
    });
  }
  // The rest are the parser's complaints about the body itself (no boundary, cut short, a
  // client that went away), all the client's doing.
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('VALIDATION_ERROR', 'The multipart body could not be read', { details: message });
}
