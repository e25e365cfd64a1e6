import { z } from 'zod';

/**
 * The forms a solver's answer can take through the backend (docs/adr/0030-numbers-and-answer-forms.md).
 * By default the answer is the whole solver output: every field, numbers
 * as JSON numbers. A client may ask for fewer fields (`fields`) and for the numeric arrays in a
 * compact binary form (`arrays`); the stored run and its data.json are complete either way.
 */
export const answerFieldGroups = ['figure', 'scalars', 'arrays'] as const;
export type AnswerFieldGroup = (typeof answerFieldGroups)[number];

/** The answer's figure fields (group `figure`): the PNG always, SVG and frames when output_type asks. */
export const figureFields = ['png_base64', 'svg', 'animation_frames'] as const;

/** How numeric arrays are written: JSON numbers (the default), or base64 of float64 / float32 values. */
export const arrayEncodings = ['json', 'float64', 'float32'] as const;
export type ArrayEncoding = (typeof arrayEncodings)[number];

const group = answerFieldGroups.join('|');
const fieldsPattern = new RegExp(`^(${group})(,(${group}))*$`);

export const simulationAnswerQuerySchema = z.object({
  fields: z
    .string()
    .regex(fieldsPattern, { message: 'a comma-separated list of figure, scalars and arrays' })
    .optional()
    .describe(
      'Which parts of the answer to send (default all): `figure` (png_base64, and svg or animation_frames ' +
        'when output_type asks for them), `scalars` (every field that is not an array, and metadata), ' +
        '`arrays` (the numeric arrays: grids, series, field lines). `figure,scalars` answers without the ' +
        'arrays; the run is still recorded whole, and its data.json has every number.',
    ),
  arrays: z
    .enum(arrayEncodings)
    .default('json')
    .describe(
      'How numeric arrays are written: `json` (default: JSON numbers, each the shortest decimal that reads ' +
        'back as the same double), `float64` (lossless) or `float32` (about 7 significant digits, for display): ' +
        'each array becomes an object {dtype, shape, data} with the values as base64 (little-endian, row after row).',
    ),
});
export type SimulationAnswerQuery = z.infer<typeof simulationAnswerQuerySchema>;

/** The groups a `fields` value names; all three when it is absent. */
export function answerFieldsOf(fields: string | undefined): Set<AnswerFieldGroup> {
  if (fields === undefined) return new Set(answerFieldGroups);
  return new Set(fields.split(',') as AnswerFieldGroup[]);
}

/** A numeric array in compact form (`arrays=float64|float32`). */
export const compactArraySchema = z.object({
  dtype: z.enum(['float64', 'float32']),
  shape: z
    .array(z.number().int().min(0))
    .describe('[n] for a series, [rows, columns] for a grid (row 0 first, as in the JSON form)'),
  data: z.string().describe('Base64 of the values as little-endian IEEE 754 numbers, row after row'),
});
export type CompactArray = z.infer<typeof compactArraySchema>;

export function isCompactArray(value: unknown): value is CompactArray {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<CompactArray>;
  return (
    (v.dtype === 'float64' || v.dtype === 'float32') && Array.isArray(v.shape) && typeof v.data === 'string'
  );
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function base64Bytes(data: string): Uint8Array {
  const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
  if (NodeBuffer) return new Uint8Array(NodeBuffer.from(data, 'base64'));
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The values of a compact array, flat (row after row). Throws when data does not match shape. */
export function decodeCompactArray(value: CompactArray): Float64Array | Float32Array {
  const bytes = base64Bytes(value.data);
  const size = value.dtype === 'float64' ? 8 : 4;
  const count = value.shape.reduce((a, b) => a * b, 1);
  if (bytes.byteLength !== count * size) {
    throw new Error(`compact array: ${bytes.byteLength} bytes for shape [${value.shape.join(', ')}]`);
  }
  const out = value.dtype === 'float64' ? new Float64Array(count) : new Float32Array(count);
  if (littleEndian) {
    new Uint8Array(out.buffer).set(bytes);
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++)
    out[i] = size === 8 ? view.getFloat64(i * 8, true) : view.getFloat32(i * 4, true);
  return out;
}

/**
 * An answer with every compact array turned back into JSON's shape (number[] or number[][]), so
 * code written for the JSON form reads it unchanged.
 */
export function expandCompactArrays(value: unknown): unknown {
  if (isCompactArray(value)) {
    const flat = decodeCompactArray(value);
    if (value.shape.length !== 2) return Array.from(flat);
    const [rows = 0, cols = 0] = value.shape;
    return Array.from({ length: rows }, (_, r) => Array.from(flat.subarray(r * cols, (r + 1) * cols)));
  }
  if (Array.isArray(value)) return value.map(expandCompactArrays);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandCompactArrays(v)]));
}
