import { booleanFlagSchema } from '@faraday/server-kit';
import { z } from 'zod';
import type { S3BlobStoreSettings } from './s3-blob-store.js';

/** The settings that choose where files live (part of the backend's one environment schema). */
export const blobStoreEnvFields = {
  BLOB_STORE: z
    .enum(['folder', 's3'])
    .default('folder')
    .describe('Where files and simulation results live: a local folder, or an S3-compatible bucket'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 of a-z, 0-9, . and -)')
    .optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, "must be empty or folder names ending in '/'")
    .default('')
    .describe('Key prefix of every object in the bucket'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional().describe('S3 API of a self-hosted server (MinIO, Ceph…); unset for AWS'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_TIMEOUT_SEC: z.coerce
    .number()
    .positive()
    .max(120)
    .default(5)
    .describe('Longest wait for one object-storage call before the request answers 503 STORAGE_UNAVAILABLE'),
  S3_FORCE_PATH_STYLE: booleanFlagSchema(false).describe('Bucket in the URL path (most self-hosted servers)'),
};

type BlobStoreEnv = z.output<z.ZodObject<typeof blobStoreEnvFields>>;

/** The folder store keeps its files under `uploads.blobDir`; the S3 store in a bucket. */
export type BlobStoreConfig = { kind: 'folder' } | ({ kind: 's3' } & S3BlobStoreSettings);

export function blobStoreOf(env: BlobStoreEnv): BlobStoreConfig {
  if (env.BLOB_STORE === 'folder' || env.S3_BUCKET === undefined) return { kind: 'folder' };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    timeoutMs: env.S3_TIMEOUT_SEC * 1000,
  };
}
