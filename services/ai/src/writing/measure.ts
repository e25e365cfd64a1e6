import type { WritingMeasurements } from '@faraday/contracts';
import { ALL_CONNECTIVES, HEDGES } from './lexicon.js';
import {
  countTerms,
  countWords,
  headingText,
  type Paragraph,
  splitParagraphs,
  splitSentences,
  type TextLang,
} from './text-segments.js';

/**
 * The measurable facts of a text: what the rules score and what the model is told, so that
 * neither has to guess a word count. The References list is cut off first: it is not prose,
 * and its brackets and years would count as citations.
 */

export interface BodySentence {
  /** 1-based, over the whole body. */
  index: number;
  paragraph: number;
  text: string;
  words: number;
}

export interface BodyParagraph {
  /** 1-based, headings not counted. */
  index: number;
  text: string;
  sentences: BodySentence[];
  words: number;
  citations: number;
}

export interface MeasuredText {
  lang: TextLang;
  paragraphs: BodyParagraph[];
  sentences: BodySentence[];
  measurements: WritingMeasurements;
}

const REFERENCES_HEADING =
  /^(?:#{1,6}\s*)?(?:\d+\.?\s*)?(references|bibliography|works cited|参考文献)\s*[:：]?$/i;

// [1], [2, 5], [3-7]; 【1】; author–year in ASCII or full-width brackets; "Smith et al. (2019)".
const NUMERIC = /\[\s*\d+(?:\s*[-–,，]\s*\d+)*\s*\]|【\s*\d+(?:\s*[-–,，、]\s*\d+)*\s*】/g;
const PARENTHETICAL = /[(（]([^()（）]{2,200}?(?:19|20)\d{2}[a-z]?)[)）]/g;
// A Latin surname may go without a comma (Harvard: "Smith 2020"); a Chinese name needs one, or
// "（见2020年数据）" would count.
const AUTHOR_YEAR_PART =
  /\p{Lu}[\p{L}'’-]+(?:\s+(?:et al\.?|and \p{Lu}[\p{L}-]+|& \p{Lu}[\p{L}-]+))?\s*,?\s*(?:19|20)\d{2}[a-z]?|\p{Script=Han}{2,4}(?:等人?)?\s*[,，]\s*(?:19|20)\d{2}/u;
const NARRATIVE =
  /(?:\p{Lu}[\p{L}'’-]+(?:\s+(?:et al\.|and \p{Lu}[\p{L}-]+))?|\p{Script=Han}{2,4}等人?)\s*[(（](?:19|20)\d{2}[a-z]?[)）]/gu;

export function countCitations(text: string): number {
  let count = text.match(NUMERIC)?.length ?? 0;
  for (const match of text.matchAll(PARENTHETICAL)) {
    const inside = match[1]!;
    count += inside.split(/[;；]/).filter((part) => AUTHOR_YEAR_PART.test(part)).length;
  }
  count += text.match(NARRATIVE)?.length ?? 0;
  return count;
}

function perThousand(count: number, words: number): number {
  return words === 0 ? 0 : round((count * 1000) / words, 1);
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export function longSentenceLimit(lang: TextLang): number {
  return lang === 'zh' ? 60 : 35;
}

function splitReferences(paragraphs: Paragraph[]): { body: Paragraph[]; references: string[] } {
  const at = paragraphs.findIndex((p) => REFERENCES_HEADING.test(p.text.split('\n')[0]!.trim()));
  if (at < 0) return { body: paragraphs, references: [] };
  const first = paragraphs[at]!.text.split('\n').slice(1).join('\n');
  const tail = [first, ...paragraphs.slice(at + 1).map((p) => p.text)].join('\n');
  const references = tail
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return { body: paragraphs.slice(0, at), references };
}

const APPROXIMATE_NUMBER =
  /\b(?:roughly|approximately|about|around|nearly|almost)\s+(?=[-−+]?\d)|(?:大约|约为|约|近)\s*(?=[-−+]?\d)/gi;

export function measureText(content: string, lang: TextLang): MeasuredText {
  const { body, references } = splitReferences(splitParagraphs(content));
  const headings = body.filter((p) => p.heading).map((p) => headingText(p.text));
  const paragraphs: BodyParagraph[] = [];
  const sentences: BodySentence[] = [];
  for (const block of body.filter((p) => !p.heading)) {
    const index = paragraphs.length + 1;
    const own = splitSentences(block.text).map((text) => ({
      index: sentences.length + 1,
      paragraph: index,
      text,
      words: countWords(text).total,
    }));
    // Numbered one after another: the sentence index counts over the whole text.
    for (const [i, sentence] of own.entries()) sentence.index = sentences.length + i + 1;
    sentences.push(...own);
    paragraphs.push({
      index,
      text: block.text,
      sentences: own,
      words: countWords(block.text).total,
      citations: countCitations(block.text),
    });
  }
  const prose = paragraphs.map((p) => p.text).join('\n\n');
  const words = countWords(prose);
  const characters = prose.replace(/\s/g, '').length;
  const citations = paragraphs.reduce((sum, p) => sum + p.citations, 0);
  // "roughly 1 %", "约为 3 cm": an approximate measurement, not a hedged claim.
  const hedges = countTerms(
    prose.replace(APPROXIMATE_NUMBER, (m) => ' '.repeat(m.length)),
    HEDGES,
  );
  const connectives = countTerms(prose, ALL_CONNECTIVES);
  const hedgeCount = sum(hedges);
  const connectiveCount = sum(connectives);
  const limit = longSentenceLimit(lang);
  return {
    lang,
    paragraphs,
    sentences,
    measurements: {
      characters,
      word_count: words.total,
      latin_words: words.latin,
      cjk_characters: words.cjk,
      sentence_count: sentences.length,
      paragraph_count: paragraphs.length,
      avg_sentence_length: sentences.length === 0 ? 0 : round(words.total / sentences.length, 1),
      long_sentences: sentences.filter((s) => s.words > limit).length,
      citation_count: citations,
      citations_per_1000_words: perThousand(citations, words.total),
      reference_entries: references.length,
      hedging: {
        count: hedgeCount,
        per_1000_words: perThousand(hedgeCount, words.total),
        terms: Object.fromEntries(hedges),
      },
      connectives: {
        count: connectiveCount,
        per_1000_words: perThousand(connectiveCount, words.total),
        terms: Object.fromEntries(connectives),
        distinct: connectives.size,
        per_sentence: sentences.length === 0 ? 0 : round(connectiveCount / sentences.length, 2),
      },
      headings,
    },
  };
}

function sum(counts: Map<string, number>): number {
  let total = 0;
  for (const n of counts.values()) total += n;
  return total;
}
