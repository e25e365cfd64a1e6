import { z } from 'zod';

/**
 * The simulation service's answer in parts (docs/adr/0029-simulation-answers-in-parts.md): what the
 * backend asks for instead of the JSON envelope, so it can record the run and answer its caller
 * without parsing and re-serialising megabytes of numbers. The same layout keeps a run's numbers in
 * the blob store (the backend serves that blob as data.json, rendered).
 *
 *   faraday-sim-parts/2\n                               magic line
 *   {"array":{shape, encoding, bytes}}\n<bytes>         one frame per array, in order: array i
 *   ...                                                   is the i-th array frame
 *   {"head":{document, png_bytes}}\n<png bytes>         last: the document and the figure
 *
 * The arrays come first because they exist first: the sim service sends each one as soon as the
 * solver is done (and its JSON written), while the figure is still being drawn, and the backend
 * stores them meanwhile. When the work fails after the arrays went out, the last frame is
 * `{"error":{code, message, details?}}\n` instead of the head (the status line was sent already).
 *
 * `document` is a JSON value in which each numeric array stands as `{"$array": i}`: array i is
 * frame i, as JSON text (`json`) or as little-endian float64 values (`float64`). Version 1 (one
 * head first, then the PNG and the arrays) is still read: runs stored by earlier versions keep it.
 */
export const SIM_PARTS_MEDIA_TYPE = 'application/vnd.faraday.sim-parts';
const MAGIC = 'faraday-sim-parts/2\n';
const MAGIC_V1 = 'faraday-sim-parts/1\n';
const NEWLINE = 0x0a;
/** A header line longer than this is garbage (documents are a few kilobytes). */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

export const arrayPartSchema = z.object({
  shape: z.array(z.number().int().min(0)),
  encoding: z.enum(['json', 'float64']),
  bytes: z.number().int().min(0),
});
export type ArrayPart = z.infer<typeof arrayPartSchema>;

export const simPartsHeadSchema = z.object({
  document: z.unknown(),
  png_bytes: z.number().int().min(0),
  arrays: z.array(arrayPartSchema),
});
export type SimPartsHead = z.infer<typeof simPartsHeadSchema>;

const partsErrorSchema = z.object({ code: z.string(), message: z.string(), details: z.string().optional() });
export type SimPartsError = z.infer<typeof partsErrorSchema>;

const frameHeaderSchema = z.union([
  z.object({ array: arrayPartSchema }),
  z.object({ head: z.object({ document: z.unknown(), png_bytes: z.number().int().min(0) }) }),
  z.object({ error: partsErrorSchema }),
]);

/** Where an array stands in a document. */
export interface ArrayRef {
  $array: number;
}

export function isArrayRef(value: unknown): value is ArrayRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Partial<ArrayRef>).$array === 'number'
  );
}

/**
 * The JSON text of a document in pieces: its own text (as JSON.stringify writes it, keys in
 * order, undefined properties left out), and each ArrayRef itself where its array's text goes, for
 * the caller to write that array in whichever form it writes arrays.
 */
