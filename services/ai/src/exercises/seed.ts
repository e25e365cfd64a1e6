import { createHash } from 'node:crypto';

/**
 * Seeds and the generator they drive. An instance is a pure function of (template, seed), so the
 * backend keeps only the seed and rebuilds the instance, key included, whenever it checks.
 */

/** One student's attempt at one exercise: same inputs, same seed; any other input, another. */
export function seedFor(input: { student: string; template: string; attempt: number }): string {
  return createHash('sha256')
    .update(`${input.student}\u0000${input.template}\u0000${input.attempt}`)
    .digest('hex')
    .slice(0, 16);
}

/** The generator of a seed and a stream name (a template's draws, its choices' order). */
export function generator(seed: string, stream = ''): () => number {
  return mulberry32(createHash('sha256').update(`${seed}\u0000${stream}`).digest().readUInt32LE(0));
}

/** mulberry32: a small, well-mixed 32-bit generator; plenty for drawing a handful of values. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the given generator: the same seed gives the same order. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
