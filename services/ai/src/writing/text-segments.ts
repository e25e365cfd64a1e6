import { escapeRegExp } from '../regexp.js';

/**
 * Cutting a student's text into paragraphs and sentences, and counting its words, for English,
 * Chinese and the mix of both that science writing usually is. Shared by the writing analysis
 * and the guided tutor's rules ("an explanation of at least N words").
 */

export type TextLang = 'en' | 'zh';

const HAN = /\p{Script=Han}/gu;
const LATIN_WORD = /[\p{Script=Latin}\d]+(?:['’-][\p{Script=Latin}\d]+)*/gu;

export interface WordCount {
  latin: number;
  cjk: number;
  /** Latin-script words plus CJK characters: each Chinese character counts as one word, as 字数 does. */
  total: number;
}

export function countWords(text: string): WordCount {
  const cjk = text.match(HAN)?.length ?? 0;
  const latin = text.match(LATIN_WORD)?.length ?? 0;
  return { latin, cjk, total: latin + cjk };
}

/** Chinese when CJK characters make up at least a third of the words, English otherwise. */
export function detectLang(text: string): TextLang {
  const { cjk, total } = countWords(text);
  return total > 0 && cjk / total >= 1 / 3 ? 'zh' : 'en';
}

/** A declared language (`zh-CN`, `Chinese`, `中文`) if it names one, else the text's own. */
export function langOf(declared: string | undefined, text: string): TextLang {
  const value = (declared ?? '').trim().toLowerCase();
  if (/^(zh|chinese|中文|汉语|cn)/.test(value)) return 'zh';
  if (/^(en|english|英文|英语)/.test(value)) return 'en';
  return detectLang(text);
}

// A period after these is not the end of a sentence ("et al. 2020", "Fig. 3", "e.g. the").
const ABBREVIATIONS = new Set([
  'al',
  'e.g',
  'i.e',
  'etc',
  'fig',
  'figs',
  'eq',
  'eqs',
  'ref',
  'refs',
  'dr',
  'prof',
  'mr',
  'mrs',
  'ms',
  'vs',
  'cf',
  'approx',
  'no',
  'vol',
  'pp',
  'sec',
  'ch',
  'resp',
]);

/** Whether the capital ending `before` follows what comes before an initial in a name. */
function nameBefore(before: string): boolean {
  const previous = /(\S+)\s+\S+$/u.exec(before)?.[1];
  return previous === undefined || /^(\p{Lu}|and|by|&|[(,;（，])|[,;(]$/u.test(previous);
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Sentences of one paragraph, trimmed, in order, as Unicode sentence boundaries (Intl.Segmenter)
 * find them, joined again after an abbreviation or an initial ("et al.", "Fig.", "J. Smith"), which
 * the boundaries cannot tell from a full stop. Line breaks inside a paragraph are wrapping.
 */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s*\n\s*/g, ' ').trim();
  const sentences: string[] = [];
  let pending = '';
  for (const { segment } of segmenter.segment(text)) {
    pending += segment;
    const before = pending.trimEnd().replace(/\.$/, '');
    const word = /([\p{L}.]+)$/u.exec(before)?.[1] ?? '';
    if (
      pending.trimEnd().endsWith('.') &&
      (ABBREVIATIONS.has(word.toLowerCase()) || (/^\p{Lu}$/u.test(word) && nameBefore(before)))
    )
      continue;
    if (pending.trim()) sentences.push(pending.trim());
    pending = '';
  }
  if (pending.trim()) sentences.push(pending.trim());
  return sentences;
}

export interface Paragraph {
  text: string;
  heading: boolean;
}

const SENTENCE_PUNCTUATION = /[.!?。！？:：;；]["'’”)\]）]*$/;

/**
 * Paragraphs are separated by blank lines; a text without any blank line (common in Chinese
 * writing, which indents instead) has one paragraph per line. A short line without closing
 * punctuation is a heading, not a paragraph.
 */
export function splitParagraphs(text: string): Paragraph[] {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '') return [];
  const blocks = /\n[ \t\u3000]*\n/.test(normalized)
    ? normalized.split(/\n[ \t\u3000]*\n+/)
    : normalized.split('\n');
  return blocks
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => ({ text: block, heading: isHeading(block) }));
}

function isHeading(block: string): boolean {
  if (/^#{1,6}\s/.test(block)) return true;
  if (block.includes('\n')) return false;
  const { latin, cjk } = countWords(block);
  const short = latin <= 10 && cjk <= 20;
  return short && !SENTENCE_PUNCTUATION.test(block);
}

export function headingText(block: string): string {
  return block.replace(/^#{1,6}\s*/, '').trim();
}

/** Whole words for Latin terms, plain substrings for CJK ones. */
export function termPattern(term: string): RegExp {
  const escaped = escapeRegExp(term).replace(/\s+/g, '\\s+');
  return /\p{Script=Han}/u.test(term)
    ? new RegExp(escaped, 'gu')
    : new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, 'giu');
}

/**
 * How often each term occurs. Longer terms are counted first and their matches masked, so
 * "in contrast" is not also counted as "contrast", nor 但是 as 但.
 */
export function countTerms(text: string, terms: readonly string[]): Map<string, number> {
  let rest = text;
  const found = new Map<string, number>();
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const pattern = termPattern(term);
    let count = 0;
    rest = rest.replace(pattern, (match) => {
      count += 1;
      return ' '.repeat(match.length);
    });
    if (count > 0) found.set(term, count);
  }
  return found;
}

/**
 * A sentence or the start of a paragraph, verbatim, for pointing at it. Cut only where a phrase
 * ends: the first sentence if it fits, else the last clause mark (, ; : ，；：、) before the
 * limit, else a space after a content word; never inside a word or a Chinese phrase.
 */
export function excerptOf(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const firstSentence = /^.+?(?:[.!?](?=\s)|[。！？])/u.exec(flat)?.[0];
  if (firstSentence && firstSentence.length <= max) return firstSentence;
  const window = flat.slice(0, max);
  const clause = Math.max(...[',', ';', ':', '，', '；', '：', '、'].map((mark) => window.lastIndexOf(mark)));
  if (clause >= max / 3) return `${window.slice(0, clause)}…`;
  const space = window.lastIndexOf(' ');
  if (space < max / 3) return `${window}…`;
  // A cut after "to", "the" or "and" leaves half a phrase ("…the closed-form value to…"): end on
  // the last content word instead.
  const words = window.slice(0, space).split(' ');
  while (words.length > 1 && DANGLING.test(words.at(-1)!)) words.pop();
  return `${words.join(' ').replace(/[,;:]$/, '')}…`;
}

const DANGLING =
  /^(a|an|the|to|of|in|on|at|by|for|with|from|into|onto|and|or|but|nor|as|than|that|which|who|whose|is|are|was|were|be|been|its|their|this|these|those|our|his|her|it|not|no|very|so|such|if|when|while|about|between|within|without|over|under|via|per|across|through|both|each|every|some|any|more|most|less|has|have|had|can|could|may|might|will|would|should|must)$/i;
