import { type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { newId } from '../shared/ids.js';
import {
  BlobNotFoundError,
  type BlobStore,
  BlobStoreUnavailableError,
  type ByteRange,
  blobMeter,
  type ListedBlob,
  type PutOptions,
  type StoredBlob,
} from './blob-store.js';

export interface S3BlobStoreSettings {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph…); unset for AWS itself. */
  endpoint?: string | undefined;
  /** Unset: the SDK's default chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path instead of the host name, as most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Longest wait for one call (and, during an upload, for the server to take more bytes). */
  timeoutMs: number;
}

/**
 * Large uploads go up in parts of this size, two at a time, so memory stays bounded (about
 * 2 × 8 MB per upload) whatever the file's size; a file under one part is a single PUT.
 */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Blobs as objects in an S3 bucket, so every backend instance and sim worker sees the same files.
 * An object exists only once its upload completed: a failed or oversized upload aborts its
 * multipart upload (the parts are discarded) and never leaves an object.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3BlobStoreSettings) {
    const config: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // A stopped server refuses at once; a hung one would otherwise hold the request for as long
      // as the operating system keeps the socket (21 s and more). One retry rides out a blip.
      requestHandler: new NodeHttpHandler({
        connectionTimeout: settings.timeoutMs,
        requestTimeout: settings.timeoutMs,
      }),
      maxAttempts: 2,
    };
    this.client = new S3Client(config);
  }

  private objectKey(key: string): string {
    return `${this.settings.prefix}${key}`;
  }

  /** A whole call (retries included) bounded by the timeout. */
  private deadline(): { abortSignal: AbortSignal } {
    return { abortSignal: AbortSignal.timeout(this.settings.timeoutMs) };
  }

  put(source: Readable, maxBytes: number, options: PutOptions): Promise<Omit<StoredBlob, 'sha256'>>;
  put(source: Readable, maxBytes: number): Promise<StoredBlob>;
  async put(source: Readable, maxBytes: number, options?: PutOptions): Promise<Partial<StoredBlob>> {
    const key = newId();
    const { meter, measured } = blobMeter(maxBytes, options);
    source.once('error', (error) => meter.destroy(error));
    source.pipe(meter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: meter },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    // The server must take bytes or answer at least every timeout: a hung one aborts the upload.
    let idle = setTimeout(() => void upload.abort(), this.settings.timeoutMs);
    const progressed = () => {
      clearTimeout(idle);
      idle = setTimeout(() => void upload.abort(), this.settings.timeoutMs);
    };
    upload.on('httpUploadProgress', progressed);
    meter.on('data', progressed);
    try {
      await upload.done();
    } catch (error) {
      // The meter's own error (too large, client gone) says more than the SDK's wrapper of it.
      const cause = meter.errored;
      await upload.abort().catch(() => undefined);
      // Drain what the client is still sending so the connection can answer cleanly.
      if (!source.destroyed) source.resume();
      throw cause ?? new BlobStoreUnavailableError(error);
    } finally {
      clearTimeout(idle);
    }
    return { key, ...measured() };
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
        this.deadline(),
      );
      const body = object.Body as Readable;
      // A server may ignore a Range (HTTP allows it; s3rver does for bytes=0-0): then the whole
      // object came back, and the range is cut out here.
      if (range && !object.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
        return body.pipe(byteSlice(range));
      }
      return body;
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NotFound')) {
        throw new BlobNotFoundError(key);
      }
      throw new BlobStoreUnavailableError(error);
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as the interface asks.
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
        this.deadline(),
      );
    } catch (error) {
      throw new BlobStoreUnavailableError(error);
    }
  }

  async *list(): AsyncIterable<ListedBlob[]> {
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.settings.bucket,
            Prefix: this.settings.prefix || undefined,
            ContinuationToken: token,
          }),
          this.deadline(),
        )
        .catch((error: unknown) => {
          throw new BlobStoreUnavailableError(error);
        });
      yield (page.Contents ?? []).flatMap((o) =>
        o.Key && o.LastModified
          ? [{ key: o.Key.slice(this.settings.prefix.length), modifiedAt: o.LastModified }]
          : [],
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), this.deadline());
    } catch (error) {
      throw new BlobStoreUnavailableError(error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** Passes on bytes start..end (inclusive) of what flows through, and ends after them. */
function byteSlice({ start, end }: ByteRange): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end + 1 - offset);
      offset += chunk.length;
      callback(null, from < to ? chunk.subarray(from, to) : undefined);
      if (offset > end) this.end();
    },
  });
}
