import { Readable } from 'node:stream';
import { AppError, failure } from '@faraday/contracts';
import { encodeExtended } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseRange } from 'range-parser';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';

/**
 * The HTTP details of serving a file: Content-Disposition with UTF-8 names (RFC 6266 with
 * RFC 8187's `filename*`, encoded by content-disposition) and single byte ranges (RFC 9110 §14,
 * parsed by range-parser).
 */

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>`, `filename*` even
 * for plain ASCII names so every answer has one shape. Old clients read the quoted name, so it
 * keeps only printable ASCII without quotes, backslashes or percent signs; every current browser
 * prefers `filename*`, which carries the real name.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'download';
  return `${type}; filename="${ascii}"; filename*=${encodeExtended(fileName)}`;
}

export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/** range-parser's code bit for a malformed range-set or an invalid range (such as `5-2`). */
const MALFORMED = 1;

/**
 * A `Range` header against a file of `size` bytes (size ≥ 1). One satisfiable byte range is
 * served (206); ranges that all lie past the end are refused (416). A header we do not
 * understand (another unit, bad syntax, a reversed range) or one asking for several ranges is
 * ignored and the whole file is sent, which RFC 9110 allows; multipart/byteranges answers are
 * not worth their complexity here.
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return { kind: 'full' };
  const { code, type, ranges } = parseRange(size, header);
  if (type !== 'bytes' || (code & MALFORMED) !== 0) return { kind: 'full' };
  if (ranges.length === 0) return code === 0 ? { kind: 'full' } : { kind: 'unsatisfiable' };
  const [only] = ranges;
  if (!only || ranges.length > 1 || code !== 0) return { kind: 'full' };
  return { kind: 'partial', start: only.start, end: only.end };
}

/** The strong ETag of a blob: its SHA-256, which the store computed while writing it. */
export function etagOf(sha256: string): string {
  return `"${sha256}"`;
}

/** True when an If-None-Match / If-Range list names this ETag (or `*` where allowed). */
export function etagMatches(header: string | undefined, etag: string, allowStar: boolean): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || (allowStar && tag === '*'));
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

export interface DownloadableFile {
  blobKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** How the browser is told to treat the file: saved (the default) or shown in place, and how boxed in. */
export interface Presentation {
  disposition: 'attachment' | 'inline';
  contentSecurityPolicy: string;
}

/** Even an HTML or SVG upload must never run as a page of this origin. */
const DOWNLOAD: Presentation = {
  disposition: 'attachment',
  contentSecurityPolicy: "default-src 'none'; sandbox",
};

/**
 * Streams a stored file with its headers, honouring one Range (and If-Range / If-None-Match
 * against the SHA-256 ETag). The blob is opened before any header is set, so a missing blob
 * still gets a clean error answer.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  file: DownloadableFile,
  presentation: Presentation = DOWNLOAD,
): Promise<FastifyReply> {
  const etag = etagOf(file.sha256);
  // Members only: no shared cache may keep it, and each use asks again (cheaply, via the ETag).
  reply.headers({ 'accept-ranges': 'bytes', etag, 'cache-control': 'private, no-cache' });
  if (etagMatches(headerOf(request, 'if-none-match'), etag, true)) return reply.status(304).send();

  const ifRange = headerOf(request, 'if-range');
  // A Range with a stale If-Range validator is ignored: the client gets the whole new file.
  const rangeHeader =
    ifRange === undefined || etagMatches(ifRange, etag, false) ? headerOf(request, 'range') : undefined;
  const range = decideRange(rangeHeader, file.size);
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${file.size}`)
      .send(
        failure({
          code: 'RANGE_NOT_SATISFIABLE',
          message: `The requested range is outside the file (${file.size} bytes)`,
        }),
      );
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, file.size - 1];
  // HEAD: headers only; Fastify would otherwise read a real stream to the end and discard it.
  const body =
    request.method === 'HEAD'
      ? Readable.from([])
      : await openBlob(blobs, file.blobKey, { start, end }, request);
  reply.headers({
    'content-type': file.contentType,
    'content-length': String(end - start + 1),
    'content-disposition': contentDisposition(file.fileName, presentation.disposition),
    'x-content-type-options': 'nosniff',
    'content-security-policy': presentation.contentSecurityPolicy,
  });
  if (range.kind === 'partial') {
    reply.status(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  }
  return reply.send(body);
}

/**
 * A row whose blob is gone (removed by a concurrent replace, or lost on disk) is answered as a
 * missing file, and logged, rather than as a server error.
 */
async function openBlob(
  blobs: BlobStore,
  key: string,
  range: { start: number; end: number },
  request: FastifyRequest,
): Promise<Readable> {
  try {
    return await blobs.open(key, range);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    request.log.warn({ blob_key: key }, 'stored file is missing from the blob store');
    throw new AppError('NOT_FOUND', 'The file is no longer available');
  }
}
