import { Readable } from 'node:stream';
import {
  AppError,
  SIM_CALLER_HEADERS,
  type SimulationResult,
  type SimulationType,
  type SimWorkKind,
} from '@faraday/contracts';
import { callService } from '@faraday/server-kit';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { BlobNotFoundError } from '../storage/blob-store.js';
import { listHistory } from './history.js';
import { type SimulationContext, simAuthHeaders } from './simulation-context.js';
import {
  deleteSimulation,
  findSimulation,
  insertSimulation,
  type SimulationWithOwner,
} from './simulations.repository.js';

const BLOB_LIMIT = 512 * 1024 * 1024;

export interface RunRequest {
  type: SimulationType;
  body: Record<string, unknown>;
  requestId: string;
  /** The user the run is for and its kind: the sim service shares its threads fairly by them. */
  caller: { userId: string; work: SimWorkKind };
  /** Aborting it (the caller left, the sweep was cancelled) stops the computation in the sim service. */
  signal?: AbortSignal;
}

/** The solver's answer without the images: what data.json serves. */
function numericPart(result: SimulationResult): Record<string, unknown> {
  const { png_base64: _png, svg: _svg, animation_frames: _frames, ...numbers } = result;
  return numbers;
}

/** Asks the sim service to run one solver. Its error codes pass through; down is UPSTREAM_UNAVAILABLE. */
export function runSolver(ctx: SimulationContext, request: RunRequest): Promise<SimulationResult> {
  return callService<SimulationResult>('simulation', ctx.simServiceUrl, `/v1/sim/${request.type}`, {
    body: request.body,
    requestId: request.requestId,
    headers: {
      ...simAuthHeaders(ctx),
      [SIM_CALLER_HEADERS.user]: request.caller.userId,
      [SIM_CALLER_HEADERS.work]: request.caller.work,
    },
    timeoutMs: ctx.settings.requestTimeoutMs,
    ...(request.signal ? { signal: request.signal } : {}),
  });
}

/** A finished run as it is stored: the record's fields, the figure, and data.json's bytes. */
export interface StoredRun {
  ownerId: string;
  courseId: string | null;
  type: SimulationType;
  title: string;
  parameters: Record<string, unknown>;
  metadata: { computation_time?: unknown } & Record<string, unknown>;
  /** The key of the figure's blob, once stored. */
  png: Promise<string>;
  /** The key of data.json's blob (or of the parts it is served from, see simulation-run.ts), once stored. */
  data: Promise<string>;
  sweepId?: string;
  /** The record's id when the caller chose it (its answer is written before the row). */
  id?: string;
}

/**
 * Stores bytes (given whole or as they come) as a blob of the run; its key. A run's blobs are
 * served by its record, never by their hash, so none is computed.
 */
export async function putBlob(ctx: SimulationContext, source: Uint8Array[] | Readable): Promise<string> {
  const stream = Array.isArray(source) ? Readable.from(source) : source;
  return (await ctx.blobs.put(stream, BLOB_LIMIT, { sha256: false })).key;
}

/**
 * Stores a finished run: the record as a row once its figure's and its numbers' blobs are stored.
 * If either blob or the row cannot be written the blobs are removed, so nothing is left half-stored.
 */
export async function storeRun(ctx: SimulationContext, run: StoredRun): Promise<string> {
  const id = run.id ?? newId();
  const [png, data] = await Promise.allSettled([run.png, run.data]);
  const keys = [png, data].flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  try {
    if (png.status === 'rejected') throw png.reason;
    if (data.status === 'rejected') throw data.reason;
    await insertSimulation(ctx.db, {
      id,
      owner_id: run.ownerId,
      course_id: run.courseId,
      type: run.type,
      title: run.title,
      parameters: JSON.stringify(run.parameters),
      metadata: JSON.stringify(run.metadata),
      status: 'completed',
      computation_time: Number(run.metadata.computation_time) || 0,
      png_blob_key: png.value,
      data_blob_key: data.value,
      sweep_id: run.sweepId ?? null,
      created_at: isoNow(),
    });
  } catch (error) {
    for (const key of keys) await ctx.blobs.delete(key);
    throw error;
  }
  return id;
}

