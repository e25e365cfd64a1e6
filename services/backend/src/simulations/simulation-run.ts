/**
 * POST /api/v1/sim/<solver> (issue 18): the sim service answers in parts, the backend stores the
 * figure, data.json and the record, and writes the caller's answer in the form it asked for,
 * never parsing or re-serialising the numbers. When the answer carries the arrays as JSON, the
 * sim service writes that JSON and data.json is stored as JSON text, byte for byte the arrays of
 * the answer; otherwise the run's numbers are stored as parts (float64) and data.json is written
 * from them when it is asked for. Either way data.json has every number, in the same JSON.
 */
import { Readable } from 'node:stream';
import {
  AppError,
  answerFieldsOf,
  decodeSimParts,
  encodeSimParts,
  isSimParts,
  SIM_CALLER_HEADERS,
  SIM_PARTS_MEDIA_TYPE,
  type SimParts,
  type SimulationAnswerQuery,
  type SimulationType,
} from '@faraday/contracts';
import { callServiceBytes } from '@faraday/server-kit';
import { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import { newId } from '../shared/ids.js';
import { type AnswerForm, answerBody, asBytes, dataJsonChunks, withoutFigure } from './answer-writer.js';
import type { SimulationContext } from './simulation-context.js';
import { storeRun } from './simulations.service.js';

/** What the backend checks of the document: an object with its metadata (the record needs it). */
const documentSchema = z.looseObject({
  metadata: z.looseObject({ computation_time: z.number() }),
});

/** The sim service's answer in parts; its error codes pass through, a garbled body is UPSTREAM_BAD_RESPONSE. */
async function runInParts(
  ctx: SimulationContext,
  request: { type: SimulationType; parameters: Record<string, unknown>; requestId: string; userId: string },
  arrays: 'json' | 'float64',
  signal: AbortSignal | undefined,
): Promise<SimParts & { document: z.infer<typeof documentSchema> }> {
  const body = await callServiceBytes(
    'simulation',
    ctx.simServiceUrl,
    `/v1/sim/${request.type}?arrays=${arrays}`,
    {
      accept: SIM_PARTS_MEDIA_TYPE,
      body: request.parameters,
      requestId: request.requestId,
      headers: { [SIM_CALLER_HEADERS.user]: request.userId, [SIM_CALLER_HEADERS.work]: 'interactive' },
      timeoutMs: ctx.settings.requestTimeoutMs,
      ...(signal ? { signal } : {}),
    },
  );
  try {
    const parts = decodeSimParts(body);
    return { ...parts, document: documentSchema.parse(parts.head.document) };
  } catch (error) {
    throw new AppError('UPSTREAM_BAD_RESPONSE', 'The simulation service answered garbled parts', {
      cause: error,
    });
  }
}

/**
 * data.json's bytes to store: JSON text when the sim service wrote the arrays' JSON, otherwise the
 * parts (the document with its float64 arrays), written out as JSON when data.json is read.
 */
function dataToStore(
  type: SimulationType,
  parameters: Record<string, unknown>,
  parts: SimParts & { document: Record<string, unknown> },
): Uint8Array[] {
  const output = withoutFigure(parts.document);
  if (parts.head.arrays.every((a) => a.encoding === 'json')) {
    // The arrays' JSON goes to the store as the very bytes that came (no copy into one buffer).
    return asBytes(dataJsonChunks({ type, parameters }, parts, output));
  }
  return encodeSimParts({
    documentJson: JSON.stringify({ type, parameters, output }),
    png: new Uint8Array(0),
    arrays: parts.head.arrays.map((a, i) => ({ ...a, bytes: parts.arrays[i] ?? new Uint8Array(0) })),
  });
}

export interface RunAndRecordRequest {
  type: SimulationType;
  body: Record<string, unknown>;
  query: SimulationAnswerQuery;
  requestId: string;
  /** Aborting it (the caller left) stops the computation in the sim service. */
  signal?: AbortSignal;
}

/** Runs a solver, records the run under the caller (and a course they belong to), and answers it. */
export async function runAndRecord(
  ctx: SimulationContext,
  principal: Principal,
  request: RunAndRecordRequest,
): Promise<Uint8Array[]> {
  const {
    course_id: courseId,
    title,
    ...parameters
  } = request.body as {
    course_id?: string;
    title?: string;
  } & Record<string, unknown>;
  if (courseId !== undefined) await accessCourse(ctx.db, principal, courseId);
  const form: AnswerForm = { fields: answerFieldsOf(request.query.fields), arrays: request.query.arrays };
  // JSON text of the arrays only when the answer carries them as JSON; else float64 is cheaper.
  const arrays = form.fields.has('arrays') && form.arrays === 'json' ? 'json' : 'float64';
  const parts = await runInParts(
    ctx,
    { type: request.type, parameters, requestId: request.requestId, userId: principal.userId },
    arrays,
    request.signal,
  );
  const id = newId();
  const stored = storeRun(ctx, {
    id,
    ownerId: principal.userId,
    courseId: courseId ?? null,
    type: request.type,
    title: title ?? `${request.type} run`,
    parameters,
    metadata: parts.document.metadata,
    png: parts.png,
    data: dataToStore(request.type, parameters, parts),
  });
  // Written while the blobs are being stored; sent only once the run is recorded.
  try {
    return answerBody(parts, form, id);
  } finally {
    await stored;
  }
}

/**
 * data.json of a run as stored: JSON text as it is, or the parts written out as JSON, a row at a
 * time as the client reads (a 316 × 316 run is about 300,000 numbers).
 */
export function dataJsonStream(stored: Buffer): Buffer | Readable {
  if (!isSimParts(stored)) return stored;
  const parts = decodeSimParts(stored);
  const { type, parameters, output } = parts.head.document as {
    type: string;
    parameters: Record<string, unknown>;
    output: Record<string, unknown>;
  };
  return Readable.from(dataJsonChunks({ type, parameters }, parts, output));
}
