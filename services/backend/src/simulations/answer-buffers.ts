/**
 * Memory for the text of a run's answer (its arrays' JSON, compact values, base64), kept for the
 * next answer once an answer has been sent. A 316 × 316 laplace2d answer writes three texts into
 * 8 MB of fresh memory outside V8's heap; at an answer every 100 ms or so, that allocation alone had
 * V8 run a full mark-compact for every other answer or more (16–21 in 31 answers, against the 2 at
 * start-up when the memory was reused), whose marking threads took the cores the figure and the
 * text were being made on. See docs/adr/0029-simulation-answers-in-parts.md.
 */

/** Smaller buffers are left to the allocator: they cost V8 nothing worth keeping memory for. */
const POOLED_FROM_BYTES = 256 * 1024;
/** Most memory kept between answers (about eight 316 × 316 answers' worth). */
const KEPT_BYTES = 64 * 1024 * 1024;

/** Free buffers, the oldest dropped first when more than KEPT_BYTES wait. */
class BufferPool {
  readonly #free: Uint8Array[] = [];
  #freeBytes = 0;
  #reused = 0;

  /** A buffer of at least `bytes` (a kept one when one fits without wasting half of it). */
  take(bytes: number): Uint8Array {
    if (bytes >= POOLED_FROM_BYTES) {
      let best = -1;
      for (const [i, buffer] of this.#free.entries()) {
        const fits = buffer.byteLength >= bytes && buffer.byteLength <= 2 * bytes;
        if (fits && (best < 0 || buffer.byteLength < (this.#free[best]?.byteLength ?? 0))) best = i;
      }
      const [kept] = best < 0 ? [] : this.#free.splice(best, 1);
      if (kept) {
        this.#freeBytes -= kept.byteLength;
        this.#reused++;
        return kept;
      }
    }
    return new Uint8Array(bytes);
  }

  give(buffer: Uint8Array): void {
    if (buffer.byteLength < POOLED_FROM_BYTES || buffer.byteLength > KEPT_BYTES) return;
    this.#free.push(buffer);
    this.#freeBytes += buffer.byteLength;
    while (this.#freeBytes > KEPT_BYTES) this.#freeBytes -= this.#free.shift()?.byteLength ?? 0;
  }

  get stats(): { keptBytes: number; reused: number } {
    return { keptBytes: this.#freeBytes, reused: this.#reused };
  }
}

const pool = new BufferPool();

/** Bytes kept for the next answers, and how many buffers answers have had from the pool. */
export const answerBufferStats = () => pool.stats;

/**
 * The buffers one answer is written into. They go back to the pool only through `release`, once
 * nothing reads them any more: the answer was handed to the network, or the connection closed.
 * Buffers of an answer that fails are simply dropped, which is always safe.
 */
export class AnswerBuffers {
  #taken: Uint8Array[] = [];

  take(bytes: number): Uint8Array {
    const buffer = pool.take(bytes);
    this.#taken.push(buffer);
    return buffer;
  }

  release(): void {
    for (const buffer of this.#taken) pool.give(buffer);
    this.#taken = [];
  }
}
