import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAi } from './support/ai-app.js';
import { buildTutoringAi, removeDir, tempDir } from './support/tutoring-app.js';
import {
  EN_ABSTRACT,
  EN_LITERATURE_REVIEW,
  TOO_SHORT,
  ZH_LAB_REPORT,
  ZH_LITERATURE_REVIEW,
} from './support/writing-samples.js';

/** Writing analysis in simulated mode: measured facts, rubric scores and pointed improvements. */

const ANALYZE = '/v1/writing/analyze';
let dir: string;
let t: TestAi;
beforeAll(async () => {
  dir = await tempDir();
  t = await buildTutoringAi(dir);
});
afterAll(async () => {
  await t.app.close();
  await removeDir(dir);
});

const analyze = (writing_type: string, content: string, lang = 'en', level = 'undergraduate') =>
  t.app.inject({
    method: 'POST',
    url: ANALYZE,
    payload: { writing_type, content, student_profile: { level, lang } },
  });

interface Dimension {
  id: string;
  weight: number;
  score: number;
}

function expectWeightedOverall(data: { overall_score: number; dimensions: Dimension[] }): void {
  const weights = data.dimensions.reduce((sum, d) => sum + d.weight, 0);
  expect(weights).toBeCloseTo(1, 10);
  const mean = data.dimensions.reduce((sum, d) => sum + d.weight * d.score, 0);
  expect(data.overall_score).toBe(Math.round(mean));
}

