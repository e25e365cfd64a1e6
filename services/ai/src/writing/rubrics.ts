import type { WritingType } from '@faraday/contracts';
import type { TextLang } from './text-segments.js';

/**
 * One rubric per writing type: the dimensions a teacher would grade, their weights (adding up
 * to 1) and the expectations the rules measure against. The same rubric is given to the model,
 * so rules and model grade the same things and their answers can be merged dimension by dimension.
 */
export type DimensionId =
  | 'synthesis'
  | 'critical'
  | 'structure'
  | 'citations'
  | 'language'
  | 'argument'
  | 'evidence'
  | 'contribution'
  | 'methodology'
  | 'completeness'
  | 'concision'
  | 'sections'
  | 'data'
  | 'analysis';

export interface DimensionInfo {
  name: Record<TextLang, string>;
  /** What the dimension judges, for the model's prompt and the API docs. */
  judges: string;
}

export const DIMENSIONS: Record<DimensionId, DimensionInfo> = {
  synthesis: {
    name: { en: 'Coverage and synthesis', zh: '覆盖与综合' },
    judges: 'sources are brought together and compared, not listed one by one',
  },
  critical: {
    name: { en: 'Critical evaluation', zh: '批判性评价' },
    judges: 'strengths, limitations, contradictions and gaps of the sources are discussed',
  },
  structure: {
    name: { en: 'Structure and organisation', zh: '结构与组织' },
    judges: 'sections and paragraphs with one idea each, linked by connectives',
  },
  citations: {
    name: { en: 'Citation practice', zh: '引用规范' },
    judges: 'claims are supported by in-text citations that match a reference list',
  },
  language: {
    name: { en: 'Academic language', zh: '学术语言' },
    judges: 'sentence length, formal register, claims hedged where evidence is limited',
  },
  argument: {
    name: { en: 'Argument and thesis', zh: '论点与论证' },
    judges: 'a clear thesis stated early and followed through to a conclusion',
  },
  evidence: {
    name: { en: 'Evidence and support', zh: '论据与支撑' },
    judges: 'claims backed by sources, data, equations or worked examples',
  },
  contribution: {
    name: { en: 'Research question and contribution', zh: '研究问题与贡献' },
    judges: 'the research question, aim and contribution are stated explicitly',
  },
  methodology: {
    name: { en: 'Methodology', zh: '研究方法' },
    judges: 'methods, models, experiments or simulations are described so they can be repeated',
  },
  completeness: {
    name: {
      en: 'Completeness (purpose, method, results, conclusion)',
      zh: '要素完整（目的、方法、结果、结论）',
    },
    judges: 'the four moves of an abstract are all present',
  },
  concision: {
    name: { en: 'Concision', zh: '简洁性' },
    judges: 'within the usual length, no long sentences or background padding',
  },
  sections: {
    name: { en: 'Required sections', zh: '必要部分' },
    judges: 'aim, method, results, discussion and conclusion are present',
  },
  data: {
    name: { en: 'Data, units and uncertainty', zh: '数据、单位与不确定度' },
    judges: 'measured values carry units and uncertainties',
  },
  analysis: {
    name: { en: 'Analysis and discussion', zh: '分析与讨论' },
    judges: 'results are compared with theory and deviations are explained',
  },
};

export interface Rubric {
  dimensions: { id: DimensionId; weight: number }[];
  /** In-text citations per 1000 words a good text of this type has at least. */
  citationsPer1000: number;
  /** Body paragraphs a complete text of this type has at least. */
  minParagraphs: number;
  /** Whether the type is expected to carry headings. */
  expectsHeadings: boolean;
}

export const RUBRICS: Record<WritingType, Rubric> = {
  literature_review: {
    dimensions: [
      { id: 'synthesis', weight: 0.25 },
      { id: 'critical', weight: 0.2 },
      { id: 'structure', weight: 0.2 },
      { id: 'citations', weight: 0.2 },
      { id: 'language', weight: 0.15 },
    ],
    citationsPer1000: 12,
    minParagraphs: 3,
    expectsHeadings: true,
  },
  course_paper: {
    dimensions: [
      { id: 'argument', weight: 0.25 },
      { id: 'evidence', weight: 0.2 },
      { id: 'structure', weight: 0.2 },
      { id: 'citations', weight: 0.15 },
      { id: 'language', weight: 0.2 },
    ],
    citationsPer1000: 5,
    minParagraphs: 4,
    expectsHeadings: true,
  },
  thesis: {
    dimensions: [
      { id: 'contribution', weight: 0.2 },
      { id: 'methodology', weight: 0.2 },
      { id: 'structure', weight: 0.2 },
      { id: 'citations', weight: 0.2 },
      { id: 'language', weight: 0.2 },
    ],
    citationsPer1000: 6,
    minParagraphs: 4,
    expectsHeadings: true,
  },
  abstract: {
    dimensions: [
      { id: 'completeness', weight: 0.35 },
      { id: 'concision', weight: 0.25 },
      { id: 'language', weight: 0.25 },
      { id: 'citations', weight: 0.15 },
    ],
    // An abstract stands alone: citations belong in the paper.
    citationsPer1000: 0,
    minParagraphs: 1,
    expectsHeadings: false,
  },
  lab_report: {
    dimensions: [
      { id: 'sections', weight: 0.25 },
      { id: 'data', weight: 0.25 },
      { id: 'analysis', weight: 0.25 },
      { id: 'language', weight: 0.25 },
    ],
    citationsPer1000: 0,
    minParagraphs: 4,
    expectsHeadings: true,
  },
};

/** More is expected of a doctoral student than of a first-year one. */
export function levelFactor(level: string): number {
  const value = level.toLowerCase();
  // Before "graduate": an undergraduate is not a graduate student.
  if (/undergrad|bachelor|本科/.test(value)) return 1;
  if (/phd|doctor|博士/.test(value)) return 1.25;
  if (/master|graduate|postgrad|硕士|研究生/.test(value)) return 1.1;
  if (/high|school|secondary|高中|中学/.test(value)) return 0.6;
  return 1;
}
