import type { Readable } from 'node:stream';
import {
  AppError,
  MAX_SUBMISSION_FILES,
  MAX_SUBMISSION_TEXT,
  submitJsonRequestSchema,
} from '@faraday/contracts';
import type { FastifyRequest } from 'fastify';
import { type BlobStore, BlobTooLargeError, type StoredBlob } from '../storage/blob-store.js';
import { deleteBlobsQuietly } from '../storage/discard.js';
import { displayFileName, plainContentType } from '../storage/file-names.js';
import { quotaExceeded, type StorageRoom } from '../storage/upload-limits.js';

/** A file already streamed into the blob store, not yet recorded in the database. */
export interface UploadedFile {
  blob: StoredBlob;
  name: string;
  contentType: string;
}

export interface SubmissionUpload {
  content: string;
  files: UploadedFile[];
}

const FILE_FIELDS = new Set(['files', 'files[]']);

function invalid(message: string, details: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { details });
}

/** Multipart parser failures without a status of their own are malformed bodies, not server faults. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return invalid('The multipart body is malformed', String((error as Error).message ?? error).slice(0, 200));
}

async function storeFile(
  blobs: BlobStore,
  stream: Readable,
  maxBytes: number,
  name: string,
  room: StorageRoom,
  roomLeft: number,
): Promise<StoredBlob> {
  try {
    return await blobs.put(stream, Math.min(maxBytes, roomLeft));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof BlobTooLargeError && roomLeft < maxBytes) throw quotaExceeded(room);
    if (error instanceof BlobTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('RESOURCE_TOO_LARGE', undefined, {
        details: `files: "${name}" is larger than ${maxBytes} bytes`,
      });
    }
    // The request body broke off or was malformed mid-file: the client's fault, not ours.
    const sourceError = (stream as Readable).errored;
    if (sourceError) throw asClientError(sourceError);
    throw error;
  }
}

/**
 * Reads a multipart submission: the `content` text field and 0..5 `files` parts, each streamed
 * straight into the blob store (never buffered whole). Any failure removes the blobs this request
 * already stored, so a refused upload leaves nothing behind. The files together may take at most
 * the room left in the storage quotas.
 */
export async function readMultipartSubmission(
  request: FastifyRequest,
  blobs: BlobStore,
  maxBytes: number,
  room: StorageRoom,
): Promise<SubmissionUpload> {
  let content: string | undefined;
  const files: UploadedFile[] = [];
  let roomLeft = room.bytes;
  try {
    const parts = request.parts();
    while (true) {
      let next: Awaited<ReturnType<typeof parts.next>>;
      try {
        next = await parts.next();
      } catch (error) {
        throw asClientError(error);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (part.fieldname !== 'content') continue; // other form fields (a submit button) are ignored
        if (content !== undefined) throw invalid('Send the content field once', 'content: given twice');
        const parsed = submitJsonRequestSchema.shape.content.safeParse(String(part.value));
        if (part.valueTruncated || !parsed.success) {
          throw invalid(
            'The content is not acceptable',
            `content: at most ${MAX_SUBMISSION_TEXT} characters, no NUL characters`,
          );
        }
        content = parsed.data;
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw invalid('Unexpected file field', `${part.fieldname}: send files as "files"`);
      }
      if (files.length >= MAX_SUBMISSION_FILES) {
        part.file.resume();
        throw invalid('Too many files', `files: at most ${MAX_SUBMISSION_FILES} per submission`);
      }
      const name = displayFileName(part.filename);
      const blob = await storeFile(blobs, part.file, maxBytes, name, room, roomLeft);
      roomLeft -= blob.size;
      if (blob.size === 0) {
        await blobs.delete(blob.key);
        // A form's file input left empty sends a nameless, empty part: nothing was chosen.
        if (part.filename === '') continue;
        throw invalid('A file is empty', `files: "${name}" has no content`);
      }
      files.push({ blob, name, contentType: plainContentType(part.mimetype) ?? 'application/octet-stream' });
    }
  } catch (error) {
    // The parser stopped at the refused part. Read and drop what the client is still sending,
    // so that it gets our answer rather than a stalled connection (Node's requestTimeout bounds this).
    if (!request.raw.readableEnded) request.raw.resume();
    await deleteBlobsQuietly(
      blobs,
      files.map((file) => file.blob.key),
      request.log,
    );
    throw error;
  }
  return { content: content ?? '', files };
}
