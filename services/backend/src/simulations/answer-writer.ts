/**
 * Writes a run's answer and its data.json from the sim service's parts without
 * parsing its numbers: the small document is walked, and each array is copied in as JSON text
 * already written (simulation-run.ts writes it while the figure is drawn), or written from its
 * float64 values (base64 for the compact forms, JSON numbers when a stored run is served as
 * data.json). See docs/adr/0029-simulation-answers-in-parts.md.
 */
import {
  type AnswerFieldGroup,
  type ArrayEncoding,
  type ArrayRef,
  arrayJsonPieces,
  documentJsonPieces,
  figureFields,
  isArrayRef,
  type SimParts,
} from '@faraday/contracts';
import { AnswerBuffers } from './answer-buffers.js';
import { base64Text } from './base64-text.js';

export interface AnswerForm {
  fields: ReadonlySet<AnswerFieldGroup>;
  arrays: ArrayEncoding;
}

export type Chunk = string | Uint8Array;

const isFigureField = (key: string) => (figureFields as readonly string[]).includes(key);

/** A group's worth of a value: arrays (and lists) go with `arrays`, plain values with `scalars`. */
function keep(value: unknown, fields: ReadonlySet<AnswerFieldGroup>): unknown {
  if (isArrayRef(value) || Array.isArray(value)) return fields.has('arrays') ? value : undefined;
  if (value === null || typeof value !== 'object') return fields.has('scalars') ? value : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const kept = keep(item, fields);
    if (kept !== undefined) out[key] = kept;
  }
  // An object left without fields (laplace2d's electric_field without arrays) is left out.
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The fields of the document a form asks for: the figure fields with `figure`, metadata whole
 * with `scalars`, and the solver's own fields split between `scalars` and `arrays`.
 */
export function selectFields(
  document: Record<string, unknown>,
  fields: ReadonlySet<AnswerFieldGroup>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    const kept = isFigureField(key)
      ? fields.has('figure')
        ? value
        : undefined
      : key === 'metadata'
        ? fields.has('scalars')
          ? value
          : undefined
        : keep(value, fields);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/** The solver's output without the figure: what data.json keeps under `output`. */
export function withoutFigure(document: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(document).filter(([key]) => !isFigureField(key)));
}

export function float64Values(bytes: Uint8Array): Float64Array {
  // A part may start at any byte of the body; Float64Array needs 8-byte alignment. (A copy made
  // with new Uint8Array: Buffer's slice() would share the memory, alignment and all.)
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  return new Float64Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 8);
}

function* arrayChunks(
  ref: ArrayRef,
  parts: SimParts,
  encoding: ArrayEncoding,
  buffers: AnswerBuffers,
): Generator<Chunk> {
  const part = parts.head.arrays[ref.$array];
  const bytes = parts.arrays[ref.$array];
  if (!part || !bytes) throw new Error(`sim parts: no array ${ref.$array}`);
  if (encoding === 'json') {
    if (part.encoding === 'json') yield bytes;
    else yield* arrayJsonPieces(float64Values(bytes), part.shape);
    return;
  }
  if (part.encoding !== 'float64') throw new Error('sim parts: a compact answer needs float64 arrays');
  // The answer's values carry 15 significant digits already (simulation-run.ts rounds them while
  // the figure is drawn), as the JSON forms and data.json do; float32 rounds them once more.
  const values = encoding === 'float64' ? bytes : float32Bytes(float64Values(bytes), buffers);
  yield `{"dtype":"${encoding}","shape":${JSON.stringify(part.shape)},"data":"`;
  yield base64Text(values, buffers);
  yield '"}';
}

function float32Bytes(values: Float64Array, buffers: AnswerBuffers): Uint8Array {
  const rounded = new Float32Array(buffers.take(values.length * 4).buffer, 0, values.length);
  rounded.set(values);
  return new Uint8Array(rounded.buffer, 0, rounded.byteLength);
}

/**
 * A JSON value of the document (arrays as `encoding`), as chunks to join or stream; compact
 * arrays are written into `buffers` (the answer's, or memory of their own).
 */
export function* valueChunks(
  value: unknown,
  parts: SimParts,
  encoding: ArrayEncoding,
  buffers = new AnswerBuffers(),
): Generator<Chunk> {
  for (const piece of documentJsonPieces(value)) {
    if (typeof piece === 'string') yield piece;
    else yield* arrayChunks(piece, parts, encoding, buffers);
  }
}

/**
 * The success envelope of a run in the asked form, with its simulation_id, as byte chunks to send.
 * Its figure and compact arrays are written into `buffers`, released once the answer is sent.
 */
export function answerBody(
  parts: SimParts,
  form: AnswerForm,
  simulationId: string,
  buffers: AnswerBuffers,
): Uint8Array[] {
  const document = parts.head.document as Record<string, unknown>;
  const chunks: Chunk[] = [`{"success":true,"data":{"simulation_id":${JSON.stringify(simulationId)}`];
  if (form.fields.has('figure')) chunks.push(',"png_base64":"', base64Text(parts.png, buffers), '"');
  const selected = selectFields(document, form.fields);
  for (const [key, value] of Object.entries(selected)) {
    chunks.push(`,${JSON.stringify(key)}:`);
    for (const chunk of valueChunks(value, parts, form.arrays, buffers)) chunks.push(chunk);
  }
  chunks.push('}}');
  return asBytes(chunks);
}

/** data.json: the run's type, parameters and every number of its output, as JSON chunks. */
export function* dataJsonChunks(
  head: { type: string; parameters: Record<string, unknown> },
  parts: SimParts,
  output: Record<string, unknown>,
): Generator<Chunk> {
  yield `{"type":${JSON.stringify(head.type)},"parameters":${JSON.stringify(head.parameters)},"output":`;
  yield* valueChunks(output, parts, 'json');
  yield '}';
}

/**
 * Below this size a chunk is copied together with its neighbours. Each chunk of a body becomes a
 * write to the socket and often a packet of its own: a figure-and-scalars answer was 33 of them,
 * most a key or a number.
 */
const SMALL_CHUNK_BYTES = 16 * 1024;

const bytesOf = (chunk: Chunk): Uint8Array => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

/** The chunks as bytes, small neighbours joined into one; large ones pass as they are. */
export function* coalesced(chunks: Iterable<Chunk>): Generator<Uint8Array> {
  let small: Uint8Array[] = [];
  let smallBytes = 0;
  const joined = (): Uint8Array => {
    const one = small.length === 1 ? (small[0] as Uint8Array) : Buffer.concat(small, smallBytes);
    small = [];
    smallBytes = 0;
    return one;
  };
  for (const chunk of chunks) {
    const bytes = bytesOf(chunk);
    const large = bytes.byteLength >= SMALL_CHUNK_BYTES;
    if (!large) {
      small.push(bytes);
      smallBytes += bytes.byteLength;
    }
    if ((large || smallBytes >= SMALL_CHUNK_BYTES) && small.length > 0) yield joined();
    if (large) yield bytes;
  }
  if (small.length > 0) yield joined();
}

export function asBytes(chunks: Iterable<Chunk>): Uint8Array[] {
  return Array.from(coalesced(chunks));
}
