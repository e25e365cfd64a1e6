import type { WritingType } from '@faraday/contracts';
import { catalogue, phrase } from '../knowledge/data-file.js';
import { t } from '../lang.js';
import { escapeRegExp } from '../regexp.js';
import type { BodyParagraph, BodySentence, MeasuredText } from './measure.js';
import type { DimensionId, Rubric } from './rubrics.js';
import { excerptOf, type TextLang } from './text-segments.js';

/** What every rule-based dimension scorer gets and gives back. */

export interface Target {
  kind: 'sentence' | 'paragraph' | 'document';
  index: number | null;
  excerpt: string;
}

export interface Finding {
  dimension: DimensionId;
  target: Target;
  issue: string;
  suggestion: string;
}

export interface DimensionResult {
  score: number;
  comment: string;
  strengths: string[];
  improvements: Finding[];
}

export interface RuleContext {
  text: MeasuredText;
  rubric: Rubric;
  type: WritingType;
  lang: TextLang;
  /** Expectations scale with the student's level (1 = undergraduate). */
  factor: number;
}

export type Scorer = (ctx: RuleContext) => DimensionResult;

/** The comment in the student's language: the one `t()` of the service, under the rules' name. */
export const say = t;

const PHRASES = catalogue('writing');

/** A phrase of phrases/writing.json in the student's language, its {placeholders} filled. */
export const phraseIn = (lang: TextLang, key: string, values: Record<string, string | number> = {}) =>
  phrase(PHRASES, lang, key, values);

export function clampScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

export function atSentence(sentence: BodySentence): Target {
  return { kind: 'sentence', index: sentence.index, excerpt: excerptOf(sentence.text) };
}

export function atParagraph(paragraph: BodyParagraph): Target {
  return { kind: 'paragraph', index: paragraph.index, excerpt: excerptOf(paragraph.text) };
}

export function atDocument(text: MeasuredText): Target {
  return { kind: 'document', index: null, excerpt: excerptOf(text.paragraphs[0]?.text ?? '', 60) };
}

/** A finding about the whole text (something absent): phrase `key` and its fix, `key`Fix, in the student's language. */
export function missing(
  ctx: RuleContext,
  dimension: DimensionId,
  key: string,
  values: Record<string, string | number> = {},
): Finding {
  return {
    dimension,
    target: atDocument(ctx.text),
    issue: phraseIn(ctx.lang, key, values),
    suggestion: phraseIn(ctx.lang, `${key}Fix`, values),
  };
}

/** Occurrences per 1000 words of the text. */
export function perThousand(count: number, ctx: RuleContext): number {
  return ctx.text.measurements.word_count === 0 ? 0 : (count * 1000) / ctx.text.measurements.word_count;
}

/** Sentences or paragraphs matching any of the patterns. */
export function matching<T extends { text: string }>(items: readonly T[], ...patterns: RegExp[]): T[] {
  return items.filter((item) => patterns.some((p) => p.test(item.text)));
}

export function anyMatch(text: string, ...patterns: RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}

/**
 * A research gap stated in the text: what the literature has not done or does not know, in the
 * words writers use for it ("little is known about", "previous studies have not quantified",
 * 尚未, 缺乏……研究), not only the word "gap".
 */
export const GAP_PATTERNS: RegExp[] = [
  /\b(gap|further (work|research)|(is|are|remains?) (still |very )?limited|remains? (unclear|open|unexplored|unknown|untested|unquantified)|(is|are) (still )?(poorly|not well) understood|little is known|few (studies|authors|works|papers|discuss|report|address)|received little attention|no (previous |prior |published )?(study|studies|work|experiment|measurement)s? (has|have)|not yet (known|understood|studied|quantified|measured)|lack of (studies|research|data|evidence|measurements))\b/i,
  /\b(studies|work|research|literature|authors|measurements|experiments|models)\s+(has|have|had)\s+not\s+(yet\s+)?(been\s+)?[a-z]+(ed|en)\b/i,
  /空白|有待|尚不清楚|仍然有限|进一步研究|尚未|尚无|鲜有|很少有?(研究|报道)|少有研究|未见报道|缺乏[^。；！？]{0,12}(研究|数据|证据|分析|测量)|还没有研究|未被研究/,
];

/** The first sentence that states a research gap, if any. */
export function gapSentence(text: MeasuredText): BodySentence | undefined {
  return matching(text.sentences, ...GAP_PATTERNS)[0];
}

/** The acknowledgement of a stated gap, quoting it so the student sees what was read. */
export function gapStrength(lang: TextLang, sentence: BodySentence): string {
  const quoted = excerptOf(sentence.text);
  return phraseIn(lang, 'statesGap', { quoted });
}

/** Whole text of the body, for presence checks. */
export function bodyOf(text: MeasuredText): string {
  return text.paragraphs.map((p) => p.text).join('\n\n');
}

/** A word list as one case-insensitive pattern (whole words for Latin, substrings for CJK). */
export function wordsPattern(words: readonly string[]): RegExp {
  const latin = words.filter((w) => !/\p{Script=Han}/u.test(w)).map(escapeWord);
  const han = words.filter((w) => /\p{Script=Han}/u.test(w)).map(escapeWord);
  const parts = [
    ...(latin.length ? [`(?<![\\p{L}\\d])(?:${latin.join('|')})(?![\\p{L}\\d])`] : []),
    ...(han.length ? [`(?:${han.join('|')})`] : []),
  ];
  return new RegExp(parts.join('|') || '(?!)', 'iu');
}

function escapeWord(word: string): string {
  return escapeRegExp(word).replace(/\s+/g, '\\s+');
}
