import type { Db } from '../db/database.js';
import type { CourseMaterialSync } from '../resources/course-material-sync.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { UploadLimitSettings, UploadSlots } from '../storage/upload-limits.js';

/** What course content (assignments, submissions, resources) needs, built once at start. */
export interface CourseContentContext {
  db: Db;
  blobs: BlobStore;
  /** Largest accepted file in bytes (RESOURCE_MAX_BYTES). */
  maxUploadBytes: number;
  /** Storage quotas and upload rates per person (STORAGE_QUOTA_*, SUBMISSION_ATTEMPTS_PER_HOUR, UPLOADS_PER_USER). */
  limits: UploadLimitSettings;
  /** Uploads being received per user by this instance. */
  uploadSlots: UploadSlots;
  /** Keeps the AI tutor's retrieval index in step with the text resources (absent in some tests). */
  courseMaterial?: CourseMaterialSync;
}
