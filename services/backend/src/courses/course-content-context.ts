import type { Db } from '../db/database.js';
import type { BlobStore } from '../storage/blob-store.js';

/** What course content (assignments, submissions, resources) needs, built once at start. */
export interface CourseContentContext {
  db: Db;
  blobs: BlobStore;
  /** Largest accepted file in bytes (RESOURCE_MAX_BYTES). */
  maxUploadBytes: number;
}
