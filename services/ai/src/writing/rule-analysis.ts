import type { WritingAnalysisResponse, WritingType } from '@faraday/contracts';
import type { MeasuredText } from './measure.js';
import { DIMENSIONS, type DimensionId, levelFactor, RUBRICS } from './rubrics.js';
import { type Finding, say } from './rule-kit.js';
import { SCORERS } from './rules-genre.js';
import type { TextLang } from './text-segments.js';

/**
 * The analysis the rules give on their own (simulated mode, or when the model's judgement
 * cannot be used): each rubric dimension scored from the measurements, the overall score as
 * the weighted mean, and the improvements ordered by how much their dimension weighs.
 */
export type Analysis = Omit<
  WritingAnalysisResponse,
  'measurements' | 'judged_by' | 'model' | 'writing_type' | 'lang' | 'notes'
>;

export const MAX_IMPROVEMENTS = 10;

export const TYPE_NAMES: Record<WritingType, Record<TextLang, string>> = {
  literature_review: { en: 'literature review', zh: '文献综述' },
  course_paper: { en: 'course paper', zh: '课程论文' },
  thesis: { en: 'thesis', zh: '学位论文' },
  abstract: { en: 'abstract', zh: '摘要' },
  lab_report: { en: 'lab report', zh: '实验报告' },
};

export function weightedScore(dimensions: { weight: number; score: number }[]): number {
  const total = dimensions.reduce((sum, d) => sum + d.weight, 0);
  const value = dimensions.reduce((sum, d) => sum + d.weight * d.score, 0) / (total || 1);
  return Math.round(value);
}

export function orderImprovements<T extends Pick<Finding, 'target'> & { dimension: string }>(
  findings: T[],
  type: WritingType,
): T[] {
  const weight = new Map(RUBRICS[type].dimensions.map((d) => [d.id as string, d.weight]));
  return findings
    .map((finding, i) => ({ finding, i }))
    .sort(
      (a, b) => (weight.get(b.finding.dimension) ?? 0) - (weight.get(a.finding.dimension) ?? 0) || a.i - b.i,
    )
    .map(({ finding }) => finding)
    .slice(0, MAX_IMPROVEMENTS);
}

/** The student's level as the summary names it. */
function levelName(level: string, lang: TextLang): string {
  if (lang === 'en') return level;
  const value = level.toLowerCase();
  if (/undergrad|bachelor/.test(value)) return '本科';
  if (/phd|doctor/.test(value)) return '博士';
  if (/master|graduate|postgrad/.test(value)) return '硕士';
  if (/high|school|secondary/.test(value)) return '中学';
  return level;
}

export function summaryOf(
  analysis: Pick<Analysis, 'overall_score' | 'dimensions'>,
  type: WritingType,
  lang: TextLang,
  level: string,
): string {
  const sorted = [...analysis.dimensions].sort((a, b) => b.score - a.score);
  const best = sorted[0];
  const worst = sorted.at(-1);
  return say(
    lang,
    `Overall ${analysis.overall_score}/100 for a ${TYPE_NAMES[type].en} at ${level} level. Strongest: ${best?.name} (${best?.score}); work first on: ${worst?.name} (${worst?.score}).`,
    `作为${levelName(level, lang)}阶段的${TYPE_NAMES[type].zh}，总分 ${analysis.overall_score}/100。最强项：${best?.name}（${best?.score}）；优先改进：${worst?.name}（${worst?.score}）。`,
  );
}

/** `lang` is the language of the comments; the text's own language sets the length norms. */
export function analyzeByRules(
  text: MeasuredText,
  type: WritingType,
  level: string,
  lang: TextLang = text.lang,
): Analysis {
  const rubric = RUBRICS[type];
  const ctx = { text, rubric, type, lang, factor: levelFactor(level) };
  const strengths: string[] = [];
  const findings: Finding[] = [];
  const dimensions = rubric.dimensions.map(({ id, weight }) => {
    const result = SCORERS[id](ctx);
    strengths.push(...result.strengths);
    findings.push(...result.improvements);
    return { id, name: DIMENSIONS[id].name[lang], weight, score: result.score, comment: result.comment };
  });
  const overall = weightedScore(dimensions);
  const partial = { overall_score: overall, dimensions };
  return {
    ...partial,
    strengths:
      strengths.length > 0
        ? strengths
        : [say(lang, 'The text is complete enough to analyse.', '文本完整，可以进行分析。')],
    improvements: orderImprovements(findings, type),
    summary: summaryOf(partial, type, lang, level),
  };
}

export function dimensionIds(type: WritingType): DimensionId[] {
  return RUBRICS[type].dimensions.map((d) => d.id);
}
