/**
 * The memory a run's arrays are written into as JSON text: kept for later answers only
 * once an answer hands it back, and the writing of many arrays at once still giving the event
 * loop a turn every few milliseconds. (The pool is one per process: this file's cases use sizes
 * of their own so they do not take each other's buffers.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerBuffers, answerBufferStats } from '../src/simulations/answer-buffers.js';
import { asBytes } from '../src/simulations/answer-writer.js';
import { arrayJsonText } from '../src/simulations/array-json.js';
import { base64Text } from '../src/simulations/base64-text.js';

const MiB = 1024 * 1024;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('answer buffers', () => {
  it('hands a buffer to a later answer only after its answer released it, and to one answer at a time', () => {
    const first = new AnswerBuffers();
    const held = first.take(300_000);
    const meanwhile = new AnswerBuffers().take(300_000);
    expect(meanwhile === held).toBe(false);

    first.release();
    const reused = answerBufferStats().reused;
    const later = new AnswerBuffers();
    expect(later.take(300_000) === held).toBe(true);
    expect(answerBufferStats().reused).toBe(reused + 1);
    expect(later.take(300_000) === held).toBe(false);
  });

  it('keeps no small buffers, and gives no answer a kept buffer more than twice its size', () => {
    const kept = answerBufferStats().keptBytes;
    const small = new AnswerBuffers();
    small.take(10_000);
    small.release();
    expect(answerBufferStats().keptBytes).toBe(kept);

    const large = new AnswerBuffers();
    const big = large.take(2_500_000);
    large.release();
    expect(answerBufferStats().keptBytes).toBe(kept + 2_500_000);
    expect(new AnswerBuffers().take(1_000_000) === big).toBe(false);
    expect(new AnswerBuffers().take(1_300_000) === big).toBe(true);
  });

  it('keeps at most 64 MiB between answers, dropping the oldest first', () => {
    const answer = new AnswerBuffers();
    const buffers = Array.from({ length: 9 }, () => answer.take(8 * MiB + 1));
    answer.release();
    expect(answerBufferStats().keptBytes).toBeLessThanOrEqual(64 * MiB);
    // Seven of them fit in 64 MiB: the two released first were dropped, the seven others come back.
    const next = new AnswerBuffers();
    const handedOut = Array.from({ length: 7 }, () => next.take(8 * MiB + 1));
    expect(handedOut.every((b, i) => b === buffers[i + 2])).toBe(true);
    expect(next.take(8 * MiB + 1) === buffers[0]).toBe(false);
  });
});

describe('writing arrays as JSON text', () => {
  it('gives the event loop a turn every few milliseconds of work, however many arrays are written at once', async () => {
    // A clock that moves 1 ms at every reading: the writer reads it once per 64 kB piece, so the
    // readings between two turns of the event loop count the pieces written in between.
    let clock = performance.now();
    vi.spyOn(performance, 'now').mockImplementation(() => ++clock);
    const values = Float64Array.from({ length: 300 * 300 }, (_, i) => Math.sin(i) * 1e3);
    const turns: number[] = [];
    let writing = true;
    const probe = () => {
      turns.push(clock);
      if (writing) setImmediate(probe);
    };
    setImmediate(probe);

    const buffers = new AnswerBuffers();
    const texts = await Promise.all([1, 2, 3].map(() => arrayJsonText(values, [300, 300], buffers)));
    writing = false;

    expect(JSON.parse(Buffer.from(texts[2] as Uint8Array).toString())).toHaveLength(300);
    const between = turns.slice(1).map((at, i) => at - (turns[i] as number));
    // One budget of 4 ms for the process: about 5 pieces per turn, plus one for each other array
    // that finds the budget spent. A budget per array lets each spend 4 ms (18).
    expect(turns.length).toBeGreaterThan(10);
    expect(Math.max(...between)).toBeLessThanOrEqual(9);
  });
});

describe('base64 text of an answer', () => {
  it("writes what Node's own encoder writes, padding included, for short and long inputs of every remainder", () => {
    const buffers = new AnswerBuffers();
    const random = Uint8Array.from({ length: 300_001 }, () => Math.floor(Math.random() * 256));
    for (const length of [0, 1, 2, 3, 4, 5, 6, 7, 255, 256, 257, 300_000, 300_001]) {
      const bytes = random.subarray(7, 7 + length);
      const text = Buffer.from(base64Text(bytes, buffers)).toString('latin1');
      expect(text, `${length} bytes`).toBe(Buffer.from(bytes).toString('base64'));
    }
    const edges = Uint8Array.from([0, 0, 0, 255, 255, 255, 251, 239, 190]);
    expect(Buffer.from(base64Text(edges, buffers)).toString()).toBe('AAAA////++++');
  });
});

describe('answer chunks', () => {
  it('joins small neighbours into one write and passes large ones as they are, in order', () => {
    const large = new Uint8Array(64 * 1024).fill(0x61);
    const chunks = ['{"a":', new Uint8Array([0x31]), ',"png":"', large, '","n":', '2', '}'];
    const bytes = asBytes(chunks);
    expect(bytes).toHaveLength(3);
    expect(bytes[1]).toBe(large);
    const expected = Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
    expect(Buffer.concat(bytes)).toEqual(expected);
  });

  it('never joins more than a few tens of kilobytes of small chunks into one', () => {
    const pieces = Array.from({ length: 10_000 }, (_, i) => `"${i}",`);
    const bytes = asBytes(pieces);
    expect(bytes.length).toBeGreaterThan(1);
    for (const chunk of bytes.slice(0, -1)) expect(chunk.byteLength).toBeLessThan(32 * 1024);
    expect(Buffer.concat(bytes).toString()).toBe(pieces.join(''));
  });
});
