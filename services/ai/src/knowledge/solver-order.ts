import { mentions, partTexts, wordPattern } from './solver-math.js';
import type { Attempt } from './solver-outcomes.js';

/**
 * The parts of a labelled question in the order it asks them: a part found by words outside its
 * label ("电磁波" names the wave before "(3) … 磁感应强度振幅") moves to the first labelled part
 * that asks for its quantity by its words, when its own place asks for none of them. Only a part
 * the only one of its unit moves: several of one unit are asked at several points, each at its own.
 */
export function inAskedOrder<P extends { at: number; outcome: Attempt; feeds?: boolean }>(
  parts: P[],
  text: string,
  asked: Record<string, string[]>,
): P[] {
  const segments = partTexts(text);
  if (segments.length < 2) return parts;
  const unitOf = (p: P) => p.outcome.result.compute?.unit ?? '';
  for (const part of parts) {
    const unit = unitOf(part);
    const words = [
      ...(asked[unit] ?? []),
      part.outcome.result.compute?.name.en ?? '',
      part.outcome.result.compute?.name.zh ?? '',
    ].filter((w) => w.length > 0);
    if (part.feeds || words.length === 0 || parts.filter((p) => unitOf(p) === unit).length > 1) continue;
    const own = [...segments].reverse().find((s) => s.start <= part.at);
    if (own && mentions(own.text, words)) continue;
    const first = segments.find((s) => mentions(s.text, words));
    if (first) part.at = first.start + part.at / 1e6;
  }
  return parts;
}

/**
 * The parts in the order the question asks them: by their labelled parts (above), and parts found at
 * the same words ("accelerated" for the speed and the energy) by where it first asks for their quantities.
 */
export function inQuestionOrder<P extends { at: number; outcome: Attempt; feeds?: boolean }>(
  parts: P[],
  text: string,
  question: string,
  asked: Record<string, string[]>,
): P[] {
  const askedAt = (part: P) => {
    const words = asked[part.outcome.result.compute?.unit ?? ''] ?? [];
    return Math.min(1e9, ...words.map((w) => wordPattern(w).exec(question)?.index ?? 1e9));
  };
  return inAskedOrder(parts, text, asked).sort((a, b) => a.at - b.at || askedAt(a) - askedAt(b));
}
