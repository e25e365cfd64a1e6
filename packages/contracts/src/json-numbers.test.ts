import { describe, expect, it } from 'vitest';
import { MAX_NUMBER_BYTES, withCarriedDigits, writeJsonNumber } from './json-numbers.js';

const out = new Uint8Array(MAX_NUMBER_BYTES);
const written = (v: number) => Buffer.from(out.subarray(0, writeJsonNumber(v, out, 0))).toString('latin1');
/** The definition: what JSON.stringify writes for the value rounded to 15 significant digits. */
const expected = (v: number) => JSON.stringify(Number(v.toPrecision(15)));

/** A seeded generator, so a failure names a value that can be found again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('15-digit JSON numbers', () => {
  it('write the digits a double carries and drop the noise after them', () => {
    expect(written(0.1 + 0.2)).toBe('0.3');
    expect(written(1 / 3)).toBe('0.333333333333333');
    expect(written(-2 / 3)).toBe('-0.666666666666667');
    expect(written(10)).toBe('10');
    expect(written(0)).toBe('0');
    expect(written(-0)).toBe('0');
    expect(written(1.5e-7)).toBe('1.5e-7');
    expect(written(1e21)).toBe('1e+21');
    expect(written(123456789012345680)).toBe('123456789012346000');
    expect(written(6.02214076e23)).toBe('6.02214076e+23');
  });

  it('agree with toPrecision(15) and JSON.stringify at every magnitude, ties and edges included', () => {
    const next = random(18);
    const edges = [
      1, 0.5, 0.05, 1e-7, 1e-6, 1e14, 1e15, 1e20, 1e-8, 9.999999999999999e5, 999999999999999.5,
      99999999999999.95, 0.30000000000000004, 5e-324, 2e-300, 1.7976931348623157e308, 1234567.25,
    ];
    const values = [...edges, ...edges.map((v) => -v)];
    const words = new Uint32Array(2);
    const bits = new Float64Array(words.buffer);
    for (let i = 0; i < 100_000; i++) {
      values.push((next() - 0.5) * 10 ** Math.floor(next() * 44 - 22));
      // Any double at all, from its bits.
      words[0] = next() * 2 ** 32;
      words[1] = next() * 2 ** 32;
      if (Number.isFinite(bits[0])) values.push(bits[0] as number);
      // Exactly half way at the sixteenth digit: rounds up, as toPrecision does.
      values.push(Number(`${Math.floor(next() * 1e14) + 1e14}5e${Math.floor(next() * 30 - 15)}`));
    }
    const wrong = values.filter(
      (v) => written(v) !== expected(v) || withCarriedDigits(v) !== Number(v.toPrecision(15)),
    );
    expect(wrong).toEqual([]);
  });

  it("follow a field's values from decade to decade, as neighbours in an array do", () => {
    // Each value's exponent is first guessed from the one before: a step of one decade up or
    // down, and jumps of many, must all land on the right digits.
    const sweep: number[] = [];
    for (let k = -2400; k <= 2400; k++) sweep.push(1.2345678901234567 * 10 ** (k / 300));
    for (let k = 2400; k >= -2400; k -= 7) sweep.push(-9.87654321 * 10 ** (k / 300));
    for (let k = 0; k < 200; k++) sweep.push(10 ** ((k * 37) % 41) * 0.1234567, 3e-7 * (k + 1));
    expect(sweep.filter((v) => written(v) !== expected(v))).toEqual([]);
  });

  it('read back as the same text: parsing and writing again changes nothing', () => {
    const next = random(7);
    for (let i = 0; i < 10_000; i++) {
      const text = written((next() - 0.5) * 10 ** Math.floor(next() * 30 - 15));
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
      expect(written(JSON.parse(text))).toBe(text);
    }
  });
});
