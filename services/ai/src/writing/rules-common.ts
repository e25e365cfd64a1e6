import { CONNECTIVES, HEDGES, INFORMAL, OVERCLAIMS } from './lexicon.js';
import { longSentenceLimit } from './measure.js';
import {
  atDocument,
  atParagraph,
  atSentence,
  clampScore,
  type DimensionResult,
  type Finding,
  phraseIn,
  type RuleContext,
  wordsPattern,
} from './rule-kit.js';

/** Dimensions every writing type shares: citations, structure and academic language. */

const HEDGE = wordsPattern(HEDGES);
const OVERCLAIM = wordsPattern(OVERCLAIMS);
const INFORMAL_WORD = wordsPattern(INFORMAL);
const CONTRAST = wordsPattern(CONNECTIVES.contrast);

export function scoreCitations(ctx: RuleContext): DimensionResult {
  const { text, lang, rubric } = ctx;
  const m = text.measurements;
  const improvements: Finding[] = [];
  const strengths: string[] = [];
  if (rubric.citationsPer1000 === 0) {
    // Abstracts and lab reports: a citation or two is fine in a report, none belongs in an abstract.
    if (ctx.type !== 'abstract' || m.citation_count === 0) {
      return {
        score: 90,
        comment: phraseIn(lang, 'citationsNotExpected'),
        strengths,
        improvements,
      };
    }
    for (const paragraph of text.paragraphs.filter((p) => p.citations > 0).slice(0, 2)) {
      improvements.push({
        dimension: 'citations',
        target: atParagraph(paragraph),
        issue: phraseIn(lang, 'abstractAlone'),
        suggestion: phraseIn(lang, 'abstractAloneFix'),
      });
    }
    return {
      score: clampScore(100 - 20 * m.citation_count),
      comment: phraseIn(lang, 'abstractCitations', { count: m.citation_count }),
      strengths,
      improvements,
    };
  }
  const target = rubric.citationsPer1000 * ctx.factor;
  const density = m.citations_per_1000_words;
  let score = density >= target ? 88 + Math.min(12, (density - target) / 2) : 35 + (50 * density) / target;
  // A long paragraph of claims without a single source is the most common gap.
  const unsupported = text.paragraphs.filter(
    (p) => p.citations === 0 && p.words >= (text.lang === 'zh' ? 80 : 50),
  );
  for (const paragraph of unsupported.slice(0, 3)) {
    score -= 6;
    improvements.push({
      dimension: 'citations',
      target: atParagraph(paragraph),
      issue: phraseIn(lang, 'unsupported'),
      suggestion: phraseIn(lang, 'unsupportedFix'),
    });
  }
  if (m.citation_count > 0 && m.reference_entries === 0) {
    score -= 15;
    improvements.push({
      dimension: 'citations',
      target: atDocument(text),
      issue: phraseIn(lang, 'noReferences'),
      suggestion: phraseIn(lang, 'noReferencesFix'),
    });
  }
  if (density >= target) {
    strengths.push(phraseIn(lang, 'wellSupported', { count: m.citation_count, density }));
  }
  return {
    score: clampScore(score),
    comment: phraseIn(lang, 'citationsComment', {
      count: m.citation_count,
      density,
      target: Math.round(target),
      entries: m.reference_entries,
    }),
    strengths,
    improvements,
  };
}

export function scoreStructure(ctx: RuleContext): DimensionResult {
  const { text, lang, rubric } = ctx;
  const m = text.measurements;
  const improvements: Finding[] = [];
  const strengths: string[] = [];
  let score = 90;
  if (m.paragraph_count < rubric.minParagraphs) {
    score -= 12 * (rubric.minParagraphs - m.paragraph_count);
    improvements.push({
      dimension: 'structure',
      target: atDocument(text),
      issue: phraseIn(lang, 'fewParagraphs', { count: m.paragraph_count, min: rubric.minParagraphs }),
      suggestion: phraseIn(lang, 'fewParagraphsFix'),
    });
  }
  if (rubric.expectsHeadings && m.headings.length === 0 && m.word_count > 400) {
    score -= 8;
    improvements.push({
      dimension: 'structure',
      target: atDocument(text),
      issue: phraseIn(lang, 'noHeadings'),
      suggestion: phraseIn(lang, 'noHeadingsFix'),
    });
  }
  const thin = text.paragraphs.filter((p) => p.sentences.length === 1 && p.index < m.paragraph_count);
  for (const paragraph of thin.slice(0, 2)) {
    score -= 5;
    improvements.push({
      dimension: 'structure',
      target: atParagraph(paragraph),
      issue: phraseIn(lang, 'oneSentence'),
      suggestion: phraseIn(lang, 'oneSentenceFix'),
    });
  }
  const linking = m.connectives.per_sentence;
  if (linking < 0.1 && m.sentence_count >= 5) {
    score -= 12;
    improvements.push({
      dimension: 'structure',
      target: atDocument(text),
      issue: phraseIn(lang, 'unlinked'),
      suggestion: phraseIn(lang, 'unlinkedFix'),
    });
  } else if (linking >= 0.2) {
    strengths.push(phraseIn(lang, 'linked', { count: m.connectives.count, kinds: m.connectives.distinct }));
  }
  if (m.headings.length > 0 && rubric.expectsHeadings) {
    strengths.push(phraseIn(lang, 'clearSections', { headings: m.headings.join(' / ') }));
  }
  return {
    score: clampScore(score),
    comment: phraseIn(lang, 'structureComment', {
      paragraphs: m.paragraph_count,
      headings: m.headings.length,
      linking,
    }),
    strengths,
    improvements,
  };
}

