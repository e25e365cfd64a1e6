import { z } from 'zod';
import { KNOWLEDGE_DIR, readDataFile } from '../knowledge/data-file.js';
import { CONNECTIVES } from './lexicon.js';
import type { DimensionId } from './rubrics.js';
import {
  anyMatch,
  bodyOf,
  clampScore,
  type Finding,
  gapSentence,
  gapStrength,
  matching,
  missing,
  phraseIn,
  type Scorer,
  say,
  wordsPattern,
} from './rule-kit.js';

/**
 * Dimensions about the parts a text must have (the moves of an abstract, the sections of a lab
 * report, a thesis's question and method), its length, and a lab report's data and analysis.
 */

const patterns = z.object({ en: z.string().min(1), zh: z.string().min(1) });
const partsOf = z.object({
  withGap: z.boolean(),
  parts: z.array(patterns.extend({ name: z.object({ en: z.string(), zh: z.string() }) })).min(1),
});
/** The parts each dimension looks for, and the words of a cause (corpus/knowledge/writing-parts.json). */
const PARTS = readDataFile(
  z.object({
    attribution: patterns,
    completeness: partsOf,
    sections: partsOf,
    contribution: partsOf,
    methodology: partsOf,
  }),
  KNOWLEDGE_DIR,
  'writing-parts.json',
);
/** English case ignored; Chinese as written. */
const bothPatterns = ({ en, zh }: z.infer<typeof patterns>) => [new RegExp(en, 'i'), new RegExp(zh)];

const CAUSE = wordsPattern(CONNECTIVES.cause);
// A deviation put down to a cause explains it as well as "because" does.
const ATTRIBUTION = bothPatterns(PARTS.attribution);

/**
 * The parts found and missing. `withGap`: a research gap the text states is a part too, listed
 * and acknowledged when present but not required (many good abstracts open with the purpose).
 */
function presence(
  dimension: DimensionId,
  checks: { name: [string, string]; patterns: RegExp[] }[],
  withGap = false,
): Scorer {
  return (ctx) => {
    const body = `${ctx.text.measurements.headings.join('\n')}\n${bodyOf(ctx.text)}`;
    const found = checks.filter((c) => anyMatch(body, ...c.patterns));
    const absent = checks.filter((c) => !found.includes(c));
    const gap = withGap ? gapSentence(ctx.text) : undefined;
    const name = (c: (typeof checks)[number]) => say(ctx.lang, c.name[0], c.name[1]);
    const separator = phraseIn(ctx.lang, 'listSeparator');
    const foundNames = [...(gap ? [phraseIn(ctx.lang, 'researchGap')] : []), ...found.map(name)];
    return {
      score: clampScore(20 + (80 * found.length) / checks.length),
      comment: phraseIn(ctx.lang, 'found', {
        found: foundNames.join(separator) || phraseIn(ctx.lang, 'foundNone'),
        missing: absent.length
          ? phraseIn(ctx.lang, 'missingParts', { parts: absent.map(name).join(separator) })
          : '',
      }),
      strengths: [
        ...(absent.length === 0 ? [phraseIn(ctx.lang, 'allParts')] : []),
        ...(gap ? [gapStrength(ctx.lang, gap)] : []),
      ],
      improvements: absent.map((c) => missing(ctx, dimension, 'missingPart', { part: name(c) })),
    };
  };
}

function presenceOf(dimension: 'completeness' | 'sections' | 'contribution' | 'methodology'): Scorer {
  const { parts, withGap } = PARTS[dimension];
  const checks = parts.map((p) => ({
    name: [p.name.en, p.name.zh] as [string, string],
    patterns: bothPatterns(p),
  }));
  return presence(dimension, checks, withGap);
}

export const completeness = presenceOf('completeness');
export const sections = presenceOf('sections');
export const contribution = presenceOf('contribution');
export const methodology = presenceOf('methodology');

export const concision: Scorer = (ctx) => {
  const { lang } = ctx;
  const words = ctx.text.measurements.word_count;
  const [low, high] = ctx.text.lang === 'zh' ? [150, 500] : [100, 300];
  const over = words > high ? (words - high) / high : 0;
  const under = words < low ? (low - words) / low : 0;
  const long = ctx.text.measurements.long_sentences;
  const improvements: Finding[] = [];
  if (over > 0) improvements.push(missing(ctx, 'concision', 'tooLong', { words, high }));
  return {
    score: clampScore(95 - over * 60 - under * 50 - long * 5),
    comment: phraseIn(lang, 'concisionComment', { words, low, high }),
    strengths: over === 0 && under === 0 ? [phraseIn(lang, 'conciseAbstract')] : [],
    improvements,
  };
};

export const data: Scorer = (ctx) => {
  const { lang } = ctx;
  const body = bodyOf(ctx.text);
  const quantities = (
    body.match(
      /\d+(?:\.\d+)?\s*(?:±\s*\d+(?:\.\d+)?\s*)?(?:%|°|[kMmμun]?(?:m|s|V|A|T|Hz|J|W|N|C|F|H|Ω|g))(?![A-Za-z])/g,
    ) ?? []
  ).length;
  const uncertain = anyMatch(
    body,
    /±|\buncertaint(y|ies)\b|standard deviation|\berror bars?\b/i,
    /不确定度|误差|标准差/,
  );
  const improvements: Finding[] = [];
  if (!uncertain) improvements.push(missing(ctx, 'data', 'noUncertainty'));
  // A decimal with no unit after it is a measured value whose meaning the reader has to guess.
  const unitless = matching(
    ctx.text.sentences,
    /(?<![\d.])\d+\.\d+(?![\d.])(?!\s*(?:±|%|°|[kMmμun]?(?:m|s|V|A|T|Hz|J|W|N|C|F|H|Ω|g)(?![A-Za-z])))/,
  );
  return {
    score: clampScore(
      35 + Math.min(45, quantities * 5) + (uncertain ? 20 : 0) - Math.min(15, unitless.length * 5),
    ),
    comment: phraseIn(lang, 'dataComment', {
      quantities,
      state: phraseIn(lang, uncertain ? 'uncertaintiesStated' : 'uncertaintiesMissing'),
    }),
    strengths: uncertain && quantities >= 3 ? [phraseIn(lang, 'measurementsReported')] : [],
    improvements,
  };
};

export const analysis: Scorer = (ctx) => {
  const { lang } = ctx;
  const body = bodyOf(ctx.text);
  const compares = anyMatch(
    body,
    /\b(theor\w*|expected|predicted|agree\w*|relative error|deviat\w*)\b/i,
    /理论|预期|相对误差|吻合|偏差|符合/,
  );
  const explains = CAUSE.test(body) || ATTRIBUTION.some((p) => p.test(body));
  const improvements: Finding[] = [];
  if (!compares) improvements.push(missing(ctx, 'analysis', 'noTheory'));
  if (!explains) improvements.push(missing(ctx, 'analysis', 'noCauses'));
  return {
    score: clampScore(40 + (compares ? 35 : 0) + (explains ? 25 : 0)),
    comment: phraseIn(lang, 'analysisComment', {
      compares: phraseIn(lang, compares ? 'comparisonPresent' : 'comparisonAbsent'),
      explains: phraseIn(lang, explains ? 'causesDiscussed' : 'causesNotDiscussed'),
    }),
    strengths: compares && explains ? [phraseIn(lang, 'comparedExplained')] : [],
    improvements,
  };
};
