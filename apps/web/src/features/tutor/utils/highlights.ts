import type { WritingAnalysisResponse } from '@faraday/contracts';

type Improvement = WritingAnalysisResponse['improvements'][number];

export interface Highlight {
  start: number;
  end: number;
  /** 1-based numbers of the improvements that point here. */
  numbers: number[];
}

const SENTENCE_END = /[.!?。！？…]+["'”’」』)）]*/g;

/** Where the excerpt starts in the text: exactly, or with its whitespace loosened. */
function locate(text: string, excerpt: string): number {
  const trimmed = excerpt.trim().replace(/…$/, '').trim();
  if (!trimmed) return -1;
  const exact = text.indexOf(trimmed);
  if (exact >= 0) return exact;
  const escaped = trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(escaped).exec(text)?.index ?? -1;
}

function sentenceEnd(text: string, from: number, minEnd: number): number {
  SENTENCE_END.lastIndex = minEnd;
  const match = SENTENCE_END.exec(text);
  const paragraphEnd = paragraphEndFrom(text, from);
  if (!match) return paragraphEnd;
  return Math.min(match.index + match[0].length, paragraphEnd);
}

function paragraphEndFrom(text: string, from: number): number {
  const blank = text.slice(from).search(/\n\s*\n/);
  return blank < 0 ? text.length : from + blank;
}

function paragraphStartBefore(text: string, at: number): number {
  const before = text.slice(0, at);
  const match = /\n\s*\n(?![\s\S]*\n\s*\n)/.exec(before);
  return match ? match.index + match[0].length : 0;
}

/**
 * The spans of the text each improvement is about: its sentence (from the excerpt to the end of
 * that sentence) or its whole paragraph. Document-wide remarks and excerpts not found in the
 * text get no span. Overlapping spans are merged and carry every number.
 */
export function highlightsFor(text: string, improvements: readonly Improvement[]): Highlight[] {
  const spans: Highlight[] = [];
  improvements.forEach((improvement, i) => {
    const { kind, excerpt } = improvement.target;
    if (kind === 'document') return;
    const at = locate(text, excerpt);
    if (at < 0) return;
    const excerptEnd = at + excerpt.trim().replace(/…$/, '').trim().length;
    const span =
      kind === 'sentence'
        ? { start: at, end: sentenceEnd(text, at, Math.max(at, excerptEnd - 1)) }
        : { start: paragraphStartBefore(text, at), end: paragraphEndFrom(text, at) };
    spans.push({ ...span, numbers: [i + 1] });
  });
  spans.sort((a, b) => a.start - b.start);
  const merged: Highlight[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      last.numbers = [...last.numbers, ...span.numbers].sort((a, b) => a - b);
    } else merged.push({ ...span });
  }
  return merged;
}

/** The text cut into plain and highlighted pieces, in order. */
export function segments(text: string, highlights: readonly Highlight[]) {
  const pieces: { text: string; highlight?: Highlight }[] = [];
  let at = 0;
  for (const h of highlights) {
    if (h.start > at) pieces.push({ text: text.slice(at, h.start) });
    pieces.push({ text: text.slice(h.start, h.end), highlight: h });
    at = h.end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}
