import type { BackendConfig } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { FolderBlobStore } from './folder-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The blob store the configuration names (BLOB_STORE): a folder by default, or an S3 bucket. */
export function createBlobStore(uploads: BackendConfig['uploads']): BlobStore {
  const { store } = uploads;
  return store.kind === 's3' ? new S3BlobStore(store) : new FolderBlobStore(uploads.blobDir);
}
