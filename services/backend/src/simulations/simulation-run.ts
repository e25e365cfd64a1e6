/**
 * POST /api/v1/sim/<solver> (docs/adr/0029-simulation-answers-in-parts.md): the sim service answers
 * in parts, the backend stores the figure, the run's numbers and the record, and writes the
 * caller's answer in the form it asked for, never parsing the numbers. The arrays come as float64
 * values as soon as the solver is done; they are stored as they came, and their JSON (when the
 * answer carries it) is written here while the sim service draws the figure. data.json is written
 * from the stored values when it is asked for, in the same JSON (runs stored by earlier versions
 * may hold data.json as JSON text: it is served as it is).
 */
import { PassThrough, Readable } from 'node:stream';
import {
  AppError,
  type ArrayEncoding,
  answerFieldsOf,
  arrayFrame,
  decodeSimParts,
  headFrame,
  isSimParts,
  partsStart,
  SIM_CALLER_HEADERS,
  SIM_PARTS_MEDIA_TYPE,
  type SimParts,
  type SimPartsFrame,
  SimPartsReader,
  type SimulationAnswerQuery,
  type SimulationType,
} from '@faraday/contracts';
import { callServiceStream, upstreamAppError } from '@faraday/server-kit';
import { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourse } from '../courses/course-access.js';
import { newId } from '../shared/ids.js';
import { AnswerBuffers } from './answer-buffers.js';
import {
  type AnswerForm,
  answerBody,
  coalesced,
  dataJsonChunks,
  float64Values,
  withoutFigure,
} from './answer-writer.js';
import { arrayJsonText, carriedValues } from './array-json.js';
import { GzipSegments } from './gzip-segments.js';
import { type SimulationContext, simAuthHeaders } from './simulation-context.js';
import { putBlob, storeRun } from './simulations.service.js';

/** What the backend checks of the document: an object with its metadata (the record needs it). */
const documentSchema = z.looseObject({
  metadata: z.looseObject({ computation_time: z.number() }),
});
type RunParts = SimParts & { document: z.infer<typeof documentSchema> };

/**
 * Reads the sim service's answer in parts as it arrives, handing each array to `onArray` as soon
 * as it is complete. A garbled body is UPSTREAM_BAD_RESPONSE; an error frame, a timeout or a
 * broken answer throw their own AppError. The head is the last frame: the answer is whole as soon
 * as it is in, and the end of the HTTP message behind it is read apart (the connection then serves
 * the next call) rather than waited for.
 */
async function readParts(
  chunks: AsyncIterable<Buffer>,
  onArray: (frame: ArrayFrame) => void,
): Promise<RunParts> {
  const reader = new SimPartsReader();
  const body = chunks[Symbol.asyncIterator]();
  try {
    let whole = false;
    while (!whole) {
      const next = await body.next();
      if (next.done) break;
      for (const frame of reader.push(next.value)) {
        if (frame.kind === 'array') onArray(frame);
        else if (frame.kind === 'head') whole = true;
        else
          throw (
            upstreamAppError(frame.error) ??
            new AppError('UPSTREAM_BAD_RESPONSE', 'The simulation service failed with an unknown code')
          );
      }
    }
    const parts = reader.finish();
    if (whole) void readToEnd(body);
    return { ...parts, document: documentSchema.parse(parts.head.document) };
  } catch (error) {
    // Hangs up on the sim service (a computation still running there stops).
    void body.return?.(undefined);
    if (error instanceof AppError) throw error;
    throw new AppError('UPSTREAM_BAD_RESPONSE', 'The simulation service answered garbled parts', {
      cause: error,
    });
  }
}

/** Reads what is left of a body whose answer is already whole; a failure there changes nothing. */
async function readToEnd(body: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await body.next()).done) {}
  } catch {
    // The connection broke after the last frame: the answer was whole.
  }
}

type ArrayFrame = Extract<SimPartsFrame, { kind: 'array' }>;

