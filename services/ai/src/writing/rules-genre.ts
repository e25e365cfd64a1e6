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
  phraseIn,
  type Scorer,
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
      issue: phraseIn(lang, 'singleSource'),
      suggestion: phraseIn(lang, 'singleSourceFix'),
    }));
  return {
    score: clampScore(40 + 60 * share),
    comment: phraseIn(lang, 'synthesisComment', { combined: combined.length, total: text.paragraphs.length }),
    strengths: share >= 0.5 ? [phraseIn(lang, 'sourcesCompared')] : [],
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
    improvements.push(missing(ctx, 'critical', 'noContrast'));
  }
  const gap = gapSentence(ctx.text);
  if (!gap) {
    improvements.push(missing(ctx, 'critical', 'noGap'));
  }
  return {
    score: clampScore(45 + Math.min(40, density * 4) + (improvements.length === 0 ? 15 : 0)),
    comment: phraseIn(lang, 'criticalComment', { count: evaluative }),
    strengths: [
      ...(improvements.length === 0 ? [phraseIn(lang, 'reviewWeighs')] : []),
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
      issue: phraseIn(lang, 'noThesis'),
      suggestion: phraseIn(lang, 'noThesisFix'),
    });
  if (anyMatch(last, wordsPattern(CONNECTIVES.conclusion), /\b(conclude|conclusion)\b/i, /结论|总之|综上/))
    score += 15;
  else improvements.push(missing(ctx, 'argument', 'noConclusion'));
  if (CAUSE.test(bodyOf(text))) score += 10;
  return {
    score: clampScore(score),
    comment: phraseIn(lang, 'argumentComment'),
    strengths: improvements.length === 0 ? [phraseIn(lang, 'clearArgument')] : [],
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
    comment: phraseIn(lang, 'evidenceComment', { support, examples, equations, numbers }),
    strengths: density >= 15 ? [phraseIn(lang, 'concreteEvidence')] : [],
    improvements: density < 8 ? [missing(ctx, 'evidence', 'fewEvidence')] : [],
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