export function* documentJsonPieces(value: unknown): Generator<string | ArrayRef> {
  if (isArrayRef(value)) {
    yield value;
  } else if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      if (value[i] === undefined) yield 'null';
      else yield* documentJsonPieces(value[i]);
    }
    yield ']';
  } else if (value !== null && typeof value === 'object') {
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      yield `${first ? '{' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* documentJsonPieces(item);
    }
    yield first ? '{}' : '}';
  } else {
    yield JSON.stringify(value);
  }
}

export interface SimParts {
  head: SimPartsHead;
  png: Uint8Array;
  arrays: Uint8Array[];
}

const encoder = new TextEncoder();
const line = (text: string) => encoder.encode(`${text}\n`);

/** The first bytes of a parts body. */
export function partsStart(): Uint8Array {
  return encoder.encode(MAGIC);
}

/** One array's frame: its header line and its bytes. */
export function arrayFrame(shape: readonly number[], encoding: ArrayPart['encoding'], bytes: Uint8Array) {
  return [line(JSON.stringify({ array: { shape, encoding, bytes: bytes.byteLength } })), bytes];
}

/** The last frame of a finished body: the document (already JSON text) and the PNG. */
export function headFrame(documentJson: string, png: Uint8Array): Uint8Array[] {
  return [line(`{"head":{"document":${documentJson},"png_bytes":${png.byteLength}}}`), png];
}

/** The last frame of a body whose work failed after its arrays went out. */
export function errorFrame(error: SimPartsError): Uint8Array {
  return line(JSON.stringify({ error }));
}

export function isSimParts(body: Uint8Array): boolean {
  return startsWith(body, MAGIC) || startsWith(body, MAGIC_V1);
}

function startsWith(body: Uint8Array, text: string): boolean {
  if (body.byteLength < text.length) return false;
  for (let i = 0; i < text.length; i++) if (body[i] !== text.charCodeAt(i)) return false;
  return true;
}

export type SimPartsFrame =
  | { kind: 'array'; part: ArrayPart; bytes: Uint8Array }
  | { kind: 'head'; document: unknown; png: Uint8Array }
  | { kind: 'error'; error: SimPartsError };

/** Elements of an array of this shape. */
export function sizeOf(shape: readonly number[]): number {
  return shape.reduce((x, y) => x * y, 1);
}

/**
 * Reads a parts body as it arrives: `push` each chunk and get the frames it completed; `finish`
 * at the end gives the whole answer. Throws an Error saying what is wrong with a garbled body.
 * A frame's bytes are the chunks' own memory when they came in one chunk, one copy otherwise.
 */
export class SimPartsReader {
  #state: 'magic' | 'header' | 'bytes' | 'done' = 'magic';
  #line: Buffer[] = [];
  #lineBytes = 0;
  #header: z.infer<typeof frameHeaderSchema> | undefined;
  #pieces: Buffer[] = [];
  #remaining = 0;
  readonly #arrays: { part: ArrayPart; bytes: Uint8Array }[] = [];
  #last: SimPartsFrame | undefined;

  push(chunk: Uint8Array): SimPartsFrame[] {
    const data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const frames: SimPartsFrame[] = [];
    let at = 0;
    while (at < data.length) {
      if (this.#state === 'done') throw new Error('sim parts: bytes after the last frame');
      if (this.#state === 'bytes') {
        const take = Math.min(this.#remaining, data.length - at);
        this.#pieces.push(data.subarray(at, at + take));
        at += take;
        this.#remaining -= take;
        if (this.#remaining === 0) frames.push(this.#frameDone());
        continue;
      }
      const end = data.indexOf(NEWLINE, at);
      const piece = data.subarray(at, end < 0 ? data.length : end);
      this.#line.push(piece);
      this.#lineBytes += piece.length;
      if (this.#lineBytes > MAX_HEADER_BYTES) throw new Error('sim parts: a header line without an end');
      if (end < 0) break;
      at = end + 1;
      const text = Buffer.concat(this.#line).toString();
      this.#line = [];
      this.#lineBytes = 0;
      const frame = this.#lineDone(text);
      if (frame) frames.push(frame);
    }
    return frames;
  }

  /** The whole answer; throws when the body ended early or its last frame is an error. */
  finish(): SimParts {
    const last = this.#last;
    if (this.#state !== 'done' || last === undefined) throw new Error('sim parts: the body broke off');
    if (last.kind === 'error') throw new Error(`sim parts: the work failed (${last.error.code})`);
    if (last.kind !== 'head') throw new Error('sim parts: no head');
    return {
      head: {
        document: last.document,
        png_bytes: last.png.byteLength,
        arrays: this.#arrays.map((a) => a.part),
      },
      png: last.png,
      arrays: this.#arrays.map((a) => a.bytes),
    };
  }

  #lineDone(text: string): SimPartsFrame | undefined {
    if (this.#state === 'magic') {
      if (`${text}\n` !== MAGIC) throw new Error('not a faraday-sim-parts/2 body');
      this.#state = 'header';
      return undefined;
    }
    const header = frameHeaderSchema.parse(JSON.parse(text));
    this.#header = header;
    this.#pieces = [];
    this.#remaining = 'array' in header ? header.array.bytes : 'head' in header ? header.head.png_bytes : 0;
    if ('array' in header && header.array.encoding === 'float64') {
      const { shape, bytes } = header.array;
      if (bytes !== sizeOf(shape) * 8)
        throw new Error(`sim parts: ${bytes} bytes of float64 for shape [${shape.join(', ')}]`);
    }
    this.#state = 'bytes';
    return this.#remaining === 0 ? this.#frameDone() : undefined;
  }

  #frameDone(): SimPartsFrame {
    const header = this.#header;
    if (!header) throw new Error('sim parts: bytes before a header');
    const bytes = this.#pieces.length === 1 ? (this.#pieces[0] as Buffer) : Buffer.concat(this.#pieces);
    this.#pieces = [];
    let frame: SimPartsFrame;
    if ('array' in header) {
      frame = { kind: 'array', part: header.array, bytes };
      this.#arrays.push({ part: header.array, bytes });
      this.#state = 'header';
    } else {
      frame =
        'head' in header
          ? { kind: 'head', document: header.head.document, png: bytes }
          : { kind: 'error', error: header.error };
      this.#state = 'done';
    }
    this.#last = frame;
    return frame;
  }
}

/** Splits a whole parts body (either version). Throws an Error saying what is wrong. */
export function decodeSimParts(body: Uint8Array): SimParts {
  if (startsWith(body, MAGIC_V1)) return decodeVersion1(body);
  const reader = new SimPartsReader();
  reader.push(body);
  return reader.finish();
}

/** Version 1, as runs stored before the arrays came first keep it: views into the body. */
function decodeVersion1(body: Uint8Array): SimParts {
  const headEnd = body.indexOf(NEWLINE, MAGIC_V1.length);
  if (headEnd < 0) throw new Error('sim parts: the head has no end');
  const head = simPartsHeadSchema.parse(
    JSON.parse(new TextDecoder().decode(body.subarray(MAGIC_V1.length, headEnd))),
  );
  let at = headEnd + 1;
  const take = (bytes: number) => {
    if (at + bytes > body.byteLength) throw new Error('sim parts: shorter than its head says');
    const part = body.subarray(at, at + bytes);
    at += bytes;
    return part;
  };
  const png = take(head.png_bytes);
  const arrays = head.arrays.map((a) => {
    if (a.encoding === 'float64' && a.bytes !== sizeOf(a.shape) * 8)
      throw new Error(`sim parts: ${a.bytes} bytes of float64 for shape [${a.shape.join(', ')}]`);
    return take(a.bytes);
  });
  if (at !== body.byteLength) throw new Error('sim parts: longer than its head says');
  return { head, png, arrays };
}