export interface RunAndRecordRequest {
  type: SimulationType;
  body: Record<string, unknown>;
  query: SimulationAnswerQuery;
  requestId: string;
  /** Aborting it (the caller left) stops the computation in the sim service. */
  signal?: AbortSignal;
  /** The caller takes gzip: large arrays are compressed as they arrive (gzip-segments.ts). */
  gzip?: boolean;
}

/** A blob being written from a stream: end() it to store it, or fail() to keep nothing of it. */
function blobBeingWritten(ctx: SimulationContext) {
  const stream = new PassThrough();
  // A failure destroys the stream with its error, which the blob store may not listen for yet
  // (it may still be opening its file): the error is handled by whoever awaits the key.
  stream.on('error', () => undefined);
  const key = putBlob(ctx, stream);
  return {
    stream,
    key,
    async fail(error: unknown): Promise<void> {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await key.catch(() => undefined);
    },
  };
}

/**
 * Reads the sim service's parts into two new blobs as they arrive: the arrays as they came, then
 * the run's type, parameters and output document (what data.json is written from); and the
 * figure, whose file is opened while the sim service draws it. On any failure the blob store
 * keeps nothing of either.
 */
async function storeWhileReceiving(
  ctx: SimulationContext,
  chunks: AsyncIterable<Buffer>,
  answer: { form: AnswerForm; buffers: AnswerBuffers; segments?: GzipSegments | undefined },
  run: { type: SimulationType; parameters: Record<string, unknown> },
): Promise<{ received: ReceivedRun; dataKey: Promise<string>; pngKey: Promise<string> }> {
  const data = blobBeingWritten(ctx);
  const figure = blobBeingWritten(ctx);
  try {
    data.stream.write(partsStart());
    const received = await receiveRun(chunks, data.stream, answer);
    figure.stream.end(received.parts.png);
    const output = withoutFigure(received.parts.document);
    for (const chunk of headFrame(JSON.stringify({ ...run, output }), NO_BYTES)) data.stream.write(chunk);
    data.stream.end();
    return { received, dataKey: data.key, pngKey: figure.key };
  } catch (error) {
    await Promise.all([data.fail(error), figure.fail(error)]);
    throw error;
  }
}

/**
 * Runs a solver, records the run under the caller (and a course they belong to), and answers it.
 * The run's numbers are stored as parts, each array written to the blob store as soon as it
 * arrives, while the sim service is still drawing the figure.
 */
