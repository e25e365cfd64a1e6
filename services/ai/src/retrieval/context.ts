import type { Candidate } from './rerank.js';
import type { SearchIndex } from './search-index.js';

/**
 * From ranked candidates to what the chat needs: numbered passages within a context budget,
 * their citations, the context block for an upstream model, and a quoted answer for simulated
 * mode. Citation text is always an exact slice of the source (a cut passage is shortened, never
 * paraphrased), so a reader can find it.
 */
export interface Citation {
  n: number;
  source: string;
  /**
   * What a reader is shown for the source: the document's title (an upload's resource title, a
   * note's `#` heading), never its path; its name when it has no title.
   */
  title?: string;
  /**
   * The heading path, `Gauss's law > Choosing the surface`; empty for plain text. In a citation
   * the document's title is not repeated in it (`Choosing the surface`).
   */
  section: string;
  text: string;
  score: number;
}

export interface Passage extends Citation {
  chunkId: string;
  courseId: string | null;
  start: number;
  end: number;
  /** The passage was cut to fit the budget. */
  truncated: boolean;
}

export interface ContextBudget {
  maxPassages: number;
  /** Total characters of passage text handed to the model (about 4 per token in English). */
  maxChars: number;
  /** Candidates scoring below this share of the best are noise, not context. */
  minRelativeScore: number;
}

export const DEFAULT_BUDGET: ContextBudget = { maxPassages: 5, maxChars: 3000, minRelativeScore: 0.5 };

/** A cut shorter than this is not worth quoting. */
const MIN_CUT_CHARS = 200;

/** A source's name without its storage path: an upload's file name (documents without a title). */
export function displayName(source: string): string {
  const upload = /^resources\/[^/]+\/(.+)$/.exec(source);
  return upload ? upload[1]! : source;
}

export function sectionLabel(headingPath: string[]): string {
  return headingPath.join(' > ');
}

/** A heading path without the document's title it starts with: what a citation shows. */
export function shownSection(title: string, section: string): string {
  if (section === title) return '';
  return section.startsWith(`${title} > `) ? section.slice(title.length + 3) : section;
}

/** How a source is named to a reader (and to a model): `Gauss's law — Choosing the surface`. */
export function sourceLabel(c: Pick<Citation, 'source' | 'title' | 'section'>): string {
  const title = c.title ?? displayName(c.source);
  const section = shownSection(title, c.section);
  return section ? `${title} — ${section}` : title;
}

function cutAtSentence(text: string, limit: number): string {
  const window = text.slice(0, limit);
  let best = -1;
  for (const match of window.matchAll(/[.!?。！？](?=\s|$)|[。！？]/g)) best = match.index + match[0].length;
  if (best >= MIN_CUT_CHARS / 2) return window.slice(0, best);
  const space = window.lastIndexOf(' ');
  return space > 0 ? window.slice(0, space) : window;
}

/**
 * Picks passages best first until the budget is spent. A chunk that mostly repeats one already
 * picked (overlapping windows of one section) is skipped: it would spend budget on nothing new.
 */
export function selectPassages(index: SearchIndex, ranked: Candidate[], budget: ContextBudget): Passage[] {
  const passages: Passage[] = [];
  const best = ranked[0]?.score ?? 0;
  let remaining = budget.maxChars;
  for (const candidate of ranked) {
    if (passages.length >= budget.maxPassages || remaining < MIN_CUT_CHARS) break;
    if (candidate.score < best * budget.minRelativeScore) break;
    const chunk = index.chunks[candidate.chunk]!;
    const overlapping = passages.some((p) => {
      if (p.chunkId.split('#')[0] !== chunk.id.split('#')[0]) return false;
      const shared = Math.min(p.end, chunk.end) - Math.max(p.start, chunk.start);
      return shared > 0.5 * (chunk.end - chunk.start);
    });
    if (overlapping) continue;
    let text = chunk.text;
    if (text.length > remaining) text = cutAtSentence(text, remaining);
    remaining -= text.length;
    passages.push({
      n: passages.length + 1,
      source: chunk.source,
      title: index.titleOf(chunk),
      section: sectionLabel(chunk.heading_path),
      text,
      // Rounded: citations are compared across runs and shown to people.
      score: Math.round(candidate.score * 1e4) / 1e4,
      chunkId: chunk.id,
      courseId: chunk.course_id,
      start: chunk.start,
      end: chunk.start + text.length,
      truncated: text.length < chunk.text.length,
    });
  }
  return passages;
}

export function citationsOf(passages: Passage[]): Citation[] {
  return passages.map(citationOf);
}

/** A passage as a reader sees it cited: its document's title and the section within it. */
export function citationOf({ n, source, title, section, text, score }: Citation): Citation {
  const shown = title ?? displayName(source);
  return { n, source, title: shown, section: shownSection(shown, section), text, score };
}

/**
 * The context message for an upstream model: the numbered passages and the rules for using
 * them. With no relevant passage it says so, so the model answers "not in the material"
 * instead of inventing a citation.
 */
export function contextForModel(passages: Passage[], relevant: boolean): string {
  if (!relevant || passages.length === 0) {
    return (
      'Retrieval found nothing relevant in the course material for this question. Say plainly that ' +
      'the course material does not cover it. Do not invent course content or citations; if you add ' +
      'general knowledge, label it as such.'
    );
  }
  const blocks = passages.map((p) => `[${p.n}] ${sourceLabel(p)}\n${p.text.trim()}`);
  return (
    'Course material retrieved for this question. Start with a direct answer in one to three ' +
    'sentences, in the language of the question, then the supporting evidence. Base the answer on ' +
    'the passages and cite the ones you use as [n] (only the numbers below exist). If the passages ' +
    'do not answer the question, say so instead of guessing.\n\n' +
    blocks.join('\n\n')
  );
}
