/**
 * Splits course material into retrievable passages. Markdown is cut at ATX headings first (a
 * passage never straddles two sections, so its heading path says what it is about), then each
 * section by size with an overlap, so a sentence near a cut is whole in at least one passage.
 * Every chunk keeps [start, end) character offsets into the original text:
 * `text.slice(start, end) === chunk.text`, which is what lets a citation point back at its
 * source exactly.
 */
export interface ChunkingOptions {
  /** Upper bound of a chunk's length in UTF-16 code units. */
  maxChars: number;
  /** How far a chunk reaches back into its predecessor. */
  overlapChars: number;
}

export const DEFAULT_CHUNKING: ChunkingOptions = { maxChars: 1000, overlapChars: 150 };

export interface TextChunk {
  /** Headings from the document title down to this section; empty for plain text. */
  headingPath: string[];
  start: number;
  end: number;
  text: string;
}

interface Section {
  headingPath: string[];
  start: number;
  end: number;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SENTENCE_END = /[.!?。！？；;:：](?=\s|$)|[。！？；]/g;

export function isMarkdownSource(source: string): boolean {
  return /\.(md|markdown|mdx)$/i.test(source);
}

/** Sections between headings; fenced code is opaque (a `# comment` in it is not a heading). */
function markdownSections(text: string): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; title: string }[] = [];
  let fence: string | undefined;
  let bodyStart = 0;
  let path: string[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker[0]!.repeat(3);
      else if (marker.startsWith(fence)) fence = undefined;
    } else if (fence === undefined) {
      const heading = HEADING.exec(line);
      if (heading) {
        sections.push({ headingPath: path, start: bodyStart, end: lineStart });
        const level = heading[1]!.length;
        while (stack.length > 0 && stack.at(-1)!.level >= level) stack.pop();
        stack.push({ level, title: heading[2]!.trim() });
        path = stack.map((entry) => entry.title);
        bodyStart = newline === -1 ? text.length : newline + 1;
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  sections.push({ headingPath: path, start: bodyStart, end: text.length });
  return sections;
}

/** Shrinks [start, end) past surrounding whitespace. */
function trimRange(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s]!)) s++;
  while (e > s && /\s/.test(text[e - 1]!)) e--;
  return [s, e];
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Where to end a window that starts at `from` and may reach `limit`: the latest natural break. */
function cutPoint(text: string, from: number, limit: number): number {
  const window = text.slice(from, limit);
  const floor = Math.floor(window.length / 2);
  const paragraph = window.lastIndexOf('\n\n');
  if (paragraph >= floor) return from + paragraph;
  let sentence = -1;
  for (const match of window.matchAll(SENTENCE_END)) {
    const after = match.index + match[0].length;
    if (after >= floor) sentence = after;
  }
  if (sentence !== -1) return from + sentence;
  const space = window.search(/\s\S*$/);
  if (space >= floor) return from + space;
  // No break at all (a long formula, or Chinese without punctuation): cut hard, but never
  // between the two halves of a surrogate pair.
  let cut = limit;
  if (isLowSurrogate(text, cut)) cut--;
  return cut;
}

/** Where the next window starts: `overlap` before the cut, moved forward to a word or sentence. */
function nextStart(text: string, previousStart: number, cut: number, overlap: number): number {
  let start = Math.max(previousStart + 1, cut - overlap);
  if (start >= cut) return cut;
  // Prefer a sentence start inside the overlap; else the next word start.
  const overlapText = text.slice(start, cut);
  let sentence = -1;
  for (const match of overlapText.matchAll(SENTENCE_END)) {
    sentence = match.index + match[0].length;
    break;
  }
  if (sentence !== -1 && start + sentence < cut) start += sentence;
  else {
    const space = overlapText.search(/\s/);
    if (space !== -1) start += space;
  }
  if (isLowSurrogate(text, start)) start++;
  return start;
}

function splitRange(text: string, section: Section, options: ChunkingOptions): TextChunk[] {
  const chunks: TextChunk[] = [];
  let [start, end] = trimRange(text, section.start, section.end);
  while (start < end) {
    const limit = start + options.maxChars;
    const cut = end <= limit ? end : cutPoint(text, start, limit);
    const [chunkStart, chunkEnd] = trimRange(text, start, cut);
    if (chunkEnd > chunkStart) {
      chunks.push({
        headingPath: section.headingPath,
        start: chunkStart,
        end: chunkEnd,
        text: text.slice(chunkStart, chunkEnd),
      });
    }
    if (cut >= end) break;
    [start, end] = trimRange(text, nextStart(text, start, cut, options.overlapChars), end);
  }
  return chunks;
}

/** All chunks of one document, in reading order. */
export function chunkText(
  source: string,
  text: string,
  options: ChunkingOptions = DEFAULT_CHUNKING,
): TextChunk[] {
  if (!(options.maxChars >= 50) || !(options.overlapChars >= 0) || options.overlapChars >= options.maxChars) {
    throw new RangeError('chunking needs maxChars >= 50 and 0 <= overlapChars < maxChars');
  }
  const sections = isMarkdownSource(source)
    ? markdownSections(text)
    : [{ headingPath: [], start: 0, end: text.length }];
  return sections.flatMap((section) => splitRange(text, section, options));
}
