import { SIM_CALLER_HEADERS } from '@faraday/contracts';
import type { BackendConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { BlobStore } from '../storage/blob-store.js';

/** What the simulation lab needs in the backend, built once at start. */
export interface SimulationContext {
  db: Db;
  blobs: BlobStore;
  simServiceUrl: string;
  /** Sent with every call; the sim service refuses calls without it (AI_GATEWAY_SHARED_TOKEN). */
  serviceToken: string;
  settings: BackendConfig['simulation'];
}

/** The header that proves to the sim service the call comes from the backend. */
export function simAuthHeaders(ctx: Pick<SimulationContext, 'serviceToken'>): Record<string, string> {
  return { [SIM_CALLER_HEADERS.token]: ctx.serviceToken };
}