export async function runAndRecord(
  ctx: SimulationContext,
  principal: Principal,
  request: RunAndRecordRequest,
): Promise<RecordedAnswer> {
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
  const chunks = await callServiceStream('simulation', ctx.simServiceUrl, `/v1/sim/${request.type}`, {
    accept: SIM_PARTS_MEDIA_TYPE,
    body: parameters,
    requestId: request.requestId,
    headers: {
      ...simAuthHeaders(ctx),
      [SIM_CALLER_HEADERS.user]: principal.userId,
      [SIM_CALLER_HEADERS.work]: 'interactive',
    },
    timeoutMs: ctx.settings.requestTimeoutMs,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const buffers = new AnswerBuffers();
  // Only JSON arrays reach the body as the very bytes written here; compact ones are re-encoded.
  const segments = request.gzip && form.arrays === 'json' ? new GzipSegments() : undefined;
  try {
    const { received, dataKey, pngKey } = await storeWhileReceiving(
      ctx,
      chunks,
      { form, buffers, segments },
      {
        type: request.type,
        parameters,
      },
    );
    const { parts, arrays: answerArrays } = received;
    const id = newId();
    const stored = storeRun(ctx, {
      id,
      ownerId: principal.userId,
      courseId: courseId ?? null,
      type: request.type,
      title: title ?? `${request.type} run`,
      parameters,
      metadata: parts.document.metadata,
      png: pngKey,
      data: dataKey,
    });
    // Written while the blobs are being stored; sent only once the run is recorded.
    try {
      const body = answerBody(asAnswered(parts, await answerArrays, form), form, id, buffers);
      return { body, buffers, ...(segments && segments.size > 0 ? { segments } : {}) };
    } finally {
      await stored;
    }
  } catch (error) {
    segments?.discard(); // an answer that will not be sent needs no compression
    throw error;
  }
}

/** The caller's answer as chunks to send, and the buffers to release once they have been sent. */
export interface RecordedAnswer {
  body: Uint8Array[];
  buffers: AnswerBuffers;
  /** Parts of the body already compressed, when the caller takes gzip and the answer is large. */
  segments?: GzipSegments;
}

interface ReceivedRun {
  parts: RunParts;
  /** Each array as the answer carries it (JSON text, or float64 values), when it carries them. */
  arrays: Promise<Uint8Array[]>;
}

/**
 * Reads the sim service's parts as they arrive, writing each array to `data` (the stored run) at
 * once and, meanwhile, as the answer carries it: JSON text, or its values rounded to the digits
 * they carry for a compact answer (json-numbers.ts), while the sim service draws the figure.
 */
async function receiveRun(
  chunks: AsyncIterable<Buffer>,
  data: PassThrough,
  {
    form,
    buffers,
    segments,
  }: { form: AnswerForm; buffers: AnswerBuffers; segments?: GzipSegments | undefined },
): Promise<ReceivedRun> {
  const answered: Promise<Uint8Array>[] = [];
  // One array's text after another, not all at once: written interleaved, every array was done
  // only at the end, so all of their compression came after it (ADR 0125).
  let previous: Promise<unknown> = Promise.resolve();
  const parts = await readParts(chunks, ({ part, bytes }) => {
    // The backend asks for float64 values (it writes their JSON itself); anything else is garbled.
    if (part.encoding !== 'float64') throw new Error('sim parts: an array not in float64');
    for (const chunk of arrayFrame(part.shape, part.encoding, bytes)) data.write(chunk);
    if (form.fields.has('arrays')) {
      const values = float64Values(bytes);
      const made = previous.then(() => answerArray(values, part.shape, form.arrays, buffers));
      previous = made.catch(() => undefined); // awaited with the others once the parts are read
      // Compressed while the figure is drawn; registered before the answer awaits the arrays.
      if (segments)
        made.then(
          (text) => segments.add(text),
          () => undefined,
        );
      answered.push(made);
    }
  });
  return { parts, arrays: Promise.all(answered) };
}

/** An array as the answer carries it: JSON text, or float64 values with the digits they carry. */
function answerArray(
  values: Float64Array,
  shape: number[],
  encoding: ArrayEncoding,
  buffers: AnswerBuffers,
): Promise<Uint8Array> {
  const made =
    encoding === 'json'
      ? arrayJsonText(values, shape, buffers)
      : carriedValues(values, buffers).then(
          (carried) => new Uint8Array(carried.buffer, carried.byteOffset, carried.byteLength),
        );
  made.catch(() => undefined); // awaited once the parts are read, or dropped when they fail
  return made;
}

/** The parts with each array as the answer carries it (none when it carries no arrays). */
function asAnswered(parts: RunParts, arrays: Uint8Array[], form: AnswerForm): RunParts {
  if (!form.fields.has('arrays')) return parts;
  return {
    ...parts,
    head: {
      ...parts.head,
      arrays: parts.head.arrays.map((a, i) => ({
        ...a,
        encoding: form.arrays === 'json' ? 'json' : 'float64',
        bytes: arrays[i]?.byteLength ?? 0,
      })),
    },
    arrays,
  };
}

const NO_BYTES = new Uint8Array(0);

/**
 * data.json of a run as stored: the parts written out as JSON, an array at a time as the client
 * reads (a 316 × 316 run is about 300,000 numbers), or JSON text as it is.
 */
export function dataJsonStream(stored: Buffer): Buffer | Readable {
  if (!isSimParts(stored)) return stored;
  const parts = decodeSimParts(stored);
  const { type, parameters, output } = parts.head.document as {
    type: string;
    parameters: Record<string, unknown>;
    output: Record<string, unknown>;
  };
  return Readable.from(coalesced(dataJsonChunks({ type, parameters }, parts, output)));
}
