import { simulationTypes } from '@faraday/contracts';
import { PhysicsError, solvers, toWire } from '@faraday/physics';
import { solverExamples } from '@faraday/physics/schemas';
import { describe, expect, it } from 'vitest';
import { envelopeJson, splitArrays } from '../src/answer-parts.js';

const grid = (nx: number, ny: number, fill: (i: number) => number) => ({
  nx,
  ny,
  data: Float64Array.from({ length: nx * ny }, (_, i) => fill(i)),
});

describe('splitArrays', () => {
  it('takes every array out, back to back, and leaves a reference where each stood', () => {
    const output = {
      potential: grid(3, 2, (i) => i / 3),
      x: Float64Array.of(0, 0.5, 1),
      metadata: { iterations: 7 },
    };
    const split = splitArrays(output);
    expect(split.document).toEqual({
      potential: { $array: 0 },
      x: { $array: 1 },
      metadata: { iterations: 7 },
    });
    expect(split.shapes).toEqual([[2, 3], [3]]);
    expect(split.arrays.map((a) => [...a])).toEqual([[...output.potential.data], [0, 0.5, 1]]);
  });

  it('hands over a grid in shared memory as it is, and a copy of anything else to transfer', () => {
    const shared = { nx: 2, ny: 2, data: new Float64Array(new SharedArrayBuffer(4 * 8)).fill(3) };
    const own = Float64Array.of(1, 2);
    const split = splitArrays({ shared, own });
    expect(split.arrays[0]).toBe(shared.data);
    expect(split.arrays[1]).not.toBe(own);
    expect([...(split.arrays[1] as Float64Array)]).toEqual([1, 2]);
    // The copy, not the solver's own array, is what a transfer detaches.
    expect(split.transfer).toEqual([split.arrays[1]?.buffer]);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('refuses an output holding %s, naming the value', (_name, bad) => {
    const output = { a: grid(4, 4, () => 1), b: { e: grid(5, 2, (i) => (i === 7 ? bad : 2)) } };
    const error = (() => {
      try {
        splitArrays(output);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PhysicsError);
    expect(error).toMatchObject({ code: 'COMPUTATION_FAILED', details: `output.b.e[7] is ${bad}` });
  });

  it('refuses opposite infinities in different arrays (their sum is no number either)', () => {
    const output = {
      a: Float64Array.of(1, Number.POSITIVE_INFINITY),
      b: Float64Array.of(Number.NEGATIVE_INFINITY),
    };
    expect(() => splitArrays(output)).toThrow(PhysicsError);
  });
});

describe('envelopeJson', () => {
  for (const solver of simulationTypes) {
    it(`${solver}: writes the bytes JSON.stringify gives for the output as toWire makes it`, () => {
      const output = solvers[solver].solve(solverExamples[solver] as never) as object;
      const extra = { png_base64: 'iVBORw0KGgo=', metadata: { note: 'figure fields after', ünï: [1, null] } };
      const expected = JSON.stringify({ success: true, data: { ...toWire(output), ...extra } });
      const split = splitArrays(output);
      const written = envelopeJson({ ...split.document, ...extra }, split);
      expect(Buffer.from(written).toString()).toBe(expected);
    });
  }
});