/** Stores a run from the sim service's parsed answer (the sweeps' path, which reads its numbers). */
export async function recordSimulation(
  ctx: SimulationContext,
  run: {
    ownerId: string;
    courseId: string | null;
    type: SimulationType;
    title: string;
    parameters: Record<string, unknown>;
    result: SimulationResult;
    sweepId?: string;
  },
): Promise<string> {
  const data = Buffer.from(
    JSON.stringify({ type: run.type, parameters: run.parameters, output: numericPart(run.result) }),
  );
  return storeRun(ctx, {
    ownerId: run.ownerId,
    courseId: run.courseId,
    type: run.type,
    title: run.title,
    parameters: run.parameters,
    metadata: run.result.metadata,
    png: putBlob(ctx, [Buffer.from(run.result.png_base64, 'base64')]),
    data: putBlob(ctx, [data]),
    ...(run.sweepId === undefined ? {} : { sweepId: run.sweepId }),
  });
}

async function isCourseStaff(db: Db, principal: Principal, courseId: string): Promise<boolean> {
  try {
    const { role } = await accessCourse(db, principal, courseId);
    return role !== 'student';
  } catch {
    return false;
  }
}

/**
 * A run is visible to its owner, to admins, and to the staff of the course it was recorded
 * under. Anyone else gets SIMULATION_NOT_FOUND, as for a run that does not exist.
 */
export async function visibleSimulation(
  db: Db,
  principal: Principal,
  id: string,
): Promise<SimulationWithOwner> {
  const row = await findSimulation(db, id);
  const visible =
    row !== undefined &&
    (row.owner_id === principal.userId ||
      principal.role === 'admin' ||
      (row.course_id !== null && (await isCourseStaff(db, principal, row.course_id))));
  if (!visible) throw new AppError('SIMULATION_NOT_FOUND');
  return row;
}

export async function simulationHistory(
  db: Db,
  principal: Principal,
  query: { type?: string | undefined; course_id?: string | undefined; offset: number; limit: number },
): ReturnType<typeof listHistory> {
  // A course the caller is not in answers COURSE_NOT_FOUND, as running a solver under it does.
  const access =
    query.course_id === undefined ? undefined : await accessCourse(db, principal, query.course_id);
  const seesWholeCourse = access !== undefined && access.role !== 'student';
  return listHistory(db, {
    ownerId: seesWholeCourse ? undefined : principal.userId,
    courseId: query.course_id,
    type: query.type,
    offset: query.offset,
    limit: query.limit,
  });
}

export async function readBlobText(ctx: SimulationContext, key: string | null): Promise<Buffer> {
  if (!key) throw new AppError('SIMULATION_NOT_FOUND', 'The stored result is no longer available');
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await ctx.blobs.open(key)) chunks.push(chunk as Buffer);
  } catch (error) {
    // Only a blob that is really gone is "no longer available"; storage being down is a 503.
    if (!(error instanceof BlobNotFoundError)) throw error;
    throw new AppError('SIMULATION_NOT_FOUND', 'The stored result is no longer available');
  }
  return Buffer.concat(chunks);
}

/**
 * Whoever may read a run may delete it: its owner, an admin, and the staff of the course it was
 * recorded under (they look after what is filed in their course).
 * The row goes first, then its blobs.
 */
export async function deleteSimulationRecord(
  ctx: SimulationContext,
  principal: Principal,
  id: string,
): Promise<void> {
  const row = await visibleSimulation(ctx.db, principal, id);
  await deleteSimulation(ctx.db, id);
  for (const key of [row.png_blob_key, row.data_blob_key]) if (key) await ctx.blobs.delete(key);
}
