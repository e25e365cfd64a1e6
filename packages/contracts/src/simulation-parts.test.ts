import { describe, expect, it } from 'vitest';
import { decodeCompactArray, expandCompactArrays } from './simulation-answer.js';
import { arrayJsonPieces, decodeSimParts, encodeSimParts, isSimParts } from './simulation-parts.js';

const join = (chunks: Uint8Array[]) => new Uint8Array(Buffer.concat(chunks));

describe('sim parts', () => {
  const grid = new Float64Array([1, -0.5, 1 / 3, 2e-300, 6.02214076e23, -7]);
  const body = join(
    encodeSimParts({
      documentJson: '{"potential":{"$array":0},"metadata":{"computation_time":0.5}}',
      png: new Uint8Array([1, 2, 3]),
      arrays: [{ shape: [2, 3], encoding: 'float64', bytes: new Uint8Array(grid.buffer) }],
    }),
  );

  it('round-trips the head, the PNG and the arrays', () => {
    expect(isSimParts(body)).toBe(true);
    const parts = decodeSimParts(body);
    expect(parts.head.document).toEqual({ potential: { $array: 0 }, metadata: { computation_time: 0.5 } });
    expect(Array.from(parts.png)).toEqual([1, 2, 3]);
    expect(new Float64Array(new Uint8Array(parts.arrays[0] ?? []).buffer)).toEqual(grid);
  });

  it('refuses bodies that do not match their head', () => {
    expect(isSimParts(new TextEncoder().encode('{"success":true}'))).toBe(false);
    expect(() => decodeSimParts(body.subarray(0, body.length - 1))).toThrow(/shorter/);
    expect(() => decodeSimParts(join([body, new Uint8Array([0])]))).toThrow(/longer/);
    const noEnd = new TextEncoder().encode('faraday-sim-parts/1\n{"document":{}');
    expect(() => decodeSimParts(noEnd)).toThrow(/no end/);
  });

  it('writes array JSON as JSON.stringify writes the nested arrays of 15-digit values', () => {
    const text = (values: Float64Array, shape: number[]) =>
      Buffer.concat(Array.from(arrayJsonPieces(values, shape))).toString();
    const carried = Array.from(grid, (v) => Number(v.toPrecision(15)));
    expect(text(grid, [2, 3])).toBe(JSON.stringify([carried.slice(0, 3), carried.slice(3)]));
    expect(text(grid, [6])).toBe(JSON.stringify(carried));
    expect(text(new Float64Array(0), [0, 4])).toBe('[]');
    expect(text(new Float64Array(0), [0])).toBe('[]');
    // Long enough to come in several pieces: the pieces join to the whole.
    const big = Float64Array.from({ length: 300 * 300 }, (_, i) => Math.sin(i) * 10 ** ((i % 40) - 20));
    const pieces = Array.from(arrayJsonPieces(big, [300, 300]));
    expect(pieces.length).toBeGreaterThan(1);
    expect(JSON.parse(Buffer.concat(pieces).toString()).flat()).toEqual(
      Array.from(big, (v) => Number(v.toPrecision(15))),
    );
  });

  it('decodes compact arrays into the JSON shape', () => {
    const data = Buffer.from(grid.buffer).toString('base64');
    expect(decodeCompactArray({ dtype: 'float64', shape: [6], data })).toEqual(grid);
    expect(expandCompactArrays({ a: { b: { dtype: 'float64', shape: [2, 3], data } } })).toEqual({
      a: { b: [Array.from(grid.subarray(0, 3)), Array.from(grid.subarray(3))] },
    });
    expect(() => decodeCompactArray({ dtype: 'float32', shape: [2], data })).toThrow(/bytes/);
  });
});
