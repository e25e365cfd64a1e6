import { describe, expect, it } from 'vitest';
import { arrayJsonPieces } from './json-numbers.js';
import { decodeCompactArray, expandCompactArrays } from './simulation-answer.js';
import {
  arrayFrame,
  decodeSimParts,
  errorFrame,
  headFrame,
  isSimParts,
  partsStart,
  SimPartsReader,
} from './simulation-parts.js';

const join = (chunks: Uint8Array[]) => new Uint8Array(Buffer.concat(chunks));

describe('sim parts', () => {
  const grid = new Float64Array([1, -0.5, 1 / 3, 2e-300, 6.02214076e23, -7]);
  const documentJson = '{"potential":{"$array":0},"x":{"$array":1},"metadata":{"computation_time":0.5}}';
  const body = join([
    partsStart(),
    ...arrayFrame([2, 3], 'float64', new Uint8Array(grid.buffer)),
    ...arrayFrame([2], 'json', new TextEncoder().encode('[1,2]')),
    ...headFrame(documentJson, new Uint8Array([1, 2, 3])),
  ]);

  it('round-trips the arrays, the head and the PNG', () => {
    expect(isSimParts(body)).toBe(true);
    const parts = decodeSimParts(body);
    expect(parts.head.document).toEqual(JSON.parse(documentJson));
    expect(parts.head.arrays).toEqual([
      { shape: [2, 3], encoding: 'float64', bytes: 48 },
      { shape: [2], encoding: 'json', bytes: 5 },
    ]);
    expect(Array.from(parts.png)).toEqual([1, 2, 3]);
    expect(new Float64Array(new Uint8Array(parts.arrays[0] ?? []).buffer)).toEqual(grid);
    expect(Buffer.from(parts.arrays[1] ?? []).toString()).toBe('[1,2]');
  });

  it('reads a body in any pieces, giving each array as soon as it is complete', () => {
    for (const size of [1, 7, 64]) {
      const reader = new SimPartsReader();
      const seen: string[] = [];
      for (let at = 0; at < body.length; at += size) {
        for (const frame of reader.push(body.subarray(at, at + size))) seen.push(frame.kind);
      }
      expect(seen).toEqual(['array', 'array', 'head']);
      expect(reader.finish().head.document).toEqual(JSON.parse(documentJson));
    }
  });

  it('ends with an error frame when the work failed after the arrays went out', () => {
    const failed = join([
      partsStart(),
      ...arrayFrame([1], 'json', new TextEncoder().encode('[1]')),
      errorFrame({ code: 'COMPUTATION_FAILED', message: 'The figure could not be drawn' }),
    ]);
    const reader = new SimPartsReader();
    expect(reader.push(failed).map((f) => f.kind)).toEqual(['array', 'error']);
    expect(() => reader.finish()).toThrow(/COMPUTATION_FAILED/);
  });

  it('refuses bodies that do not match their frames', () => {
    expect(isSimParts(new TextEncoder().encode('{"success":true}'))).toBe(false);
    expect(() => decodeSimParts(body.subarray(0, body.length - 1))).toThrow(/broke off/);
    expect(() => decodeSimParts(join([body, new Uint8Array([0])]))).toThrow(/after the last frame/);
    const wrongSize = join([
      partsStart(),
      new TextEncoder().encode('{"array":{"shape":[3],"encoding":"float64","bytes":8}}\n'),
    ]);
    expect(() => decodeSimParts(wrongSize)).toThrow(/bytes of float64/);
    expect(() =>
      decodeSimParts(join([partsStart(), new TextEncoder().encode('{"nonsense":1}\n')])),
    ).toThrow();
  });

  it('still reads version 1, as runs stored by earlier versions keep it', () => {
    const head = {
      document: { potential: { $array: 0 } },
      png_bytes: 2,
      arrays: [{ shape: [2, 3], encoding: 'float64', bytes: 48 }],
    };
    const v1 = join([
      new TextEncoder().encode(`faraday-sim-parts/1\n${JSON.stringify(head)}\n`),
      new Uint8Array([9, 9]),
      new Uint8Array(grid.buffer),
    ]);
    expect(isSimParts(v1)).toBe(true);
    const parts = decodeSimParts(v1);
    expect(parts.head).toEqual(head);
    expect(new Float64Array(new Uint8Array(parts.arrays[0] ?? []).buffer)).toEqual(grid);
    expect(() => decodeSimParts(v1.subarray(0, v1.length - 1))).toThrow(/shorter/);
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
