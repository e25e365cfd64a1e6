import type { BackendConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { BlobStore } from '../storage/blob-store.js';

/** What the simulation lab needs in the backend, built once at start. */
export interface SimulationContext {
  db: Db;
  blobs: BlobStore;
  simServiceUrl: string;
  settings: BackendConfig['simulation'];
}
