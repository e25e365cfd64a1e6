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
    const foundNames = [...(gap ? [say(ctx.lang, 'research gap', '研究空白')] : []), ...found.map(name)];
    return {
      score: clampScore(20 + (80 * found.length) / checks.length),
      comment: say(
        ctx.lang,
        `Found: ${foundNames.join(', ') || 'none'}${absent.length ? `; missing: ${absent.map(name).join(', ')}` : ''}.`,
        `已有：${foundNames.join('、') || '无'}${absent.length ? `；缺少：${absent.map(name).join('、')}` : ''}。`,
      ),
      strengths: [
        ...(absent.length === 0
          ? [say(ctx.lang, 'All expected parts are present.', '各必要部分齐全。')]
          : []),
        ...(gap ? [gapStrength(ctx.lang, gap)] : []),
      ],
      improvements: absent.map((c) =>
        missing(
          ctx,
          dimension,
          [`Missing: ${c.name[0]}.`, `缺少：${c.name[1]}。`],
          [`Add a part that states the ${c.name[0]}.`, `补充说明${c.name[1]}的内容。`],
        ),
      ),
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
  if (over > 0)
    improvements.push(
      missing(
        ctx,
        'concision',
        [`${words} words is long for an abstract.`, `摘要共 ${words} 字，偏长。`],
        [
          `Cut background and detail to stay within ${high} words.`,
          `删减背景与细节，控制在 ${high} 字以内。`,
        ],
      ),
    );
  return {
    score: clampScore(95 - over * 60 - under * 50 - long * 5),
    comment: say(
      lang,
      `${words} words (${low}–${high} is usual).`,
      `共 ${words} 字（通常为 ${low}–${high} 字）。`,
    ),
    strengths:
      over === 0 && under === 0
        ? [say(lang, 'A concise abstract of the usual length.', '摘要篇幅适当、简洁。')]
        : [],
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
  if (!uncertain)
    improvements.push(
      missing(
        ctx,
        'data',
        ['No uncertainties are given.', '没有给出测量不确定度。'],
        [
          'State each measured value with its uncertainty (e.g. 2.51 ± 0.03 mT) and say how it was estimated.',
          '给出每个测量值的不确定度（如 2.51 ± 0.03 mT），并说明估计方法。',
        ],
      ),
    );
  // A decimal with no unit after it is a measured value whose meaning the reader has to guess.
  const unitless = matching(
    ctx.text.sentences,
    /(?<![\d.])\d+\.\d+(?![\d.])(?!\s*(?:±|%|°|[kMmμun]?(?:m|s|V|A|T|Hz|J|W|N|C|F|H|Ω|g)(?![A-Za-z])))/,
  );
  return {
    score: clampScore(
      35 + Math.min(45, quantities * 5) + (uncertain ? 20 : 0) - Math.min(15, unitless.length * 5),
    ),
    comment: say(
      lang,
      `${quantities} values with units; uncertainties ${uncertain ? 'stated' : 'missing'}.`,
      `带单位的数值 ${quantities} 个；不确定度${uncertain ? '已给出' : '缺失'}。`,
    ),
    strengths:
      uncertain && quantities >= 3
        ? [
            say(
              lang,
              'Measurements are reported with units and uncertainties.',
              '测量结果带有单位和不确定度。',
            ),
          ]
        : [],
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
  if (!compares)
    improvements.push(
      missing(
        ctx,
        'analysis',
        ['Results are not compared with theory.', '没有将结果与理论值比较。'],
        [
          'Compare each result with the theoretical prediction and give the relative error.',
          '将每个结果与理论预测比较，并给出相对误差。',
        ],
      ),
    );
  if (!explains)
    improvements.push(
      missing(
        ctx,
        'analysis',
        ['Deviations are not explained.', '没有解释偏差的原因。'],
        [
          'Say why the results deviate (because …), naming the main source of error.',
          '说明偏差产生的原因（因为……），并指出主要误差来源。',
        ],
      ),
    );
  return {
    score: clampScore(40 + (compares ? 35 : 0) + (explains ? 25 : 0)),
    comment: say(
      lang,
      `Comparison with theory ${compares ? 'present' : 'absent'}; causes of deviations ${explains ? 'discussed' : 'not discussed'}.`,
      `与理论比较：${compares ? '有' : '无'}；偏差原因分析：${explains ? '有' : '无'}。`,
    ),
    strengths:
      compares && explains
        ? [
            say(
              lang,
              'Results are compared with theory and deviations explained.',
              '结果与理论作了比较，并解释了偏差。',
            ),
          ]
        : [],
    improvements,
  };
};
