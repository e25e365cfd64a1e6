import { CONNECTIVES, EVALUATIVE } from './lexicon.js';
import type { DimensionId } from './rubrics.js';
import {
  anyMatch,
  atDocument,
  atParagraph,
  bodyOf,
  clampScore,
  type DimensionResult,
  type Finding,
  gapSentence,
  gapStrength,
  missing,
  perThousand,
  type Scorer,
  say,
  wordsPattern,
} from './rule-kit.js';
import { hasContrast, scoreCitations, scoreLanguage, scoreStructure } from './rules-common.js';
import {
  analysis,
  completeness,
  concision,
  contribution,
  data,
  methodology,
  sections,
} from './rules-parts.js';
import { countTerms } from './text-segments.js';

/** The dimensions of argument and use of sources, and the table of every scorer. */

const CAUSE = wordsPattern(CONNECTIVES.cause);

const synthesis: Scorer = (ctx) => {
  const { lang, text } = ctx;
  const combined = text.paragraphs.filter((p) => p.citations >= 2);
  const share = text.paragraphs.length === 0 ? 0 : combined.length / text.paragraphs.length;
  const improvements = text.paragraphs
    .filter((p) => p.citations === 1 && p.words >= (ctx.text.lang === 'zh' ? 80 : 50))
    .slice(0, 2)
    .map((p) => ({
      dimension: 'synthesis' as const,
      target: atParagraph(p),
      issue: say(lang, 'This paragraph rests on a single source.', '该段只依据了一篇文献。'),
      suggestion: say(
        lang,
        'Bring in a second study and say where the two agree or differ.',
        '再引入一项研究，说明两者的一致与分歧之处。',
      ),
    }));
  return {
    score: clampScore(40 + 60 * share),
    comment: say(
      lang,
      `${combined.length} of ${text.paragraphs.length} paragraphs bring two or more sources together.`,
      `${text.paragraphs.length} 个段落中有 ${combined.length} 个综合了两篇及以上文献。`,
    ),
    strengths:
      share >= 0.5
        ? [
            say(
              lang,
              'Sources are compared with each other, not just listed.',
              '文献之间有比较与综合，而非简单罗列。',
            ),
          ]
        : [],
    improvements,
  };
};

const critical: Scorer = (ctx) => {
  const { lang } = ctx;
  const body = bodyOf(ctx.text);
  const evaluative = [...countTerms(body, EVALUATIVE).values()].reduce((a, b) => a + b, 0);
  const density = perThousand(evaluative, ctx);
  const improvements: Finding[] = [];
  if (!hasContrast(body)) {
    improvements.push(
      missing(
        ctx,
        'critical',
        ['Sources are never contrasted.', '没有对文献进行对比。'],
        [
          'Compare findings explicitly (however, whereas, in contrast) and name a limitation of each key study.',
          '明确比较不同研究的结论（然而、相比之下），并指出关键研究的局限。',
        ],
      ),
    );
  }
  const gap = gapSentence(ctx.text);
  if (!gap) {
    improvements.push(
      missing(
        ctx,
        'critical',
        ['No research gap is identified.', '没有指出研究空白。'],
        ['End by stating what the literature has not yet answered.', '在结尾说明现有文献尚未解决的问题。'],
      ),
    );
  }
  return {
    score: clampScore(45 + Math.min(40, density * 4) + (improvements.length === 0 ? 15 : 0)),
    comment: say(
      lang,
      `${evaluative} evaluative expressions (limitations, contrasts, gaps).`,
      `评价性表达 ${evaluative} 处（局限、对比、空白等）。`,
    ),
    strengths: [
      ...(improvements.length === 0
        ? [
            say(
              lang,
              'The review weighs sources and names what is still open.',
              '综述对文献有评价，并指出了尚待解决的问题。',
            ),
          ]
        : []),
      ...(gap ? [gapStrength(lang, gap)] : []),
    ],
    improvements,
  };
};

const THESIS_STATEMENT = [
  /\b(this (paper|essay|report|thesis) (argues|shows|examines|investigates|discusses)|we (argue|show|propose)|I (argue|will show))\b/i,
  /本文(认为|将|旨在|讨论|研究|提出)|本研究/,
];

const argument: Scorer = (ctx) => {
  const { lang, text } = ctx;
  const first = text.paragraphs[0]?.text ?? '';
  const last = text.paragraphs.at(-1)?.text ?? '';
  const improvements: Finding[] = [];
  let score = 55;
  if (anyMatch(first, ...THESIS_STATEMENT)) score += 20;
  else
    improvements.push({
      dimension: 'argument',
      target: text.paragraphs[0] ? atParagraph(text.paragraphs[0]) : atDocument(text),
      issue: say(lang, 'The opening paragraph states no thesis.', '开头段没有提出明确的论点。'),
      suggestion: say(
        lang,
        'End the introduction with one sentence saying what the paper argues or shows.',
        '在引言末尾用一句话说明本文的核心论点。',
      ),
    });
  if (anyMatch(last, wordsPattern(CONNECTIVES.conclusion), /\b(conclude|conclusion)\b/i, /结论|总之|综上/))
    score += 15;
  else
    improvements.push(
      missing(
        ctx,
        'argument',
        ['No concluding paragraph.', '缺少结论段。'],
        ['Close by answering the question the introduction raised.', '在结尾回应引言中提出的问题。'],
      ),
    );
  if (CAUSE.test(bodyOf(text))) score += 10;
  return {
    score: clampScore(score),
    comment: say(lang, 'Thesis, reasoning and conclusion checked.', '已检查论点、推理与结论。'),
    strengths:
      improvements.length === 0
        ? [say(lang, 'A clear line of argument from thesis to conclusion.', '从论点到结论的论证脉络清晰。')]
        : [],
    improvements,
  };
};

const evidence: Scorer = (ctx) => {
  const { lang } = ctx;
  const body = bodyOf(ctx.text);
  const examples = (body.match(/for example|for instance|例如|比如/gi) ?? []).length;
  const equations = (body.match(/[A-Za-zα-ωΑ-Ω]\s*=\s*[\w(√μ]/g) ?? []).length;
  const numbers = (
    body.match(/\d+(?:\.\d+)?\s*(?:%|[kMmμn]?(?:m|s|V|A|T|Hz|J|W|N|C|F|H|Ω))(?![A-Za-z])/g) ?? []
  ).length;
  const support = ctx.text.measurements.citation_count + examples + equations + numbers;
  const density = perThousand(support, ctx);
  return {
    score: clampScore(40 + Math.min(60, density * 3)),
    comment: say(
      lang,
      `${support} pieces of support: citations, examples (${examples}), equations (${equations}), quantities (${numbers}).`,
      `共 ${support} 处支撑：引用、例子（${examples}）、公式（${equations}）、带单位的数值（${numbers}）。`,
    ),
    strengths:
      density >= 15 ? [say(lang, 'Claims are backed by concrete evidence.', '论点有具体论据支撑。')] : [],
    improvements:
      density < 8
        ? [
            missing(
              ctx,
              'evidence',
              ['Few claims are backed by evidence.', '论据不足。'],
              [
                'Support each main claim with a source, a number, an equation or a worked example.',
                '为每个主要论点补充文献、数据、公式或例子。',
              ],
            ),
          ]
        : [],
  };
};

export const SCORERS: Record<DimensionId, Scorer> = {
  synthesis,
  critical,
  structure: scoreStructure,
  citations: scoreCitations,
  language: scoreLanguage,
  argument,
  evidence,
  contribution,
  methodology,
  completeness,
  concision,
  sections,
  data,
  analysis,
};

export type { DimensionResult };