export function scoreLanguage(ctx: RuleContext): DimensionResult {
  const { text, lang } = ctx;
  const m = text.measurements;
  const improvements: Finding[] = [];
  const strengths: string[] = [];
  let score = 92;
  // Lengths are the text's own language's norms; the comments are in the student's.
  const [low, high] = text.lang === 'zh' ? [15, 50] : [12, 26];
  const avg = m.avg_sentence_length;
  if (avg > high) score -= Math.min(20, (avg - high) * 1.5);
  if (avg < low && m.sentence_count >= 3) score -= Math.min(15, (low - avg) * 2);
  const limit = longSentenceLimit(text.lang);
  const long = [...text.sentences].filter((s) => s.words > limit).sort((a, b) => b.words - a.words);
  for (const sentence of long.slice(0, 3)) {
    score -= 5;
    improvements.push({
      dimension: 'language',
      target: atSentence(sentence),
      issue: phraseIn(lang, 'longSentence', { words: sentence.words }),
      suggestion: phraseIn(lang, 'longSentenceFix'),
    });
  }
  // Every informal sentence costs: a text written like a chat message cannot score well here.
  const informal = text.sentences.filter((s) => INFORMAL_WORD.test(s.text));
  score -= Math.min(50, 8 * informal.length);
  for (const sentence of informal.slice(0, 2)) {
    improvements.push({
      dimension: 'language',
      target: atSentence(sentence),
      issue: phraseIn(lang, 'informal'),
      suggestion: phraseIn(lang, 'informalFix'),
    });
  }
  // A certain-sounding claim with neither a hedge nor a source in the same sentence.
  const overclaims = text.sentences.filter(
    (s) => OVERCLAIM.test(s.text) && !HEDGE.test(s.text) && !/\[\d|【\d|\(\p{Lu}|（/u.test(s.text),
  );
  for (const sentence of overclaims.slice(0, 2)) {
    score -= 4;
    improvements.push({
      dimension: 'language',
      target: atSentence(sentence),
      issue: phraseIn(lang, 'overclaim'),
      suggestion: phraseIn(lang, 'overclaimFix'),
    });
  }
  const hedging = m.hedging.per_1000_words;
  // A colloquial hedge (大概) is vagueness, not care: it is never praised.
  const careful = Object.keys(m.hedging.terms).filter((term) => !INFORMAL_WORD.test(term));
  if (m.word_count >= 150 && m.hedging.count === 0) {
    score -= 6;
  } else if (hedging > 40) {
    score -= 8;
    improvements.push({
      dimension: 'language',
      target: atDocument(text),
      issue: phraseIn(lang, 'heavyHedging', { rate: hedging }),
      suggestion: phraseIn(lang, 'heavyHedgingFix'),
    });
  } else if (careful.length > 0) {
    strengths.push(phraseIn(lang, 'careful', { terms: careful.join(phraseIn(lang, 'listSeparator')) }));
  }
  if (avg >= low && avg <= high) {
    strengths.push(phraseIn(lang, 'readable', { avg }));
  }
  return {
    score: clampScore(score),
    comment: phraseIn(lang, 'languageComment', {
      avg,
      low,
      high,
      long: m.long_sentences,
      hedges: m.hedging.count,
    }),
    strengths,
    improvements,
  };
}

/** Contrastive connectives, used by the critical-evaluation and argument rules. */
export function hasContrast(text: string): boolean {
  return CONTRAST.test(text);
}
