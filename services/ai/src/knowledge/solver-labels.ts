import { mentions, partTexts } from './solver-math.js';
import type { Attempt } from './solver-outcomes.js';

/** The labelled part an offset of the question lies in: 0 for the stem, 1 for "(a)" … */
const partAt = (starts: number[], offset: number) => starts.filter((s) => s <= offset).length;

/**
 * The first answered part that takes a number the question gives only in a later labelled part
 * ("(a) what current gives 0.50 mT at its centre? (b) … on the axis 6.0 cm from the centre" answered in
 * (a) with the 6.0 cm): from there on the question was misread, and no number is asserted. The parts
 * come in the question's order, so the n-th answered part answers label n or a later one; the first
 * label whose words ask for its quantity ("(b) the magnetic field …") is at most the one it answers.
 */
export function firstMisreadPart<P extends { outcome: Attempt; feeds?: boolean }>(
  parts: P[],
  text: string,
  asked: Record<string, string[]>,
): P | undefined {
  const segments = partTexts(text);
  if (segments.length < 2) return undefined;
  const starts = segments.map((s) => s.start);
  // The first labelled part asking for the unit's quantity by its words: 1 for "(a)", 0 for none.
  const askedIn = (unit: string) => segments.findIndex((s) => mentions(s.text, asked[unit] ?? [])) + 1;
  let ordinal = 0;
  for (const part of parts) {
    if (part.outcome.status !== 'solved') continue;
    // A step answers nothing itself: it is on the way to the next answered part.
    const own = Math.max(ordinal + 1, askedIn(part.outcome.result.compute!.unit));
    if (!part.feeds) ordinal++;
    if ([...part.outcome.used].some((r) => partAt(starts, r.index) > own)) return part;
  }
  return undefined;
}