describe('POST /v1/writing/analyze (simulated mode)', () => {
  it('measures an English literature review as counted by hand', async () => {
    const res = await analyze('literature_review', EN_LITERATURE_REVIEW);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      writing_type: 'literature_review',
      lang: 'en',
      judged_by: 'rules',
      model: 'simulated',
    });
    expect(data.measurements).toMatchObject({
      word_count: 175,
      latin_words: 175,
      cjk_characters: 0,
      sentence_count: 10,
      paragraph_count: 4,
      avg_sentence_length: 17.5,
      long_sentences: 0,
      citation_count: 9,
      reference_entries: 4,
      headings: ['Introduction', 'Accuracy and stability', 'Use in teaching'],
    });
    expect(data.measurements.hedging).toMatchObject({ count: 3, terms: { suggests: 1, may: 1, might: 1 } });
    expect(data.measurements.connectives).toMatchObject({
      count: 6,
      distinct: 6,
      terms: { however: 1, 'in contrast': 1, therefore: 1, 'for example': 1, nevertheless: 1, overall: 1 },
    });
    expect(data.dimensions.map((d: Dimension) => d.id)).toEqual([
      'synthesis',
      'critical',
      'structure',
      'citations',
      'language',
    ]);
    expectWeightedOverall(data);
    // A well-cited, well-linked review scores high and is told why.
    expect(data.overall_score).toBeGreaterThanOrEqual(80);
    expect(data.strengths.join(' ')).toMatch(/9 in-text citations/);
  });

  it('measures a Chinese literature review: characters count as words, 。 ends sentences, 【1】 and （李明，2021） are citations', async () => {
    const data = (await analyze('literature_review', ZH_LITERATURE_REVIEW, 'zh-CN')).json().data;
    expect(data.lang).toBe('zh');
    expect(data.measurements).toMatchObject({
      cjk_characters: 209,
      latin_words: 11,
      word_count: 220,
      sentence_count: 7,
      paragraph_count: 3,
      avg_sentence_length: 31.4,
      citation_count: 5,
      reference_entries: 2,
      headings: ['一、引言', '二、研究现状', '三、总结'],
    });
    expect(data.measurements.hedging).toMatchObject({ count: 1, terms: { 可能: 1 } });
    expect(data.measurements.connectives).toMatchObject({
      count: 5,
      terms: { 然而: 1, 此外: 1, 相比之下: 1, 因此: 1, 总之: 1 },
    });
    expect(data.dimensions[0].name).toBe('覆盖与综合');
    expect(data.summary).toMatch(/^作为本科阶段的文献综述，总分 \d+\/100/);
    expectWeightedOverall(data);
  });

  it('writes the comments in the profile’s language but measures the text by its own', async () => {
    const data = (await analyze('literature_review', ZH_LITERATURE_REVIEW, 'en')).json().data;
    expect(data.lang).toBe('en');
    expect(data.dimensions[0].name).toBe('Coverage and synthesis');
    expect(data.measurements.cjk_characters).toBe(209);
    // Chinese sentence-length norms, English words.
    expect(data.dimensions.find((d: Dimension) => d.id === 'language').comment).toMatch(
      /\(15–50 reads well\)/,
    );
  });

  it('points a Chinese lab report’s improvements at the sentence and at what is missing', async () => {
    const data = (await analyze('lab_report', ZH_LAB_REPORT, 'zh')).json().data;
    expect(data.dimensions.map((d: Dimension) => d.id)).toEqual(['sections', 'data', 'analysis', 'language']);
    expect(data.measurements).toMatchObject({
      paragraph_count: 4,
      sentence_count: 6,
      headings: ['实验目的', '实验方法', '实验结果', '结论'],
    });
    const informal = data.improvements.find(
      (i: { dimension: string; target: { kind: string } }) => i.dimension === 'language',
    );
    expect(informal).toMatchObject({
      target: { kind: 'sentence', index: 6, excerpt: expect.stringContaining('我们觉得这个实验挺简单的') },
      issue: '用语过于口语化。',
    });
    const issues = data.improvements.map((i: { issue: string }) => i.issue).join(' ');
    expect(issues).toMatch(/缺少：讨论/);
    expect(issues).toMatch(/没有给出测量不确定度/);
    expect(issues).toMatch(/没有将结果与理论值比较/);
    // Improvements come in the order of their dimension's weight, capped at ten.
    expect(data.improvements.length).toBeLessThanOrEqual(10);
    expect(data.overall_score).toBeLessThan(75);
  });

  it('flags citations in an abstract, pointing at the paragraph', async () => {
    const data = (await analyze('abstract', EN_ABSTRACT)).json().data;
    expect(data.measurements).toMatchObject({
      word_count: 100,
      sentence_count: 4,
      paragraph_count: 1,
      citation_count: 1,
    });
    const citations = data.dimensions.find((d: Dimension) => d.id === 'citations');
    expect(citations.score).toBe(80);
    expect(data.improvements).toContainEqual(
      expect.objectContaining({
        dimension: 'citations',
        target: {
          kind: 'paragraph',
          index: 1,
          excerpt: expect.stringMatching(/^We investigate how the grid/),
        },
      }),
    );
    expect(data.dimensions.find((d: Dimension) => d.id === 'completeness').score).toBe(100);
  });

  it('expects more of a doctoral student than of an undergraduate', async () => {
    const text = EN_LITERATURE_REVIEW.replace(/\[\d(, \d)?\]/g, '');
    const undergraduate = (await analyze('literature_review', text, 'en', 'undergraduate')).json().data;
    const doctoral = (await analyze('literature_review', text, 'en', 'phd')).json().data;
    const score = (d: { dimensions: Dimension[] }) => d.dimensions.find((x) => x.id === 'citations')!.score;
    expect(score(doctoral)).toBeLessThan(score(undergraduate));
  });

  it('refuses text under 50 characters with 400 naming content', async () => {
    for (const text of ['   \n ', TOO_SHORT, '本文研究了螺线管的磁场分布规律。']) {
      const res = await analyze('course_paper', text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details).toMatch(/content/);
    }
  });

  it('analyses a 40-word abstract and says which measures it is too short for', async () => {
    const abstract =
      'We measure the magnetic field inside a short solenoid with a Hall probe and compare it with ' +
      'the finite-solenoid formula. The measured centre field agrees within two percent, and the ' +
      'field falls to half its value at each end, as theory predicts.';
    expect(abstract.split(/\s+/).length).toBeLessThan(50);
    const res = await analyze('abstract', abstract);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.overall_score).toEqual(expect.any(Number));
    expect(data.notes).toEqual([expect.stringMatching(/fewer than 50/)]);
    const zh = await analyze(
      'abstract',
      '本文用霍尔探头测量短螺线管内部的磁场，并与有限长螺线管公式比较。中心磁场的测量值与理论值相差不到百分之二，两端磁场约为中心的一半。',
      'zh',
    );
    expect(zh.statusCode).toBe(200);
    expect(zh.json().data.notes).toEqual([expect.stringMatching(/少于 100/)]);
    const long = await analyze('abstract', EN_ABSTRACT);
    expect(long.json().data.notes).toEqual([]);
  });

  it('refuses an unknown writing type', async () => {
    const res = await analyze('poem', EN_ABSTRACT);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatch(/writing_type/);
  });
});
